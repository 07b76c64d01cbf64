import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IntegerParam } from '../validation/decorators';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './paging';

/** The largest `page`: its first item's offset stays an exact integer at any page size. */
export const MAX_PAGE = Math.floor(Number.MAX_SAFE_INTEGER / MAX_PER_PAGE);

/** `page`: from 1, default 1. */
export function PageParam(): PropertyDecorator {
  return applyDecorators(IntegerParam(1, MAX_PAGE), ApiPropertyOptional({ default: 1 }));
}

/** `per_page`: default 10, at most 50; a larger value is clamped to 50, as TEC does. */
export function PerPageParam(): PropertyDecorator {
  return applyDecorators(
    IntegerParam(1),
    ApiPropertyOptional({ default: DEFAULT_PER_PAGE, maximum: MAX_PER_PAGE }),
  );
}
