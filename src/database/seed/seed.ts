import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { DataSource, QueryRunner } from 'typeorm';
import { driverErrorCode, isDuplicateKey } from '../sql-values';
import { loadConfig } from '../../config/load-config';
import { databaseKind, DatabaseKind, resolveDataSourceOptions } from '../data-source.options';
import {
  createRandom,
  EVENT_COLUMNS,
  eventRow,
  generateEvent,
  Random,
  SqlValue,
  TRANSLATION_COLUMNS,
  translationRows,
} from './seed-data';

/**
 * `npm run seed -- [--events N] [--batch B] [--seed S]`: runs pending migrations, then appends N
 * demo events (default 1000) with their `posts` rows and translations to the configured
 * database, B events per transaction (default 1000), with multi-row INSERTs that work on
 * MySQL/MariaDB and SQLite. Nothing is ever deleted.
 */

const logger = new Logger('Seed');

/** SQLite's limit of bound parameters per statement (SQLITE_MAX_VARIABLE_NUMBER). */
const MAX_PARAMETERS = 32_766;
/** Text per statement, far below MySQL's default 16 MB max_allowed_packet even in 4-byte UTF-8. */
const MAX_STATEMENT_CHARS = 2_000_000;
/** Attempts per batch when its ids were taken meanwhile by another writer. */
const MAX_ATTEMPTS = 5;

interface SeedOptions {
  readonly events: number;
  readonly batch: number;
  readonly seed: number;
}

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new Error(`--${name} must be a positive integer (got "${raw}")`);
  }
  return value;
}

function parseOptions(argv: readonly string[]): SeedOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      events: { type: 'string', short: 'n' },
      batch: { type: 'string' },
      seed: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  return {
    events: positiveInteger('events', values.events, 1000),
    batch: positiveInteger('batch', values.batch, 1000),
    seed: positiveInteger('seed', values.seed, Date.now() % 2_147_483_647),
  };
}

/** A number from the first row of a raw result (`null` and a missing row read as 0). */
function firstNumber(rows: unknown, column: string): number {
  if (!Array.isArray(rows)) return 0;
  const row: unknown = rows[0];
  if (typeof row !== 'object' || row === null) return 0;
  const value: unknown = (row as Record<string, unknown>)[column];
  if (value === null || value === undefined) return 0;
  const number = Number(value);
  if (!Number.isSafeInteger(number))
    throw new Error(`Unexpected ${column}: ${JSON.stringify(value)}`);
  return number;
}

/** Whether a failed batch may be retried with fresh ids (another writer took them). */
const BUSY_CODES = new Set(['ER_LOCK_DEADLOCK', 'SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT']);

/** Another writer took the batch's ids or held the lock: the batch can simply run again. */
function isRetryable(error: unknown): boolean {
  return isDuplicateKey(error) || BUSY_CODES.has(driverErrorCode(error) ?? '');
}

/**
 * The highest id the `posts` registry has handed out. Ids are then given explicitly (MAX + 1,
 * +2, …), which also moves the AUTO_INCREMENT counter (and SQLite's `sqlite_sequence`) past
 * them; a writer taking an id meanwhile makes the batch fail on the primary key and retry.
 */
async function lastPostId(runner: QueryRunner, kind: DatabaseKind): Promise<number> {
  const max = firstNumber(await runner.query('SELECT MAX(id) AS max_id FROM posts'), 'max_id');
  if (kind === 'mysql') return max;
  const sequence = firstNumber(
    await runner.query("SELECT seq FROM sqlite_sequence WHERE name = 'posts'"),
    'seq',
  );
  return Math.max(max, sequence);
}

/** Rough size of a row's values in the SQL text. */
function rowChars(row: readonly SqlValue[]): number {
  let chars = 0;
  for (const value of row) chars += typeof value === 'string' ? value.length + 4 : 12;
  return chars;
}

/**
 * Inserts `rows` with as few multi-row INSERTs as the parameter and packet limits allow.
 * Column names need no quoting (none is reserved on MySQL or SQLite) but are escaped anyway.
 */
async function insertRows(
  runner: QueryRunner,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly SqlValue[])[],
): Promise<void> {
  const escape = (name: string): string => runner.connection.driver.escape(name);
  const head = `INSERT INTO ${escape(table)} (${columns.map(escape).join(', ')}) VALUES `;
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const maxRows = Math.floor(MAX_PARAMETERS / columns.length);
  let chunk: (readonly SqlValue[])[] = [];
  let chars = 0;
  const flush = async (): Promise<void> => {
    if (chunk.length === 0) return;
    await runner.query(head + new Array<string>(chunk.length).fill(tuple).join(', '), chunk.flat());
    chunk = [];
    chars = 0;
  };
  for (const row of rows) {
    const size = rowChars(row);
    if (chunk.length >= maxRows || (chunk.length > 0 && chars + size > MAX_STATEMENT_CHARS)) {
      await flush();
    }
    chunk.push(row);
    chars += size;
  }
  await flush();
}

/** Inserts `count` events in one transaction; returns how many translations it wrote. */
async function insertBatch(
  dataSource: DataSource,
  kind: DatabaseKind,
  random: Random,
  count: number,
  now: Date,
): Promise<number> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    try {
      const first = (await lastPostId(runner, kind)) + 1;
      const events = Array.from({ length: count }, (_, i) => generateEvent(random, first + i, now));
      const translations = events.flatMap(translationRows);
      await insertRows(
        runner,
        'posts',
        ['id', 'kind'],
        events.map((event) => [event.id, 'event']),
      );
      await insertRows(runner, 'events', EVENT_COLUMNS, events.map(eventRow));
      await insertRows(runner, 'event_translations', TRANSLATION_COLUMNS, translations);
      await runner.commitTransaction();
      return translations.length;
    } catch (error: unknown) {
      await runner.rollbackTransaction();
      throw error;
    }
  } finally {
    await runner.release();
  }
}

async function insertBatchWithRetry(
  dataSource: DataSource,
  kind: DatabaseKind,
  random: Random,
  count: number,
  now: Date,
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insertBatch(dataSource, kind, random, count, now);
    } catch (error: unknown) {
      if (!isRetryable(error) || attempt >= MAX_ATTEMPTS) throw error;
      logger.warn(`Batch collided with another writer (attempt ${attempt}); retrying`);
    }
  }
}

function describeTarget(config: { DATABASE_URL?: string; SQLITE_PATH: string }): string {
  if (!config.DATABASE_URL) return `SQLite ${config.SQLITE_PATH}`;
  return `MySQL ${config.DATABASE_URL.replace(/\/\/[^@/]*@/, '//***@')}`;
}

async function seed(options: SeedOptions): Promise<void> {
  const config = loadConfig();
  const kind = databaseKind(config);
  const dataSource = new DataSource(await resolveDataSourceOptions(config));
  await dataSource.initialize();
  try {
    const migrations = await dataSource.runMigrations({ transaction: 'each' });
    if (migrations.length > 0) logger.log(`Ran ${migrations.length} migration(s)`);
    logger.log(
      `Seeding ${options.events} events into ${describeTarget(config)}, ` +
        `${options.batch} per transaction (PRNG seed ${options.seed})`,
    );
    const random = createRandom(options.seed);
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const started = performance.now();
    const reportEvery = Math.max(options.batch, Math.ceil(options.events / 10));
    let events = 0;
    let translations = 0;
    let nextReport = reportEvery;
    while (events < options.events) {
      const count = Math.min(options.batch, options.events - events);
      translations += await insertBatchWithRetry(dataSource, kind, random, count, now);
      events += count;
      if (events >= nextReport && events < options.events) {
        const seconds = (performance.now() - started) / 1000;
        logger.log(`${events}/${options.events} events (${Math.round(events / seconds)} events/s)`);
        nextReport += reportEvery;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    logger.log(
      `Seeded ${events} events (${translations} translations) in ${seconds.toFixed(1)} s — ` +
        `${Math.round(events / seconds)} events/s`,
    );
  } finally {
    await dataSource.destroy();
  }
}

async function main(): Promise<void> {
  await seed(parseOptions(process.argv.slice(2)));
}

main().catch((error: unknown) => {
  logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});
