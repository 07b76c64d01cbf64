import { EntityManager } from 'typeorm';
import { ancestorIds, subtreeIds } from '../../terms/term-catalog';
import { countedKeys, moveDayCounts, recountAll, recountTerms } from './day-counts';

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

/** The terms event `eventId` is filed under: its own, and every category above its categories. */
async function filedTerms(manager: EntityManager, eventId: number): Promise<number[]> {
  const rows: { term_id: number | string }[] = await manager.query(
    'WITH RECURSIVE filed (term_id) AS (SELECT term_id FROM event_terms WHERE event_id = ? ' +
      'UNION SELECT t.parent FROM filed f JOIN terms t ON t.id = f.term_id WHERE t.parent <> 0) ' +
      'SELECT term_id FROM filed',
    [eventId],
  );
  return rows.map((row) => Number(row.term_id));
}

/** A row's copied columns as one comparable value (both sides come from the same driver). */
function copiedOf(row: Record<string, unknown>): string {
  return JSON.stringify(LISTING_COPIED_COLUMNS.map((column) => row[column]));
}

/**
 * Brings the listing rows of `eventId` in line with its current columns and terms, and moves
 * its day counts from `before` (`countedKeys` read, locked, at the start of the write) to what
 * it is now. Rows are deleted, updated and inserted by their whole key, never by a range of
 * it: on InnoDB a range locks the gaps beside it too, where concurrent writes of neighbouring
 * events insert theirs. `created`: the event was inserted by this transaction.
 */
export async function refreshEventListing(
  manager: EntityManager,
  eventId: number,
  before: readonly string[],
  created = false,
): Promise<void> {
  const columns = LISTING_COPIED_COLUMNS.join(', ');
  const events: Record<string, unknown>[] = await manager.query(
    `SELECT ${columns} FROM events WHERE id = ?`,
    [eventId],
  );
  const event = events[0];
  if (!event) return;
  const current: (Record<string, unknown> & { term_id: number | string })[] = created
    ? []
    : await manager.query(`SELECT term_id, ${columns} FROM event_term_listing WHERE event_id = ?`, [
        eventId,
      ]);
  const wanted = new Set(await filedTerms(manager, eventId));
  const had = new Set(current.map((row) => Number(row.term_id)));
  const gone = [...had].filter((termId) => !wanted.has(termId));
  const stale = current
    .filter((row) => wanted.has(Number(row.term_id)) && copiedOf(row) !== copiedOf(event))
    .map((row) => Number(row.term_id));
  const added = [...wanted].filter((termId) => !had.has(termId)).sort((a, b) => a - b);
  const values = LISTING_COPIED_COLUMNS.map((column) => event[column]);
  const marks = (ids: readonly number[]): string => ids.map(() => '?').join(', ');
  if (gone.length > 0) {
    await manager.query(
      `DELETE FROM event_term_listing WHERE event_id = ? AND term_id IN (${marks(gone)})`,
      [eventId, ...gone],
    );
  }
  if (stale.length > 0) {
    const set = LISTING_COPIED_COLUMNS.map((column) => `${column} = ?`).join(', ');
    await manager.query(
      `UPDATE event_term_listing SET ${set} WHERE event_id = ? AND term_id IN (${marks(stale)})`,
      [...values, eventId, ...stale],
    );
  }
  if (added.length > 0) {
    const row = `(?, ?, ${LISTING_COPIED_COLUMNS.map(() => '?').join(', ')})`;
    await manager.query(
      `INSERT INTO event_term_listing (event_id, term_id, ${columns}) VALUES ${added.map(() => row).join(', ')}`,
      added.flatMap((termId) => [eventId, termId, ...values]),
    );
  }
  await moveDayCounts(manager, before, await countedKeys(manager, eventId));
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
