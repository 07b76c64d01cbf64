import { EntityManager } from 'typeorm';

/**
 * Writes `event_day_counts` (`entities/event-day-count.entity.ts`). An event is counted under
 * one key per term it is filed under (its `event_term_listing` rows) and under term 0, by its
 * stored status, when it is listed (not hidden); a write moves it from the keys it had to the
 * keys it has. The totals of public lists sum the `publish` and `future` rows; those of editors'
 * lists the rows of the statuses they asked for (`window-total.ts`). Keys are applied in one sorted order, so two writers never wait for
 * each other's rows in opposite orders.
 */

/**
 * The key under which the occurrences of recurring series are counted besides their terms and
 * term 0: no term has this id. With it, a window's events outside any series are the window's
 * total less its occurrences, which the total of `hide_subsequent_recurrences` needs
 * (docs/behaviour.md#recurring-events).
 */
export const SERIES_TERM = 4_294_967_295;

/**
 * The stored statuses of the events an anonymous list can hold (a scheduled one once its date
 * has passed): the read cache notes the days and positions of writes of these only, so a
 * draft's write keeps every public answer.
 */
export const PUBLIC_STATUSES = ['publish', 'future'] as const;

/** Whether a day-count key counts an event the public sees or will see without a further write. */
export function isPublicKey(key: DayKey): boolean {
  return (PUBLIC_STATUSES as readonly string[]).includes(partsOfKey(key).status);
}

/** A day-count row's key: `term|featured|status|startDay|endDay`, the term padded to sort. */
export type DayKey = string;

export interface CountedRow {
  readonly hide_from_listings: number | string | boolean;
  readonly series_id: number | string | null;
  readonly status: string;
  readonly featured: number | string | boolean;
  readonly start_day: string;
  readonly end_day: string;
}

const truthy = (value: number | string | boolean): boolean => value === true || Number(value) === 1;

/** True on MySQL/MariaDB, whose reads can lock rows (`FOR UPDATE`). */
function locksRows(manager: EntityManager): boolean {
  return manager.connection.options.type !== 'better-sqlite3';
}

/** What decides where an event is counted. */
export interface CountedEvent {
  readonly hidden: boolean;
  /** Whether it is an occurrence of a recurring series (counted under {@link SERIES_TERM} too). */
  readonly inSeries: boolean;
  readonly status: string;
  readonly featured: boolean;
  /** UTC days of the start and the end, `YYYY-MM-DD`. */
  readonly startDay: string;
  readonly endDay: string;
}

/** The keys `event` is counted under, filed under `termIds` (its listing rows' terms). */
export function dayKeys(event: CountedEvent, termIds: readonly number[]): DayKey[] {
  if (event.hidden) return [];
  const featured = event.featured ? 1 : 0;
  return [0, ...termIds, ...(event.inSeries ? [SERIES_TERM] : [])].map(
    (termId) =>
      `${String(termId).padStart(10, '0')}|${featured}|${event.status}|${event.startDay}|${event.endDay}`,
  );
}

/** The parts of a day-count key (see {@link dayKeys}). */
export function partsOfKey(key: DayKey): {
  termId: number;
  featured: number;
  status: string;
  startDay: string;
  endDay: string;
} {
  const [termId = '0', featured = '0', status = '', startDay = '', endDay = ''] = key.split('|');
  return { termId: Number(termId), featured: Number(featured), status, startDay, endDay };
}

/** An event's columns that decide where it is counted, as `countedKeysOf` reads them. */
export function countedEventOf(row: CountedRow): CountedEvent {
  return {
    hidden: truthy(row.hide_from_listings),
    inSeries: row.series_id !== null,
    status: row.status,
    featured: truthy(row.featured),
    startDay: row.start_day,
    endDay: row.end_day,
  };
}

/** The select list of the columns `countedEventOf` reads. */
export const COUNTED_COLUMNS_SQL =
  'hide_from_listings, series_id, status, featured, SUBSTR(start_utc, 1, 10) AS start_day, ' +
  'SUBSTR(end_utc, 1, 10) AS end_day';

/** `?, ?, …` for `values`. */
export function marksFor(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ');
}

/** Ids per statement of the bulk reads and writes (`IN (...)` lists stay well under limits). */
export const IDS_PER_STATEMENT = 500;

/** `ids` in chunks of at most `size`. */
export function chunksOf<T>(ids: readonly T[], size = IDS_PER_STATEMENT): T[][] {
  const chunks: T[][] = [];
  for (let from = 0; from < ids.length; from += size) chunks.push(ids.slice(from, from + size));
  return chunks;
}

/**
 * The keys each of `eventIds` is counted under now, from their rows and listing rows, read in
 * two statements per chunk. With `lock`, their rows are read with a write lock (MySQL/MariaDB),
 * so a concurrent write of the same events waits and then reads what this one committed, and no
 * count is moved twice. An id with no row has no keys.
 */
export async function countedKeysOf(
  manager: EntityManager,
  eventIds: readonly number[],
  lock = false,
): Promise<Map<number, DayKey[]>> {
  const keys = new Map<number, DayKey[]>();
  for (const ids of chunksOf([...new Set(eventIds)].sort((a, b) => a - b))) {
    const rows: (CountedRow & { id: number | string })[] = await manager.query(
      `SELECT id, ${COUNTED_COLUMNS_SQL} FROM events WHERE id IN (${marksFor(ids)})` +
        (lock && locksRows(manager) ? ' ORDER BY id FOR UPDATE' : ''),
      ids,
    );
    const terms: { event_id: number | string; term_id: number | string }[] = await manager.query(
      `SELECT event_id, term_id FROM event_term_listing WHERE event_id IN (${marksFor(ids)})`,
      ids,
    );
    const filed = new Map<number, number[]>();
    for (const row of terms) {
      const id = Number(row.event_id);
      filed.set(id, [...(filed.get(id) ?? []), Number(row.term_id)]);
    }
    for (const row of rows) {
      const id = Number(row.id);
      keys.set(id, dayKeys(countedEventOf(row), filed.get(id) ?? []));
    }
  }
  return keys;
}

/**
 * The keys event `eventId` is counted under now (`countedKeysOf`), with its row locked when
 * `lock` is set.
 */
export async function countedKeys(
  manager: EntityManager,
  eventId: number,
  lock = false,
): Promise<DayKey[]> {
  return (await countedKeysOf(manager, [eventId], lock)).get(eventId) ?? [];
}

/** Adds `delta` to `deltas` for each of `keys`. */
export function addKeys(deltas: Map<DayKey, number>, keys: readonly DayKey[], delta: number): void {
  for (const key of keys) deltas.set(key, (deltas.get(key) ?? 0) + delta);
}

/** Rows per upsert statement. */
const UPSERT_ROWS = 500;

/** Adds each of `deltas` to its day count, in key order, creating the rows that are missing. */
export async function applyDayDeltas(
  manager: EntityManager,
  deltas: ReadonlyMap<DayKey, number>,
): Promise<void> {
  const changed = [...deltas]
    .filter(([, delta]) => delta !== 0)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const upsert = locksRows(manager)
    ? 'ON DUPLICATE KEY UPDATE events = events + VALUES(events)'
    : 'ON CONFLICT (term_id, featured, status, start_day, end_day) DO UPDATE SET events = events + excluded.events';
  for (let from = 0; from < changed.length; from += UPSERT_ROWS) {
    const chunk = changed.slice(from, from + UPSERT_ROWS);
    const values: (number | string)[] = [];
    for (const [key, delta] of chunk) {
      const { termId, featured, status, startDay, endDay } = partsOfKey(key);
      values.push(termId, featured, status, startDay, endDay, delta);
    }
    const rows = chunk.map(() => '(?, ?, ?, ?, ?, ?)').join(', ');
    await manager.query(
      `INSERT INTO event_day_counts (term_id, featured, status, start_day, end_day, events) VALUES ${rows} ${upsert}`,
      values,
    );
  }
}

/** The listed rows of `source` grouped into day counts (`termColumn` names the term). */
function groupedSql(source: string, termColumn: string, where: string): string {
  return (
    'INSERT INTO event_day_counts (term_id, featured, status, start_day, end_day, events) ' +
    `SELECT ${termColumn}, featured, status, SUBSTR(start_utc, 1, 10), SUBSTR(end_utc, 1, 10), COUNT(*) ` +
    `FROM ${source} WHERE hide_from_listings = 0${where} ` +
    // A constant term is left out of the grouping: `GROUP BY 0` would name a column.
    `GROUP BY ${/^\d+$/.test(termColumn) ? '' : `${termColumn}, `}featured, status, SUBSTR(start_utc, 1, 10), SUBSTR(end_utc, 1, 10)`
  );
}

/** Counts the events of `termIds` again from their listing rows (after a category moved). */
export async function recountTerms(
  manager: EntityManager,
  termIds: readonly number[],
): Promise<void> {
  if (termIds.length === 0) return;
  const marks = termIds.map(() => '?').join(', ');
  await manager.query(`DELETE FROM event_day_counts WHERE term_id IN (${marks})`, [...termIds]);
  await manager.query(groupedSql('event_term_listing', 'term_id', ` AND term_id IN (${marks})`), [
    ...termIds,
  ]);
}

/** Counts every event again (after data was changed behind the service, and in migrations). */
export async function recountAll(manager: EntityManager): Promise<void> {
  await manager.query('DELETE FROM event_day_counts');
  await manager.query(groupedSql('events', '0', ''));
  await manager.query(groupedSql('events', String(SERIES_TERM), ' AND series_id IS NOT NULL'));
  await manager.query(groupedSql('event_term_listing', 'term_id', ''));
}
