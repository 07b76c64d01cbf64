import { EntityManager, QueryRunner } from 'typeorm';

/** What an event reaches, which a write of it may change: searches, venue and organizer lists. */
export interface EventReach {
  readonly searchPrefixes: Iterable<string>;
  readonly venues: Iterable<number>;
  readonly organizers: Iterable<number>;
}

/**
 * What one unit of work changed of what reads show, as its writes note it: the one typed record
 * a unit carries (on its query runner) for the read cache's listener
 * (read-cache/listing-version.subscriber.ts), which turns it into the keys the commit ends.
 * Made fresh by the unit of work for each unit (SQLite hands every unit the same query runner).
 */
export class UnitChanges {
  /**
   * The unit changes no item a list or read shows: the dispatchers' and the change log's own
   * bookkeeping. The read cache's listing version does not move for it, so background work
   * never empties the cache. Set from `UnitOptions.leavesListings` as the unit starts.
   */
  leavesListings = false;
  /**
   * Every write of the unit is hidden from anonymous callers: an event that is a draft, pending,
   * private or in the trash before and after it, with nothing created beside it. The read
   * cache, which keeps anonymous answers only, keeps them through its commit.
   */
  unseenByPublic = false;
  /**
   * The one event whose own write (not a series', nothing created beside it) is every write of
   * the unit that anonymous callers may see: what it changes of a list filtered by terms, it
   * changes through the terms the event was or is filed under (`filedTerms`), so the read
   * cache keeps such lists filed under none of them, and ends this event's own single reads.
   * Undefined: the unit may have changed anything.
   */
  narrowedTo: number | undefined = undefined;
  /**
   * The terms the events the unit wrote were filed under before or after its writes, with the
   * categories above them, as the listing rows are refreshed.
   */
  readonly filedTerms = new Set<number>();
  /**
   * The earliest listing position (start instant, ms) the unit's event writes changed in
   * anonymous lists: the earliest start, before or after, of the events counted in day counts
   * (only those are listed); +Infinity when none was. Undefined when no write said: the read
   * cache then takes it as anywhere.
   */
  listingFrom: number | undefined = undefined;
  /**
   * The UTC days (`YYYY-MM-DD`) the unit's listed events started on before its writes and start
   * on after them: the dated lists they can change (read-cache `dayKey`).
   */
  readonly listingDays = new Set<string>();
  /**
   * The beginnings (three letters, folded) of the words of the narrowed event's text before and
   * after the unit's writes: the searches they can change (`events/search/search-keys.ts`).
   */
  readonly searchPrefixes = new Set<string>();
  /** The venue of the narrowed event before and after the unit's writes: the lists by venue it can change. */
  readonly venues = new Set<number>();
  /** The organizers of the narrowed event before and after the unit's writes. */
  readonly organizers = new Set<number>();
  /** An event the unit wrote was or is scheduled (counted in the day counts as `future`). */
  wroteScheduled = false;
  /**
   * Work a listener (the read cache's) runs once the unit has ended, however it ended: after a
   * commit whose outcome is unknown no commit or rollback event is sent.
   */
  afterUnit: (() => Promise<void>) | undefined = undefined;

  /** Adds what an event reaches before or after the unit's writes (`searchPrefixes`, `venues`, `organizers`). */
  addReach(reach: EventReach): void {
    for (const prefix of reach.searchPrefixes) this.searchPrefixes.add(prefix);
    for (const id of reach.venues) this.venues.add(id);
    for (const id of reach.organizers) this.organizers.add(id);
  }
}

/** Where a unit's record lives in its query runner's data. */
const CHANGES = 'calendar:unitChanges';

/** `runner`'s record of what its unit changed, made empty when it has none yet. */
export function changesOf(runner: QueryRunner): UnitChanges {
  const held: unknown = runner.data[CHANGES];
  if (held instanceof UnitChanges) return held;
  const changes = new UnitChanges();
  runner.data[CHANGES] = changes;
  return changes;
}

/** Starts `runner`'s unit with a fresh record (the unit of work, as a unit begins). */
export function beginChanges(runner: QueryRunner, leavesListings: boolean): UnitChanges {
  const changes = new UnitChanges();
  changes.leavesListings = leavesListings;
  runner.data[CHANGES] = changes;
  return changes;
}

/** Takes `runner`'s record off it as its unit ends; undefined when it had none. */
export function endChanges(runner: QueryRunner): UnitChanges | undefined {
  const held: unknown = runner.data[CHANGES];
  delete runner.data[CHANGES];
  return held instanceof UnitChanges ? held : undefined;
}

/** The record of the unit `manager` runs in, if it runs in one. */
function changesIn(manager: EntityManager): UnitChanges | undefined {
  return manager.queryRunner ? changesOf(manager.queryRunner) : undefined;
}

/** Notes, in the unit `manager` runs, terms its events were or are filed under. */
export function noteFiledTerms(manager: EntityManager, termIds: Iterable<number>): void {
  const changes = changesIn(manager);
  if (changes) for (const id of termIds) changes.filedTerms.add(id);
}

/** Notes, in the unit `manager` runs, listing positions its writes changed. */
export function noteListingFrom(manager: EntityManager, positions: Iterable<number>): void {
  const changes = changesIn(manager);
  if (!changes) return;
  let from = changes.listingFrom ?? Infinity;
  for (const position of positions) from = Math.min(from, position);
  changes.listingFrom = from;
}

/** Notes, in the unit `manager` runs, the UTC days its listed events start or started on. */
export function noteListingDays(manager: EntityManager, days: Iterable<string>): void {
  const changes = changesIn(manager);
  if (changes) for (const day of days) changes.listingDays.add(day);
}

/** Notes, in the unit `manager` runs, that it wrote a scheduled event. */
export function noteScheduledWrite(manager: EntityManager): void {
  const changes = changesIn(manager);
  if (changes) changes.wroteScheduled = true;
}
