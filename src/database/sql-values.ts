import { QueryFailedError } from 'typeorm';

/**
 * A UTC instant, to whole seconds, as raw SQL may bind it on both databases: TypeORM's text form
 * of a SQLite `datetime` (`YYYY-MM-DD HH:MM:SS.000`), which MySQL also reads.
 */
export function toSqlDateTime(instant: Date): string {
  const seconds = Math.floor(instant.getTime() / 1000) * 1000;
  return new Date(seconds).toISOString().replace('T', ' ').replace('Z', '');
}

/** The driver's error code (`ER_DUP_ENTRY`, `SQLITE_CONSTRAINT_UNIQUE`, ...) of a failed query. */
export function driverErrorCode(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const code = (error.driverError as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

const DUPLICATE_KEY_CODES = new Set([
  'ER_DUP_ENTRY',
  'SQLITE_CONSTRAINT_UNIQUE',
  'SQLITE_CONSTRAINT_PRIMARYKEY',
]);

/** Whether a write failed on a unique or primary key, on either database. */
export function isDuplicateKey(error: unknown): boolean {
  return DUPLICATE_KEY_CODES.has(driverErrorCode(error) ?? '');
}

/** `text` with LIKE's wildcards escaped by `!`; use with `ESCAPE '!'`, portable to both databases. */
export function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, (c) => `!${c}`);
}
