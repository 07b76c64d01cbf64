import { QueryFailedError } from 'typeorm';

/**
 * A UTC instant, to whole seconds, as raw SQL may bind it on both databases: TypeORM's text form
 * of a SQLite `datetime` (`YYYY-MM-DD HH:MM:SS.000`), which MySQL also reads.
 */
export function toSqlDateTime(instant: Date): string {
  const seconds = Math.floor(instant.getTime() / 1000);
  // An invalid date throws toISOString's RangeError.
  if (!Number.isFinite(seconds)) return instant.toISOString();
  const day = Math.floor(seconds / SECONDS_PER_DAY);
  const time = seconds - day * SECONDS_PER_DAY;
  return (
    `${dayText(day)} ${twoDigits(Math.floor(time / 3600))}:` +
    `${twoDigits(Math.floor(time / 60) % 60)}:${twoDigits(time % 60)}.000`
  );
}

const SECONDS_PER_DAY = 86_400;

/**
 * A `datetime` column read by raw SQL as an instant: mysql2 gives a Date (the connection's zone is
 * UTC), SQLite the text TypeORM wrote (`YYYY-MM-DD HH:MM:SS[.fff]`, UTC).
 */
export function instantOf(raw: unknown): Date {
  if (raw instanceof Date) return raw;
  const text = String(raw);
  return new Date(`${text.replace(' ', 'T')}${text.endsWith('Z') ? '' : 'Z'}`);
}

/**
 * `YYYY-MM-DD` of UTC days by their number since the epoch, as `toISOString` writes them. Kept
 * because a seed writes millions of instants over a few hundred days, and `toISOString` was a
 * tenth of its CPU; bounded, as the service's writes meet any day.
 */
const DAY_TEXTS = new Map<number, string>();
const MAX_DAY_TEXTS = 4096;

function dayText(day: number): string {
  let text = DAY_TEXTS.get(day);
  if (text === undefined) {
    if (DAY_TEXTS.size >= MAX_DAY_TEXTS) DAY_TEXTS.clear();
    text = new Date(day * SECONDS_PER_DAY * 1000).toISOString().split('T')[0] ?? '';
    DAY_TEXTS.set(day, text);
  }
  return text;
}

function twoDigits(value: number): string {
  return value < 10 ? `0${value}` : String(value);
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
