import { DataSource, QueryFailedError } from 'typeorm';

/** What this module needs of a `mysql2` connection. */
interface DriverConnection {
  query(sql: string, callback: (error: Error | null) => void): unknown;
}

/**
 * TypeORM's MySQL driver passes every connection it takes from a pool (the primary's and each
 * replica's) through this method before using it: an internal, so the e2e test of the deadline
 * fails if a TypeORM upgrade renames it.
 */
interface PreparingDriver {
  prepareDbConnection(connection: unknown): unknown;
}

/** Server errors that mean a statement ran past its time limit (MariaDB 1969, MySQL 3024). */
const STATEMENT_TIMEOUT_ERRNOS: readonly number[] = [1969, 3024];

/**
 * Gives every MySQL/MariaDB session the pool hands out a statement time limit, so a query
 * outlives its request by at most `timeoutMs` and cannot hold a pool connection for longer:
 * MariaDB's `max_statement_time` (every statement), MySQL's `max_execution_time` (SELECTs). The
 * setting is sent once per connection, queued before the connection's first query. SQLite runs
 * queries on the event loop and cannot be interrupted this way.
 */
export function boundStatementTime(dataSource: DataSource, timeoutMs: number): void {
  const type = dataSource.options.type;
  if (type !== 'mysql' && type !== 'mariadb') return;
  const setting =
    type === 'mariadb'
      ? `SET SESSION max_statement_time = ${(timeoutMs / 1000).toFixed(3)}`
      : `SET SESSION max_execution_time = ${Math.round(timeoutMs)}`;
  const driver = dataSource.driver as unknown as PreparingDriver;
  const prepare = driver.prepareDbConnection.bind(driver);
  const bounded = new WeakSet<object>();
  driver.prepareDbConnection = (connection: DriverConnection): unknown => {
    if (!bounded.has(connection)) {
      bounded.add(connection);
      // A failure here shows on the connection's next query; nothing to do with it now.
      connection.query(setting, () => undefined);
    }
    return prepare(connection);
  };
}

/** Whether `error` is a statement stopped by its time limit. */
export function isStatementTimeout(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const errno: unknown = (error.driverError as { errno?: unknown } | undefined)?.errno;
  return typeof errno === 'number' && STATEMENT_TIMEOUT_ERRNOS.includes(errno);
}
