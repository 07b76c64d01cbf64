import type { EntityManager } from 'typeorm';
import { MAX_WINDOW_DAYS } from '../../read-cache/read-cache.store';
import { EventDayCountEntity } from '../entities/event-day-count.entity';
import type { EventListFilter } from './event-list.repository';
import type { Visibility } from '../../access/visibility';
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
  /** The stored statuses whose day counts are summed. */
  readonly statuses: readonly string[];
  /**
   * Whether the scheduled events still to come are taken off the sum: the list shows `publish`
   * (with the scheduled events whose date has passed) but not `future`, and the day counts do
   * not know which scheduled events' dates have passed.
   */
  readonly lessPending: boolean;
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

/** The most answers {@link daysBetween} keeps (it starts over when full). */
const KEPT_DAY_LISTS = 64;
const dayLists = new Map<string, readonly string[] | undefined>();

/**
 * The UTC days (`YYYY-MM-DD`) from `from`'s to the day before `to`'s; undefined when there are
 * more than `most` (a window of years is not walked day by day). The same windows come back
 * request after request (the default one, a month's), so the answers are kept and shared:
 * making the two years of a default window's days anew took 4% of the service's time with 2%
 * writes at 1M.
 */
export function daysBetween(
  from: Date,
  to: Date,
  most = Number.POSITIVE_INFINITY,
): readonly string[] | undefined {
  const first = Math.floor(from.getTime() / DAY_MS);
  const end = Math.floor(to.getTime() / DAY_MS);
  const key = `${first} ${end} ${most}`;
  if (dayLists.has(key)) return dayLists.get(key);
  let days: string[] | undefined = [];
  for (let day = first; day < end; day++) {
    if (days.length === most) {
      days = undefined;
      break;
    }
    days.push(utcDay(new Date(day * DAY_MS)));
  }
  if (dayLists.size >= KEPT_DAY_LISTS) dayLists.clear();
  const kept = days && Object.freeze(days);
  dayLists.set(key, kept);
  return kept;
}

/**
 * The stored statuses whose day counts add up to the events of `visibility`, and whether the
 * scheduled events still to come are taken off; undefined when day counts cannot say: a list
 * with the viewer's own drafts (an author's: its other part has no author in its key), or with
 * `future` but not `publish` (the scheduled events whose date has passed are left out, and no
 * day count tells them apart).
 */
function countedStatuses(
  visibility: Visibility,
): { statuses: readonly string[]; lessPending: boolean } | undefined {
  const { statuses, own } = visibility;
  if (own !== undefined && own.statuses.size > 0) return undefined;
  if (statuses.size === 0) return undefined;
  const published = statuses.has('publish');
  if (statuses.has('future') && !published) return undefined;
  const counted = new Set<string>(statuses);
  if (published) counted.add('future');
  return { statuses: [...counted].sort(), lessPending: published && !statuses.has('future') };
}

/**
 * The plan for `filter`'s total, or null when the day counts cannot give it exactly and the
 * rows are counted: a list whose statuses the day counts add up to (`countedStatuses`: public
 * lists, and editors' of any statuses with `publish` or without `future`), a start and end
 * bound at least two days apart, at most one category or tag, and `featured` qualify; search,
 * venue, organizer, geo, `include`, `post_parent`, the relative bounds and the first occurrences
 * of series (`hide_subsequent_recurrences`) are counted.
 */
export function windowPlan(filter: EventListFilter): WindowPlan | null {
  const { startFrom, endUntil } = filter;
  const counted = countedStatuses(filter.visibility);
  if (!counted || !startFrom || !endUntil) return null;
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
    statuses: counted.statuses,
    lessPending: counted.lessPending,
    innerFrom,
    lastFrom,
  };
}

/**
 * An author's or contributor's list (everyone's published events and their own of other
 * statuses) cut in two parts that add up to its total: `others`, the list of everyone's
 * published events, whose total the day counts give (and the read cache keeps, as a public
 * list's), absent when the viewer asked for none; and `mine`, the viewer's own events of the
 * other statuses, which `idx_events_author` counts (`EventListRepository.countOwn`). The parts
 * do not overlap: a published event is never in `mine`, and a scheduled one is in `mine` only
 * while its date is still to come, when `others` leaves it out. Undefined for any other list,
 * or when the rest of the filter is not one the day counts answer (`windowPlan`).
 */
export function ownSplit(
  filter: EventListFilter,
): { others?: EventListFilter; mine: EventListFilter } | undefined {
  const { statuses, own } = filter.visibility;
  // Published events of the viewer's own would be in both parts.
  if (own === undefined || own.statuses.size === 0 || own.statuses.has('publish')) {
    return undefined;
  }
  const published: EventListFilter = { ...filter, visibility: { statuses: new Set(['publish']) } };
  if (windowPlan(published) === null) return undefined;
  return {
    ...(statuses.size > 0 ? { others: { ...filter, visibility: { statuses } } } : {}),
    mine: { ...filter, visibility: { statuses: new Set(), own } },
  };
}

/**
 * The scheduled events of `filter`'s window whose date is still to come: counted in the day
 * counts of `plan`'s whole days, not yet in a list of published events.
 */
export function pendingOf(filter: EventListFilter, plan: WindowPlan): EventListFilter {
  return {
    ...filter,
    visibility: { statuses: new Set(['future']) },
    startFrom: plan.innerFrom,
    startsBefore: plan.lastFrom,
    endsBefore: plan.lastFrom,
  };
}

/** The most blocks of `MAX_WINDOW_DAYS` days a window total's whole days are kept in. */
const MAX_DAY_BLOCKS = 12;

/** What the day counts of some whole days of a window add up to (see {@link sumWholeDays}). */
export interface DaySums {
  /** The events that end before the window's last day. */
  readonly summed: number | string;
  /** How many start days the events that end on the last day have. */
  readonly endingDays: number | string;
  /** Those start days, comma-separated. */
  readonly ending: string | null;
}

/** The sums of consecutive blocks of days as one (their start days do not overlap). */
function addSums(blocks: readonly (DaySums | undefined)[]): DaySums {
  const ending = blocks.flatMap((block) => (block?.ending ? [block.ending] : []));
  return {
    summed: blocks.reduce((sum, block) => sum + Number(block?.summed ?? 0), 0),
    endingDays: blocks.reduce((sum, block) => sum + Number(block?.endingDays ?? 0), 0),
    ending: ending.length > 0 ? ending.join(',') : null,
  };
}

/**
 * The day counts of `plan`'s whole days (from `innerFrom` to the day before `lastFrom`): the
 * events that end before the last day, and the start days of those that end on it. Summed in
 * blocks of up to MAX_WINDOW_DAYS days, each through `keep` (the read cache, under its days'
 * keys), so a write recounts the block of its day: a twelfth of the default window's two
 * years, whose single sum read 4,200 rows at 1M (11-18 ms of MariaDB) at every write in the
 * window. The blocks are read one after the other (a cold total holds one pool connection for
 * them); a window of more than MAX_DAY_BLOCKS blocks is summed at once, every time.
 */
export async function sumWholeDays(
  manager: EntityManager,
  plan: WindowPlan,
  keep: (
    what: string,
    days: readonly string[],
    compute: () => Promise<DaySums | undefined>,
  ) => Promise<DaySums | undefined>,
): Promise<DaySums> {
  const lastDay = utcDay(plan.lastFrom);
  // Added up by the database in one pass over the rows (one per start and end day, featured
  // flag and status): an aggregate without GROUP BY, so no temporary table. Reading the 6,700
  // rows of the default window at 1M events into Node instead took 9 ms of a cold read's 20.
  const endsLastDay = `CASE WHEN d.endDay = :lastDay AND d.events > 0 THEN d.startDay END`;
  const sumOf = (firstDay: string, finalDay: string): Promise<DaySums | undefined> =>
    manager
      .createQueryBuilder()
      .from(EventDayCountEntity, 'd')
      .select('COALESCE(SUM(CASE WHEN d.endDay < :lastDay THEN d.events ELSE 0 END), 0)', 'summed')
      .addSelect(`COUNT(DISTINCT ${endsLastDay})`, 'endingDays')
      .addSelect(`GROUP_CONCAT(DISTINCT ${endsLastDay})`, 'ending')
      .where('d.termId = :termId', { termId: plan.termId })
      .andWhere('d.featured IN (:...featured)', { featured: plan.featured.map(Number) })
      .andWhere('d.status IN (:...statuses)', { statuses: [...plan.statuses] })
      .andWhere('d.startDay >= :firstDay', { firstDay })
      .andWhere('d.startDay <= :finalDay', { finalDay })
      .andWhere('d.endDay <= :lastDay', { lastDay })
      .getRawOne<DaySums>();
  const days = daysBetween(plan.innerFrom, plan.lastFrom, MAX_WINDOW_DAYS * MAX_DAY_BLOCKS);
  if (days === undefined) {
    return addSums([await sumOf(utcDay(plan.innerFrom), utcDay(dayStart(plan.lastFrom, -1)))]);
  }
  const sums: (DaySums | undefined)[] = [];
  for (const block of blocksOf(days)) {
    const firstDay = block[0] ?? lastDay;
    const finalDay = block[block.length - 1] ?? lastDay;
    sums.push(await keep(`day counts from ${firstDay}`, block, () => sumOf(firstDay, finalDay)));
  }
  return addSums(sums);
}

/** One start day's rows in the day counts: `[day, events that end before the window's last
 * day, whether any ends on it]`. */
export type DayStarts = [day: string, events: number, endsLastDay: boolean];

/**
 * The whole days of `plan` in the blocks of {@link sumWholeDays}, in order; undefined for a
 * window of more than MAX_DAY_BLOCKS blocks.
 */
export function dayBlocks(plan: WindowPlan): readonly (readonly string[])[] | undefined {
  const days = daysBetween(plan.innerFrom, plan.lastFrom, MAX_WINDOW_DAYS * MAX_DAY_BLOCKS);
  return days === undefined ? undefined : blocksOf(days);
}

/** `plan`'s day counts per start day over `block` (one of {@link dayBlocks}), in day order. */
export async function startsInBlock(
  manager: EntityManager,
  plan: WindowPlan,
  block: readonly string[],
): Promise<DayStarts[]> {
  const lastDay = utcDay(plan.lastFrom);
  const rows = await manager
    .createQueryBuilder()
    .from(EventDayCountEntity, 'd')
    .select('d.startDay', 'day')
    .addSelect('COALESCE(SUM(CASE WHEN d.endDay < :lastDay THEN d.events ELSE 0 END), 0)', 'events')
    .addSelect('MAX(CASE WHEN d.endDay = :lastDay AND d.events > 0 THEN 1 ELSE 0 END)', 'ending')
    .where('d.termId = :termId', { termId: plan.termId })
    .andWhere('d.featured IN (:...featured)', { featured: plan.featured.map(Number) })
    .andWhere('d.status IN (:...statuses)', { statuses: [...plan.statuses] })
    .andWhere('d.startDay >= :firstDay', { firstDay: block[0] ?? lastDay })
    .andWhere('d.startDay <= :finalDay', { finalDay: block[block.length - 1] ?? lastDay })
    .andWhere('d.endDay <= :lastDay', { lastDay })
    .groupBy('d.startDay')
    .orderBy('d.startDay', 'ASC')
    .getRawMany<{ day: string; events: number | string; ending: number | string }>();
  return rows.map((row) => [row.day, Number(row.events), Number(row.ending) === 1]);
}

/** `days` (an answer of {@link daysBetween}, kept) cut into blocks of MAX_WINDOW_DAYS. */
const blocksByDays = new WeakMap<readonly string[], readonly (readonly string[])[]>();

function blocksOf(days: readonly string[]): readonly (readonly string[])[] {
  let blocks = blocksByDays.get(days);
  if (blocks === undefined) {
    const cut: (readonly string[])[] = [];
    for (let at = 0; at < days.length; at += MAX_WINDOW_DAYS) {
      cut.push(Object.freeze(days.slice(at, at + MAX_WINDOW_DAYS)));
    }
    blocks = Object.freeze(cut);
    blocksByDays.set(days, blocks);
  }
  return blocks;
}
