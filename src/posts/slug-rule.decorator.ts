import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { SlugRule } from './unique-slug';

/**
 * The slug rule of a create, from its `If-None-Match` header: `*` asks for a new item only, so
 * the create takes its slug exactly or is refused with 412 (`exact`); without it, or with entity
 * tags (which name no version of a collection, so never match), the first free slug (`next-free`).
 */
export function slugRuleOf(header: string | undefined): SlugRule {
  return header?.trim() === '*' ? 'exact' : 'next-free';
}

/** The create's {@link SlugRule}, read from `If-None-Match`. */
export const CreateSlugRule = createParamDecorator(
  (_data: unknown, context: ExecutionContext): SlugRule =>
    slugRuleOf(context.switchToHttp().getRequest<Request>().header('if-none-match')),
);
