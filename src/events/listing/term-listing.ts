import { EntityManager } from 'typeorm';
import { ancestorIds, subtreeIds } from '../../terms/term-catalog';
import {
  noteFiledTerms,
  noteListingDays,
  noteListingFrom,
  noteScheduledWrite,
} from '../../database/unit-changes';
import {
  addKeys,
  applyDayDeltas,
  chunksOf,
  COUNTED_COLUMNS_SQL,
  countedEventOf,
  CountedRow,
  DayKey,
  dayKeys,
  isPublicKey,
  marksFor,
  partsOfKey,
  recountAll,
  recountTerms,
} from './day-counts';

/**
 * Writes `event_term_listing` (`entities/event-term-listing.entity.ts`): for each event, a row
 * for every term it is filed under, directly or as an ancestor of one of its categories, with
 * the event's listing columns. Every write that changes an event's columns, its terms or the
 * category tree calls one of these in its own transaction, so the rows never disagree with
 * what they copy after a commit.
 */

/** The event columns the listing rows copy, in the same names. */
export const LISTING_COPIED_COLUMNS = [
  'hide_from_listings',
  'start_utc',
  'end_utc',
  'status',
  'featured',
  'date_utc',
  'author',
] as const;

/**
 * `INSERT … SELECT` of the rows of the events `eventsWhere` picks (a condition on `e`, the
 * events table): their terms in `event_terms`, then each term's parent, up to the top.
 * `skipTerm` leaves one term's links out (a term about to be deleted).
 */
export function insertListingSql(eventsWhere: string, skipTerm = false): string {
  const copied = LISTING_COPIED_COLUMNS.map((column) => `e.${column}`).join(', ');
  return (
    `INSERT INTO event_term_listing (event_id, term_id, ${LISTING_COPIED_COLUMNS.join(', ')}) ` +
    'WITH RECURSIVE filed (event_id, term_id) AS (' +
    `SELECT et.event_id, et.term_id FROM event_terms et JOIN events e ON e.id = et.event_id WHERE ${eventsWhere}` +
    (skipTerm ? ' AND et.term_id <> ?' : '') +
    ' UNION SELECT f.event_id, t.parent FROM filed f JOIN terms t ON t.id = f.term_id WHERE t.parent <> 0' +
    `) SELECT f.event_id, f.term_id, ${copied} FROM filed f JOIN events e ON e.id = f.event_id`
  );
}

/** The terms each of `eventIds` is filed under: its own, and every category above its categories. */
export async function filedTerms(
  manager: EntityManager,
  eventIds: readonly number[],
): Promise<Map<number, Set<number>>> {
  const rows: { event_id: number | string; term_id: number | string }[] = await manager.query(
    'WITH RECURSIVE filed (event_id, term_id) AS (SELECT event_id, term_id FROM event_terms ' +
      `WHERE event_id IN (${marksFor(eventIds)}) ` +
      'UNION SELECT f.event_id, t.parent FROM filed f JOIN terms t ON t.id = f.term_id WHERE t.parent <> 0) ' +
      'SELECT event_id, term_id FROM filed',
    [...eventIds],
  );
  const filed = new Map<number, Set<number>>();
  for (const row of rows) {
    const id = Number(row.event_id);
    const terms = filed.get(id) ?? new Set<number>();
    terms.add(Number(row.term_id));
    filed.set(id, terms);
  }
  return filed;
}

/** A row's copied columns as one comparable value (both sides come from the same driver). */
function copiedOf(row: Record<string, unknown>): string {
  return JSON.stringify(LISTING_COPIED_COLUMNS.map((column) => row[column]));
}

/** Listing rows per delete or insert statement. */
const ROWS_PER_STATEMENT = 250;

/**
 * Brings the listing rows of `eventId` in line with its current columns and terms, and moves
 * its day counts from `before` (`countedKeys` read, locked, at the start of the write) to what
 * it is now. `created`: the event was inserted by this transaction.
 */
export async function refreshEventListing(
  manager: EntityManager,
  eventId: number,
  before: readonly string[],
  created = false,
): Promise<void> {
  await refreshEventsListing(manager, [eventId], new Map([[eventId, before]]), created);
}

/**
 * Brings the listing rows of `eventIds` in line with their current columns and terms, and moves
 * their day counts from `before` (`countedKeysOf` read, locked, at the start of the write; an
 * event missing there had none) to where they are counted now, in a few statements per chunk
 * of events whatever their number. Rows are deleted and inserted by their whole key, never by a
 * range of it (a row whose copied columns changed is deleted and inserted again): on InnoDB a
 * range locks the gaps beside it too, where concurrent writes of neighbouring events insert
 * theirs. `created`: the events were inserted by this transaction and have no rows yet.
 */
export async function refreshEventsListing(
  manager: EntityManager,
  eventIds: readonly number[],
  before: ReadonlyMap<number, readonly DayKey[]>,
  created = false,
): Promise<void> {
  const columns = LISTING_COPIED_COLUMNS.join(', ');
  const deltas = new Map<DayKey, number>();
  for (const ids of chunksOf(eventIds)) {
    const events: (CountedRow & Record<string, unknown> & { id: number | string })[] =
      await manager.query(
        `SELECT id, ${columns}, ${COUNTED_COLUMNS_SQL} FROM events WHERE id IN (${marksFor(ids)})`,
        ids,
      );
    const current: (Record<string, unknown> & {
      event_id: number | string;
      term_id: number | string;
    })[] = created
      ? []
      : await manager.query(
          `SELECT event_id, term_id, ${columns} FROM event_term_listing WHERE event_id IN (${marksFor(ids)})`,
          ids,
        );
    const filed = await filedTerms(manager, ids);
    const had = new Map<number, Map<number, string>>();
    for (const row of current) {
      const id = Number(row.event_id);
      const terms = had.get(id) ?? new Map<number, string>();
      terms.set(Number(row.term_id), copiedOf(row));
      had.set(id, terms);
    }
    const removed: [number, number][] = [];
    const inserted: unknown[][] = [];
    for (const event of events) {
      const id = Number(event.id);
      const wanted = filed.get(id) ?? new Set<number>();
      // The read cache ends the lists of every term the event leaves or joins, or stays in.
      noteFiledTerms(manager, [...wanted, ...(had.get(id)?.keys() ?? [])]);
      const copied = copiedOf(event);
      const values = LISTING_COPIED_COLUMNS.map((column) => event[column]);
      for (const [termId, rowCopied] of had.get(id) ?? []) {
        if (!wanted.has(termId) || rowCopied !== copied) removed.push([id, termId]);
      }
      const kept = had.get(id);
      for (const termId of [...wanted].sort((a, b) => a - b)) {
        if (kept?.get(termId) !== copied) inserted.push([id, termId, ...values]);
      }
      const after = dayKeys(countedEventOf(event), [...wanted]);
      addKeys(deltas, before.get(id) ?? [], -1);
      addKeys(deltas, after, 1);
      notePublicKeys(manager, after);
    }
    // Where the events were (those deleted too): a list changes from the earliest.
    notePublicKeys(
      manager,
      ids.flatMap((id) => before.get(id) ?? []),
    );
    for (const pairs of chunksOf(removed, ROWS_PER_STATEMENT)) {
      await manager.query(
        `DELETE FROM event_term_listing WHERE ${pairs.map(() => '(event_id = ? AND term_id = ?)').join(' OR ')}`,
        pairs.flat(),
      );
    }
    const row = `(?, ?, ${LISTING_COPIED_COLUMNS.map(() => '?').join(', ')})`;
    for (const rows of chunksOf(inserted, ROWS_PER_STATEMENT)) {
      await manager.query(
        `INSERT INTO event_term_listing (event_id, term_id, ${columns}) VALUES ${rows.map(() => row).join(', ')}`,
        rows.flat(),
      );
    }
  }
  await applyDayDeltas(manager, deltas);
}

/**
 * Notes, for the read cache, where the events that `keys` count are listed for the public:
 * their start days and positions, and whether one is scheduled. Keys of other statuses (a
 * draft, a trashed event) are left out, since no kept answer holds such events.
 */
function notePublicKeys(manager: EntityManager, keys: readonly DayKey[]): void {
  const seen = keys.filter(isPublicKey);
  noteListingFrom(manager, seen.map(startOfKey));
  noteListingDays(manager, seen.map(startDayOfKey));
  if (seen.some(isScheduled)) noteScheduledWrite(manager);
}

/** Whether a day-count key counts a scheduled event. */
function isScheduled(key: DayKey): boolean {
  return partsOfKey(key).status === 'future';
}

/** The UTC day (`YYYY-MM-DD`) a day-count key counts an event from. */
function startDayOfKey(key: DayKey): string {
  return partsOfKey(key).startDay;
}

/** The start of the UTC day a day-count key counts an event from, as a listing position (ms). */
function startOfKey(key: DayKey): number {
  const position = Date.parse(`${partsOfKey(key).startDay}T00:00:00Z`);
  return Number.isNaN(position) ? -Infinity : position;
}

/**
 * Rewrites the listing rows of every event filed under `termId` or a category below it, after
 * a change of the tree above them (`termId` moved away from `formerParent`), and counts the
 * categories above it, before and after, again. With `removing`, the term's own links are left
 * out: call it after its children have moved up and before the term and its links are deleted.
 */
export async function refreshTermListing(
  manager: EntityManager,
  termId: number,
  formerParent: number,
  removing = false,
): Promise<void> {
  const terms = await subtreeIds(manager, termId);
  const marks = terms.map(() => '?').join(', ');
  const filed = `SELECT et.event_id FROM event_terms et WHERE et.term_id IN (${marks})`;
  // A derived table, so MySQL reads the events before it deletes from the same statement's table.
  await manager.query(
    `DELETE FROM event_term_listing WHERE event_id IN (SELECT x.event_id FROM (${filed}) x)`,
    terms,
  );
  if (removing) await manager.query('DELETE FROM event_term_listing WHERE term_id = ?', [termId]);
  await manager.query(
    insertListingSql(`e.id IN (${filed})`, removing),
    removing ? [...terms, termId] : terms,
  );
  const above = new Set([
    ...(await ancestorIds(manager, formerParent)),
    ...(await ancestorIds(manager, removing ? formerParent : termId)),
  ]);
  if (!removing) above.delete(termId);
  else above.add(termId);
  await recountTerms(manager, [...above]);
}

/** Rewrites every listing row and day count (after data was changed behind the service, and in migrations). */
export async function rebuildAllListing(manager: EntityManager): Promise<void> {
  await manager.query('DELETE FROM event_term_listing');
  await manager.query(insertListingSql('1 = 1'));
  await recountAll(manager);
}
