/**
 * What a database error means for the caller, read off the driver's error (TypeORM wraps query
 * failures in `QueryFailedError` with the driver's error as `driverError`; connection failures
 * arrive as the driver's own errors).
 */

interface DriverErrorFields {
  readonly code?: unknown;
  readonly errno?: unknown;
  readonly fatal?: unknown;
}

function fieldsOf(error: unknown): DriverErrorFields[] {
  if (typeof error !== 'object' || error === null) return [];
  const own = error as DriverErrorFields & { driverError?: unknown };
  const inner =
    typeof own.driverError === 'object' && own.driverError !== null
      ? [own.driverError as DriverErrorFields]
      : [];
  return [own, ...inner];
}

/** A conflict found by the service itself, which running the transaction again resolves. */
export class RetryableConflictError extends Error {
  override readonly name = 'RetryableConflictError';
}

/** A named lock (MySQL `GET_LOCK`) not granted in time: a conflict like a lock wait timeout. */
export class NamedLockTimeoutError extends RetryableConflictError {
  constructor() {
    super('A name another transaction is writing stayed locked too long');
  }
}

/**
 * Conflicts the database resolves by giving up one transaction, which succeeds when run again:
 * InnoDB's deadlock (1213) and lock wait timeout (1205), MariaDB's "record has changed since
 * last read" under snapshot isolation (1020), MySQL's deadlock among named locks (3058), a
 * foreign key whose row another transaction deleted meanwhile (1452), and a busy or locked
 * SQLite file.
 */
const CONFLICT_ERRNOS: readonly number[] = [1213, 1205, 1020, 3058, 1452];
const CONFLICT_CODES: readonly string[] = [
  'ER_LOCK_DEADLOCK',
  'ER_LOCK_WAIT_TIMEOUT',
  'SQLITE_BUSY',
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_LOCKED',
  // A row this transaction links to was deleted by another that committed after this one read
  // it (a term deleted while an event naming it is created): run again, the write sees the
  // deletion and answers as if it had come after it (400 naming the term, or it goes ahead).
  'ER_NO_REFERENCED_ROW_2',
  'SQLITE_CONSTRAINT_FOREIGNKEY',
];

/** Errors of a server that is gone, refusing or restarting: no answer can come from it now. */
const CONNECTION_CODES: readonly string[] = [
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  'ER_CONNECTION_KILLED',
  'POOL_CLOSED',
];

/** 1053 server shutdown, 1040 too many connections, 1927 connection killed, 2006/2013 gone away. */
const CONNECTION_ERRNOS: readonly number[] = [1053, 1040, 1927, 2006, 2013];

/** Whether `error` is a conflict that running the transaction again resolves. */
export function isTransientConflict(error: unknown): boolean {
  if (error instanceof RetryableConflictError) return true;
  return fieldsOf(error).some(
    ({ code, errno }) =>
      (typeof code === 'string' && CONFLICT_CODES.includes(code)) ||
      (typeof errno === 'number' && CONFLICT_ERRNOS.includes(errno)),
  );
}

/** Whether `error` says the database cannot be reached (down, restarting, connection lost). */
export function isConnectionLost(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  // Checked by shape, not `instanceof Error`: a native driver's errors may come from another realm.
  const { name, message, driverError } = error as {
    name?: unknown;
    message?: unknown;
    driverError?: unknown;
  };
  if (driverError !== undefined && driverError !== error && isConnectionLost(driverError)) {
    return true;
  }
  if (
    name === 'ConnectionIsNotSetError' ||
    (typeof message === 'string' &&
      /connection.*(closed|lost|not established|not open)|pool is closed/i.test(message))
  ) {
    return true;
  }
  return fieldsOf(error).some(
    ({ code, errno, fatal }) =>
      (typeof code === 'string' && CONNECTION_CODES.includes(code)) ||
      (typeof errno === 'number' && CONNECTION_ERRNOS.includes(errno)) ||
      fatal === true,
  );
}
