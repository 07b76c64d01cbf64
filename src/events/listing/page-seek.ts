import type { EntityManager } from 'typeorm';
import type { EventListFilter, TotalParts } from './event-list.repository';
import { dayBlocks, dayStart, pendingOf, startsInBlock, utcDay, windowPlan } from './window-total';

/** The least offset at which a page is sought through the day counts (`seekStart`). */
export const SEEK_FROM = 200;

/** The reads of the list repository a seek needs. */
export interface SeekReads {
  readonly manager: EntityManager;
  /** How many rows of a filter there are, on the index that drives its list. */
  readonly countRows: (filter: EventListFilter) => Promise<number>;
  /** How many rows of a filter start on each UTC day (`[day, rows]`). */
  readonly startsPerDay: (filter: EventListFilter) => Promise<[string, number][]>;
}

/**
 * Where a page at `offset` of `filter` (a public list in start order that `windowPlan` counts
 * over all events) can start reading instead of skipping `offset` rows on the listing index:
 * the start of a UTC day `from`, and how many of the list's rows start before it (`before`),
 * from the window's first day counted exactly and the day counts of the whole days up to
 * `from`, less their scheduled events still to come. Days are passed only while every row
 * they hold ends before the window's last day (rows that end on it are counted only from
 * their exact end). Undefined when no whole day can be passed.
 */
export async function seekStart(
  filter: EventListFilter,
  offset: number,
  parts: TotalParts,
  reads: SeekReads,
): Promise<{ from: Date; before: number } | undefined> {
  const plan = windowPlan(filter);
  if (!plan || plan.termId !== 0 || filter.firstOfSeries || filter.byModified) return undefined;
  const firstPart: EventListFilter = { ...filter, startsBefore: plan.innerFrom };
  // The same part, under the same key and day, as the total's (`countWindow`).
  const first = await parts.days(
    firstPart,
    'first day',
    [utcDay(firstPart.startFrom ?? plan.innerFrom)],
    () => reads.countRows(firstPart),
  );
  if (first > offset) return undefined;
  const blocks = dayBlocks(plan);
  if (!blocks) return undefined;
  const pending = new Map(
    plan.lessPending
      ? await parts.pending(filter, 'days', () => reads.startsPerDay(pendingOf(filter, plan)))
      : [],
  );
  let before = first;
  let from = plan.innerFrom;
  // Block by block, each kept as the total's are, until the page's day is found.
  passing: for (const block of blocks) {
    const starts = await parts.days(filter, `starts from ${block[0] ?? ''}`, block, () =>
      startsInBlock(reads.manager, plan, block),
    );
    for (const [day, events, endsLastDay] of starts) {
      const listed = events - (pending.get(day) ?? 0);
      if (endsLastDay || before + listed > offset) break passing;
      before += listed;
      from = dayStart(new Date(`${day}T00:00:00.000Z`), 1);
    }
  }
  return from.getTime() > plan.innerFrom.getTime() ? { from, before } : undefined;
}
