export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 50;

/** iCalendar feeds: calendar apps read one URL, so a feed's page is larger by default. */
export const FEED_DEFAULT_PER_PAGE = 50;
export const FEED_MAX_PER_PAGE = 200;

/** A list's page size when `per_page` is absent, and the largest it clamps `per_page` to. */
export interface PageSizes {
  readonly perPage: number;
  readonly maxPerPage: number;
}

/** Every list's sizes: 10 a page by default, at most 50. */
export const LIST_SIZES: PageSizes = { perPage: DEFAULT_PER_PAGE, maxPerPage: MAX_PER_PAGE };

/** iCalendar feeds' sizes: 50 events a page by default, at most 200. */
export const FEED_SIZES: PageSizes = {
  perPage: FEED_DEFAULT_PER_PAGE,
  maxPerPage: FEED_MAX_PER_PAGE,
};

/** `ceil(total / perPage)`, 0 for an empty list. */
export function totalPages(total: number, perPage: number): number {
  return total === 0 ? 0 : Math.ceil(total / perPage);
}
