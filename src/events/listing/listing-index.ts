import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** The hint TypeORM writes for `useIndex('idx_events_listing')`, and the one a page needs. */
const USE_LISTING = ' USE INDEX (`idx_events_listing`)';
const FORCE_LISTING = ' FORCE INDEX (`idx_events_listing`)';

/**
 * The rows of `query`, a page that walks `idx_events_listing` on MySQL/MariaDB, with the index
 * forced rather than named (TypeORM writes only `USE INDEX`). Named, MariaDB still read a page
 * of first occurrences (whose `NOT EXISTS` needs `series_id`, a column the index lacks) by the
 * hidden flag alone (`ref`) from the calendar's first event on: 3.8 ms at 1M events instead of
 * 0.2 for the range from the window's start.
 */
export async function rowsForcingListing<T>(
  manager: EntityManager,
  query: SelectQueryBuilder<ObjectLiteral>,
): Promise<T[]> {
  return rowsRewritten(manager, query, (sql) => {
    if (!sql.includes(USE_LISTING)) throw new Error('The listing page query names no index');
    return sql.replace(USE_LISTING, FORCE_LISTING);
  });
}

/** What TypeORM writes for the events table under alias `e` on SQLite. */
const SQLITE_EVENTS = 'FROM "events" "e"';
const USE_AUTHOR = ' USE INDEX (`idx_events_author`)';
const FORCE_AUTHOR = ' FORCE INDEX (`idx_events_author`)';

/**
 * The rows of `query`, a page of the viewer's own events alone (`e`, named with
 * `useIndex('idx_events_author')` on MySQL/MariaDB), read on `idx_events_author`: forced on
 * MySQL/MariaDB, `INDEXED BY` on SQLite. Left to choose, SQLite (which keeps no statistics
 * here) walks `idx_events_listing` over the whole window to spare the sort, and finds an
 * author with few drafts at the rate of one page in 90 ms at 1M events.
 */
export async function rowsOnAuthorIndex<T>(
  manager: EntityManager,
  query: SelectQueryBuilder<ObjectLiteral>,
): Promise<T[]> {
  return rowsRewritten(manager, query, (sql) => {
    if (sql.includes(USE_AUTHOR)) return sql.replace(USE_AUTHOR, FORCE_AUTHOR);
    if (!sql.includes(SQLITE_EVENTS)) throw new Error('The page query reads no events as `e`');
    return sql.replace(SQLITE_EVENTS, `${SQLITE_EVENTS} INDEXED BY "idx_events_author"`);
  });
}

/**
 * The rows of `query` with its SQL rewritten by `rewrite`, read where the query builder would
 * have read it (`manager`'s transaction, else a replica for a GET: read-routing.ts).
 */
async function rowsRewritten<T>(
  manager: EntityManager,
  query: SelectQueryBuilder<ObjectLiteral>,
  rewrite: (sql: string) => string,
): Promise<T[]> {
  const [sql, parameters] = query.getQueryAndParameters();
  const rewritten = rewrite(sql);
  const { queryRunner, connection } = manager;
  const runner =
    queryRunner ?? connection.createQueryRunner(connection.defaultReplicationModeForReads());
  try {
    return (await runner.query(rewritten, parameters)) as T[];
  } finally {
    if (runner !== queryRunner) await runner.release();
  }
}
