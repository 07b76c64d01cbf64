import {
  addKeys,
  type CountedEvent,
  type DayKey,
  dayKeys,
} from '../../src/events/listing/day-counts';
import { toSqlDateTime } from '../../src/database/sql-values';
import { createLinkChooser, type LinkTargets } from './seed-catalog';
import {
  createRandom,
  EVENT_COLUMNS,
  EVENT_ORGANIZER_COLUMNS,
  EVENT_TERM_COLUMNS,
  EVENT_TERM_LISTING_COLUMNS,
  eventOrganizerRows,
  eventRow,
  eventTermListingRows,
  eventTermRows,
  filedTerms,
  generateEvents,
  type SeedEvent,
  type SqlValue,
  TRANSLATION_COLUMNS,
  translationRows,
} from './seed-data';

/**
 * The events stage of `npm run seed` as batches of rows ready to insert. Everything here is plain
 * data, so the batches can be made in a worker thread (`event-worker.ts`) while the database
 * writes the ones before: on SQLite, whose driver runs on the event loop, making them took a
 * third of a run.
 */

/** The rows of one table, their values one row after another in `columns` order. */
export interface TableRows {
  readonly table: string;
  readonly columns: readonly string[];
  readonly values: readonly SqlValue[];
}

/** How many rows `rows` holds. */
export function rowCount(rows: TableRows): number {
  return rows.values.length / rows.columns.length;
}

/** What the event batches are made from: all of it structured-cloneable. */
export interface EventBatchPlan {
  /** Where the run's PRNG stands once the venues and organizers are made. */
  readonly randomState: number;
  readonly now: Date;
  /** Share of events (0 to 1) that are occurrences of recurring series. */
  readonly seriesShare: number;
  readonly targets: LinkTargets;
  /** Every term's parent id (0 at the top), for the listing rows. */
  readonly termParents: ReadonlyMap<number, number>;
}

/** `count` events with ids from `first` on, as rows, and what they add to the counts. */
export interface EventBatch {
  readonly first: number;
  readonly count: number;
  readonly tables: readonly TableRows[];
  /** Published events per term id. */
  readonly published: ReadonlyMap<number, number>;
  /** Events per day-count key. */
  readonly dayDeltas: ReadonlyMap<DayKey, number>;
  readonly withVenue: number;
  readonly withOrganizers: number;
}

/** Where a seeded event counts in `event_day_counts`. */
export function countedEvent(event: SeedEvent): CountedEvent {
  return {
    hidden: event.hideFromListings,
    inSeries: event.seriesId !== null,
    status: event.status,
    featured: event.featured,
    startDay: toSqlDateTime(event.startUtc).slice(0, 10),
    endDay: toSqlDateTime(event.endUtc).slice(0, 10),
  };
}

/** Appends each row of `rows` to `values`. */
function append(values: SqlValue[], rows: readonly (readonly SqlValue[])[]): void {
  for (const row of rows) for (const value of row) values.push(value);
}

/**
 * Makes the event batches of a run in order: the k-th call draws the k-th stretch of the PRNG,
 * so a run with the same seed and the same ids makes the same events.
 */
export function createEventBatcher(
  plan: EventBatchPlan,
): (first: number, count: number) => EventBatch {
  const random = createRandom(plan.randomState);
  const chooseLinks = createLinkChooser(plan.targets);
  const parents = plan.termParents;
  return (first, count) => {
    const events = generateEvents(random, first, count, plan.now, chooseLinks, plan.seriesShare);
    const eventValues: SqlValue[] = [];
    const translations: SqlValue[] = [];
    const organizers: SqlValue[] = [];
    const terms: SqlValue[] = [];
    const listing: SqlValue[] = [];
    const published = new Map<number, number>();
    const dayDeltas = new Map<DayKey, number>();
    let withVenue = 0;
    let withOrganizers = 0;
    for (const event of events) {
      for (const value of eventRow(event)) eventValues.push(value);
      append(translations, translationRows(event));
      append(organizers, eventOrganizerRows(event));
      append(terms, eventTermRows(event));
      // The terms it is filed under make its listing rows and its day-count keys.
      const filed = filedTerms(event, parents);
      append(listing, eventTermListingRows(event, parents, filed));
      if (event.status === 'publish') {
        for (const termId of event.termIds) published.set(termId, (published.get(termId) ?? 0) + 1);
      }
      addKeys(dayDeltas, dayKeys(countedEvent(event), filed), 1);
      if (event.venueId !== null) withVenue++;
      if (event.organizerIds.length > 0) withOrganizers++;
    }
    return {
      first,
      count,
      tables: [
        { table: 'events', columns: EVENT_COLUMNS, values: eventValues },
        { table: 'event_translations', columns: TRANSLATION_COLUMNS, values: translations },
        { table: 'event_organizers', columns: EVENT_ORGANIZER_COLUMNS, values: organizers },
        { table: 'event_terms', columns: EVENT_TERM_COLUMNS, values: terms },
        { table: 'event_term_listing', columns: EVENT_TERM_LISTING_COLUMNS, values: listing },
      ],
      published,
      dayDeltas,
      withVenue,
      withOrganizers,
    };
  };
}
