import { Injectable, PipeTransform } from '@nestjs/common';
import { asRecord, toInteger } from '../validation/convert';

export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 50;

/** iCalendar feeds: calendar apps read one URL, so a feed's page is larger by default. */
export const FEED_DEFAULT_PER_PAGE = 50;
export const FEED_MAX_PER_PAGE = 200;

/** Which page of a list to return. */
export interface Paging {
  readonly page: number;
  readonly perPage: number;
}

/** `page` from 1, and `per_page` (`perPage` when absent) clamped to `maxPerPage`. */
function pagingOf(query: unknown, perPage: number, maxPerPage: number): Paging {
  const source = asRecord(query);
  return {
    page: positive(source['page'], 1),
    perPage: Math.min(positive(source['per_page'], perPage), maxPerPage),
  };
}

function positive(value: unknown, fallback: number): number {
  const number = toInteger(value);
  return typeof number === 'number' && Number.isInteger(number) && number >= 1 ? number : fallback;
}

/**
 * Reads `page` and `per_page` from the query: defaults 1 and 10, `per_page` clamped to 50.
 * Bad values are the query DTO's to report; this pipe never throws.
 */
@Injectable()
export class PagingPipe implements PipeTransform<unknown, Paging> {
  transform(query: unknown): Paging {
    return pagingOf(query, DEFAULT_PER_PAGE, MAX_PER_PAGE);
  }
}

/** `ceil(total / perPage)`, 0 for an empty list. */
export function totalPages(total: number, perPage: number): number {
  return total === 0 ? 0 : Math.ceil(total / perPage);
}

/** {@link PagingPipe} for iCalendar feeds: 50 events a page by default, at most 200. */
@Injectable()
export class FeedPagingPipe implements PipeTransform<unknown, Paging> {
  transform(query: unknown): Paging {
    return pagingOf(query, FEED_DEFAULT_PER_PAGE, FEED_MAX_PER_PAGE);
  }
}
