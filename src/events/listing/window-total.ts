import type { EventListFilter } from './event-list.repository';
import { SERIES_TERM } from './day-counts';

const DAY_MS = 86_400_000;

/**
 * How an event list's total is read from `event_day_counts` instead of counted row by row:
 * the whole UTC days strictly inside the window (`innerFrom` to `lastFrom`) come from the day
 * counts, the first and the last day from exact counts on the listing index.
 */
export interface WindowPlan {
  /** 0 for all events, the one category or tag filtered on, or `SERIES_TERM` for occurrences. */
  readonly termId: number;
  /** The `featured` values counted. */
  readonly featured: readonly boolean[];
  /** 00:00 UTC of the first whole day inside the window. */
  readonly innerFrom: Date;
  /** 00:00 UTC of the window's last day (the end of the whole days). */
  readonly lastFrom: Date;
}

/** `instant`'s UTC day, `YYYY-MM-DD`, as `event_day_counts` keys it. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** 00:00 UTC of `instant`'s day, plus `days`. */
export function dayStart(instant: Date, days = 0): Date {
  return new Date(Math.floor(instant.getTime() / DAY_MS) * DAY_MS + days * DAY_MS);
}

/**
 * The UTC days (`YYYY-MM-DD`) from `from`'s to the day before `to`'s; undefined when there are
 * more than `most` (a window of years is not walked day by day).
 */
export function daysBetween(
  from: Date,
  to: Date,
  most = Number.POSITIVE_INFINITY,
): string[] | undefined {
  const days: string[] = [];
  for (let day = dayStart(from); day < dayStart(to); day = dayStart(day, 1)) {
    if (days.length === most) return undefined;
    days.push(utcDay(day));
  }
  return days;
}

/**
 * The plan for `filter`'s total, or null when the day counts cannot give it exactly and the
 * rows are counted: only a public list (published events, nobody's drafts), a start and end
 * bound at least two days apart, at most one category or tag, and `featured` qualify; search,
 * venue, organizer, geo, `include`, `post_parent`, the relative bounds and the first occurrences
 * of series (`hide_subsequent_recurrences`) are counted.
 */
export function windowPlan(filter: EventListFilter): WindowPlan | null {
  const { visibility, startFrom, endUntil } = filter;
  const publicOnly =
    visibility.statuses.size === 1 &&
    visibility.statuses.has('publish') &&
    (visibility.own === undefined || visibility.own.statuses.size === 0);
  if (!publicOnly || !startFrom || !endUntil) return null;
  const other = [
    filter.startsBefore,
    filter.startsAfter,
    filter.endsBefore,
    filter.endsAfter,
    filter.endsFrom,
    filter.include,
    filter.postParent,
    filter.search,
    filter.venueIds,
    filter.organizerIds,
    filter.geoloc,
    filter.nearVenueIds,
    filter.modifiedAfter,
    filter.modifiedBefore,
    filter.firstOfSeries || undefined,
  ];
  if (other.some((value) => value !== undefined)) return null;
  const termFilters = [filter.categoryIds, filter.tagIds].filter((ids) => ids !== undefined);
  if (termFilters.length > 1 || termFilters.some((ids) => ids.length !== 1)) return null;
  // Occurrences of series are counted under a key of their own, not with a term's.
  if (filter.seriesOnly && termFilters.length > 0) return null;
  const innerFrom = dayStart(startFrom, 1);
  const lastFrom = dayStart(endUntil);
  if (lastFrom.getTime() <= innerFrom.getTime()) return null;
  return {
    termId: filter.seriesOnly ? SERIES_TERM : (termFilters[0]?.[0] ?? 0),
    featured: filter.featured === undefined ? [false, true] : [filter.featured],
    innerFrom,
    lastFrom,
  };
}
