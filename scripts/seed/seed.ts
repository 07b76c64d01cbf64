import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { constants } from 'node:os';
import { extname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readCommandLine, usageError } from '../../src/common/cli/command-line';
import { Worker } from 'node:worker_threads';
import { DataSource, QueryRunner } from 'typeorm';
import { applyDayDeltas, DayKey } from '../../src/events/listing/day-counts';
import { driverErrorCode, isDuplicateKey } from '../../src/database/sql-values';
import { loadConfig } from '../../src/config/load-config';
import { markChangedBehindLog } from '../../src/changes/change-log';
import { endSharedAnswers } from '../../src/read-cache/redis-read-cache.store';
import {
  databaseKind,
  DatabaseKind,
  resolveDataSourceOptions,
} from '../../src/database/data-source.options';
import type { PostKind } from '../../src/posts/post.entity';
import type { Taxonomy } from '../../src/terms/entities/term.entity';
import { shiftTermCounts } from '../../src/terms/term-catalog';
import { type EventBatch, type EventBatchPlan, rowCount, type TableRows } from './event-batches';
import type { EventBatchRequest } from './event-worker';
import {
  CATEGORY_TAXONOMY,
  generateOrganizer,
  generateVenue,
  linkedTranslationRows,
  ORGANIZER_COLUMNS,
  ORGANIZER_TRANSLATION_COLUMNS,
  organizerRow,
  SEED_TERMS,
  type SeedLinkedPost,
  type SeedOrganizer,
  type SeedTerm,
  type SeedVenue,
  TERM_COLUMNS,
  TERM_TRANSLATION_COLUMNS,
  termKey,
  termRow,
  termTranslationRows,
  VENUE_COLUMNS,
  VENUE_TRANSLATION_COLUMNS,
  venueRow,
} from './seed-catalog';
import { createRandom, type SeededRandom, type SqlValue } from './seed-data';

/**
 * `npm run seed -- [--events N] [--venues V] [--organizers O] [--batch B] [--parallel P]
 * [--seed S] [--series R]`: runs
 * pending migrations, makes sure the demo categories and tags exist (reusing those found by
 * taxonomy and slug), then appends V venues (default max(20, N/100)), O organizers (default
 * max(10, N/200)) and N demo events (default 1000) linked to them, with their `posts` rows and
 * translations, B items per transaction (default 1000 on MySQL/MariaDB, 20000 on SQLite) and P
 * transactions at once on MySQL/MariaDB (default 3; SQLite writes one at a time), with
 * multi-row INSERTs that work on MySQL/MariaDB
 * and SQLite. Events link only to the venues and organizers of the same run. About R percent
 * of the events (default 25) are occurrences of recurring series: weekly classes, monthly
 * meetings and yearly festivals, stored as the service stores a series.
 * The event batches are made in a worker thread (`event-worker.ts`), one batch ahead of the
 * writes, so the database writes one while the next is made.
 * Nothing is ever deleted. Into a database with no events yet, the secondary indexes of the
 * event tables that the load does not need are set aside and built at its end (`deferIndexes`).
 * A first SIGINT or SIGTERM stops it after the batches in flight, with the counts of what was
 * written added and every index built; the exit status is then the signal's (130 for SIGINT).
 */

const logger = new Logger('Seed');

/** SQLite's limit of bound parameters per statement (SQLITE_MAX_VARIABLE_NUMBER). */
const MAX_PARAMETERS = 32_766;
/** Text per statement, far below MySQL's default 16 MB max_allowed_packet even in 4-byte UTF-8. */
const MAX_STATEMENT_CHARS = 2_000_000;
/**
 * Items per transaction unless `--batch` says otherwise. SQLite's transactions are larger: each
 * commit writes every page it changed to the WAL and the checkpoint copies them to the file
 * again, and at a million events a batch of a thousand touches most of the leaf pages of the
 * listing indexes (random start days), so fewer commits write far fewer pages (1M events: 449 s
 * in batches of 1,000, 245 s in batches of 20,000). MariaDB's batches run three at once and
 * gained nothing from larger ones.
 */
function defaultBatch(kind: DatabaseKind): number {
  return kind === 'sqlite' ? 20_000 : 1000;
}

/** Set by SIGINT or SIGTERM: no batch starts after it; the run then ends as a finished one would. */
const interruption: { requested: boolean; signal?: NodeJS.Signals } = { requested: false };

/** Resolves once the event loop has run what was waiting: signals, timers, I/O. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Attempts per batch when its ids were taken meanwhile by another writer. */
const MAX_ATTEMPTS = 5;

interface SeedOptions {
  readonly events: number;
  readonly venues: number;
  readonly organizers: number;
  /** Items per transaction; by default {@link defaultBatch} for the database. */
  readonly batch: number | undefined;
  readonly parallel: number;
  readonly seed: number;
  /** Percent of events that are occurrences of recurring series. */
  readonly series: number;
}

/** The seed's command line (`--help`). */
const SEED_COMMAND = {
  usage: 'npm run seed -- [options]',
  about:
    'Fills the configured database (SQLITE_PATH or DATABASE_URL) with generated venues,\n' +
    'organizers, categories, tags and events in three languages, for trying and measuring.',
  options: {
    events: { type: 'string', short: 'n', value: 'N', help: 'Events', default: '1000' },
    venues: { type: 'string', value: 'N', help: 'Venues (default: events / 100, at least 20)' },
    organizers: {
      type: 'string',
      value: 'N',
      help: 'Organizers (default: events / 200, at least 10)',
    },
    batch: { type: 'string', value: 'N', help: 'Events a transaction (default: by database)' },
    parallel: { type: 'string', value: 'N', help: 'Batches at once', default: '3' },
    seed: { type: 'string', value: 'N', help: 'Random seed (default: from the clock)' },
    series: { type: 'string', value: 'N', help: 'Percent of events in series', default: '25' },
  },
} as const;

function integerOption(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) {
    const what = min === 0 ? 'a non-negative integer' : 'a positive integer';
    return usageError(SEED_COMMAND, `--${name} must be ${what} (got "${raw}")`);
  }
  return value;
}

function parseOptions(argv: readonly string[]): SeedOptions {
  const { values } = readCommandLine(SEED_COMMAND, argv);
  const events = integerOption('events', values.events, 1000, 1);
  return {
    events,
    venues: integerOption('venues', values.venues, Math.max(20, Math.round(events / 100)), 0),
    organizers: integerOption(
      'organizers',
      values.organizers,
      Math.max(10, Math.round(events / 200)),
      0,
    ),
    batch: values.batch === undefined ? undefined : integerOption('batch', values.batch, 0, 1),
    parallel: integerOption('parallel', values.parallel, 3, 1),
    seed: integerOption('seed', values.seed, Date.now() % 2_147_483_647, 1),
    series: Math.min(99, integerOption('series', values.series, 25, 0)),
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
  if (!Number.isSafeInteger(number)) {
    throw new Error(`Unexpected ${column}: ${JSON.stringify(value)}`);
  }
  return number;
}

/** Whether a failed batch may be retried with fresh ids (another writer took them). */
const BUSY_CODES = new Set(['ER_LOCK_DEADLOCK', 'SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT']);

/** Another writer took the batch's ids or held the lock: the batch can simply run again. */
function isRetryable(error: unknown): boolean {
  return isDuplicateKey(error) || BUSY_CODES.has(driverErrorCode(error) ?? '');
}

/** What runs a raw query: a query runner or the data source. */
interface Queryable {
  readonly query: (sql: string) => Promise<unknown>;
}

/**
 * The highest id the `posts` registry has handed out. Ids are then given explicitly (MAX + 1,
 * +2, …), which also moves the AUTO_INCREMENT counter (and SQLite's `sqlite_sequence`) past
 * them; a writer taking an id meanwhile makes the batch fail on the primary key and retry.
 */
async function lastPostId(runner: Queryable, kind: DatabaseKind): Promise<number> {
  const max = firstNumber(await runner.query('SELECT MAX(id) AS max_id FROM posts'), 'max_id');
  if (kind === 'mysql') return max;
  const sequence = firstNumber(
    await runner.query("SELECT seq FROM sqlite_sequence WHERE name = 'posts'"),
    'seq',
  );
  return Math.max(max, sequence);
}

/** Rough size in the SQL text of the `width` values from `at` on. */
function rowChars(values: readonly SqlValue[], at: number, width: number): number {
  let chars = 0;
  for (let i = at; i < at + width; i++) {
    const value = values[i];
    chars += typeof value === 'string' ? value.length + 4 : 12;
  }
  return chars;
}

/**
 * Inserts `rows` with as few multi-row INSERTs as the parameter and packet limits allow.
 * Column names need no quoting (none is reserved on MySQL or SQLite) but are escaped anyway.
 */
async function insertRows(runner: QueryRunner, rows: TableRows): Promise<void> {
  const { table, columns, values } = rows;
  const escape = (name: string): string => runner.connection.driver.escape(name);
  const head = `INSERT INTO ${escape(table)} (${columns.map(escape).join(', ')}) VALUES `;
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const width = columns.length;
  const maxRows = Math.floor(MAX_PARAMETERS / width);
  // The chunk: its rows' values run from `from` up to the row being looked at.
  let from = 0;
  let chunkRows = 0;
  let chars = 0;
  const flush = async (to: number): Promise<void> => {
    if (chunkRows === 0) return;
    const tuples = new Array<string>(chunkRows).fill(tuple).join(', ');
    await runner.query(head + tuples, values.slice(from, to));
    from = to;
    chunkRows = 0;
    chars = 0;
  };
  for (let at = 0; at < values.length; at += width) {
    const size = rowChars(values, at, width);
    if (chunkRows >= maxRows || (chunkRows > 0 && chars + size > MAX_STATEMENT_CHARS)) {
      await flush(at);
    }
    chunkRows++;
    chars += size;
  }
  await flush(values.length);
}

/**
 * Runs `work` in a transaction of its own, rolled back when it throws. On SQLite the transaction
 * takes the write lock as it begins (`BEGIN IMMEDIATE`), waiting out another writer's
 * transaction (the driver's busy timeout): a deferred one that reads first cannot write once
 * another connection has committed since its read, and fails at once with SQLITE_BUSY, as often
 * as it is run again while a service keeps writing.
 */
async function inTransaction<T>(
  dataSource: DataSource,
  work: (runner: QueryRunner) => Promise<T>,
): Promise<T> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  const sqlite = dataSource.options.type === 'better-sqlite3';
  try {
    if (sqlite) await runner.query('BEGIN IMMEDIATE');
    else await runner.startTransaction();
    try {
      const result = await work(runner);
      if (sqlite) await runner.query('COMMIT');
      else await runner.commitTransaction();
      return result;
    } catch (error: unknown) {
      if (sqlite) await runner.query('ROLLBACK');
      else await runner.rollbackTransaction();
      throw error;
    }
  } finally {
    await runner.release();
  }
}

/** How the next attempt of {@link withRetry} is made ready, and what the warning says of it. */
interface NextAttempt {
  readonly says: string;
  readonly prepare: () => Promise<void>;
}

/**
 * Runs `work` again (up to {@link MAX_ATTEMPTS} times) when another writer got in the way, after
 * `next` (when given) has made the next attempt ready.
 */
async function withRetry<T>(what: string, work: () => Promise<T>, next?: NextAttempt): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error: unknown) {
      if (!isRetryable(error) || attempt >= MAX_ATTEMPTS) throw error;
      logger.warn(
        `${what} collided with another writer (attempt ${attempt}, ${driverErrorCode(error) ?? 'duplicate'}); retrying${next ? ` ${next.says}` : ''}`,
      );
      await next?.prepare();
    }
  }
}

/** Rows written per table. */
type RowCounts = Map<string, number>;

function tally(counts: RowCounts, tables: readonly TableRows[]): void {
  for (const rows of tables) counts.set(rows.table, (counts.get(rows.table) ?? 0) + rowCount(rows));
}

/** A batch of items that take their ids from the `posts` registry: ids `first` to `first + count - 1`. */
interface PostBatch {
  readonly first: number;
  readonly count: number;
  /** The rows of the batch's items, besides their `posts` rows, in insertion order. */
  readonly tables: readonly TableRows[];
}

/** Items that take their ids from the `posts` registry, seeded in batches of one transaction. */
interface PostStage<B extends PostBatch> {
  readonly postKind: PostKind;
  readonly total: number;
  readonly batch: number;
  /** Batches written at once (MySQL/MariaDB). */
  readonly parallel: number;
  /**
   * The batch of `count` items with ids from `first` on; the first is the run's `index`-th.
   * Asked for in the order of the ids, ahead of the writes.
   */
  readonly generate: (first: number, index: number, count: number) => B | Promise<B>;
  /** Called after each committed batch with the run's running total. */
  readonly committed?: (batch: B, done: number) => void;
}

/** A batch asked for, not yet written. */
interface PlannedBatch<B> {
  readonly index: number;
  readonly count: number;
  readonly batch: Promise<B>;
}

/**
 * Seeds `stage.total` items, `stage.batch` per transaction and `stage.parallel` transactions at
 * once (each on a connection of its own): each batch registers its ids in `posts` (kind
 * `stage.postKind`) and writes its rows with multi-row INSERTs. Ids are handed out here, in
 * order, from past the highest the registry held when the stage began, when a batch is asked
 * for, one batch more than are being written: so the next batch is being made (in the events'
 * worker thread) while the database writes, the k-th batch always has the k-th range and the
 * k-th draws of the PRNG. A batch whose ids another writer took meanwhile fails on the primary
 * key of `posts` and is made again with fresh ids, past what the registry holds then. Returns
 * the rows written per table.
 */
async function seedPosts<B extends PostBatch>(
  dataSource: DataSource,
  kind: DatabaseKind,
  stage: PostStage<B>,
): Promise<RowCounts> {
  const counts: RowCounts = new Map();
  let planned = 0;
  let done = 0;
  let nextId = (await lastPostId(dataSource, kind)) + 1;
  const make = (index: number, count: number): Promise<B> => {
    const first = nextId;
    nextId += count;
    // A batch's failure is met when it is written; one made ahead and never written (after an
    // interruption or another batch's failure) must not end the process as unhandled.
    const batch = Promise.resolve().then(() => stage.generate(first, index, count));
    batch.catch(() => undefined);
    return batch;
  };
  // SQLite has one writer: its batches run one at a time.
  const writers = kind === 'sqlite' ? 1 : stage.parallel;
  const ahead: PlannedBatch<B>[] = [];
  const plan = (): boolean => {
    if (planned >= stage.total || interruption.requested) return false;
    const index = planned;
    const count = Math.min(stage.batch, stage.total - planned);
    planned += count;
    ahead.push({ index, count, batch: make(index, count) });
    return true;
  };
  const write = (batch: B): Promise<void> =>
    inTransaction(dataSource, async (runner) => {
      const posts: SqlValue[] = [];
      for (let id = batch.first; id < batch.first + batch.count; id++) {
        posts.push(id, stage.postKind);
      }
      await insertRows(runner, { table: 'posts', columns: ['id', 'kind'], values: posts });
      for (const rows of batch.tables) await insertRows(runner, rows);
    });
  const writer = async (): Promise<void> => {
    for (;;) {
      // Each writer has the batch after its own being made.
      while (ahead.length <= writers && plan()) continue;
      const job = interruption.requested ? undefined : ahead.shift();
      if (!job) return;
      let batch = await job.batch;
      await withRetry(`A batch of ${stage.postKind}s`, () => write(batch), {
        says: 'with fresh ids',
        prepare: async () => {
          nextId = Math.max(nextId, (await lastPostId(dataSource, kind)) + 1);
          batch = await make(job.index, job.count);
        },
      });
      counts.set('posts', (counts.get('posts') ?? 0) + batch.count);
      tally(counts, batch.tables);
      done += batch.count;
      stage.committed?.(batch, done);
      // The event loop gets its turn, so a signal is seen before the next batch: SQLite's driver
      // answers at once, and its batches would otherwise follow each other as microtasks.
      await nextTurn();
    }
  };
  await Promise.all(Array.from({ length: writers }, () => writer()));
  return counts;
}

/** Where linked posts are seeded, and how many batches at once. */
interface LinkedTarget {
  readonly dataSource: DataSource;
  readonly kind: DatabaseKind;
  readonly batch: number;
  readonly parallel: number;
}

/** A kind of linked post (venue, organizer): how to make one and the tables it goes to. */
interface LinkedStage<T extends SeedLinkedPost> {
  readonly postKind: PostKind;
  readonly total: number;
  /** The item with id `id`, the run's `index`-th. */
  readonly generate: (id: number, index: number) => T;
  readonly table: string;
  readonly columns: readonly string[];
  readonly row: (item: T) => SqlValue[];
  readonly translationTable: string;
  readonly translationColumns: readonly string[];
  /** Called with each committed item. */
  readonly seen?: (item: T) => void;
  /** More to say in the stage's log line, after the translations. */
  readonly detail?: () => string;
}

/**
 * Seeds the venues or organizers of a run, logs the stage, and answers what events link to:
 * each item's id, zone and busyness, in id order (batches may commit out of order, and events
 * pick by position).
 */
async function seedLinkedPosts<T extends SeedLinkedPost>(
  target: LinkedTarget,
  stage: LinkedStage<T>,
): Promise<Pick<T, 'id' | 'zone' | 'busyness'>[]> {
  const since = performance.now();
  const placed: Pick<T, 'id' | 'zone' | 'busyness'>[] = [];
  const rows = await seedPosts<PostBatch & { readonly items: readonly T[] }>(
    target.dataSource,
    target.kind,
    {
      postKind: stage.postKind,
      total: stage.total,
      batch: target.batch,
      parallel: target.parallel,
      generate: (first, index, count) => {
        const items = Array.from({ length: count }, (_, i) => stage.generate(first + i, index + i));
        return {
          first,
          count,
          items,
          tables: [
            { table: stage.table, columns: stage.columns, values: items.flatMap(stage.row) },
            {
              table: stage.translationTable,
              columns: stage.translationColumns,
              values: items.flatMap(linkedTranslationRows).flat(),
            },
          ],
        };
      },
      committed: ({ items }) => {
        for (const item of items) {
          placed.push({ id: item.id, zone: item.zone, busyness: item.busyness });
          stage.seen?.(item);
        }
      },
    },
  );
  placed.sort((a, b) => a.id - b.id);
  const elapsed = seconds(since);
  logger.log(
    `Seeded ${placed.length} ${stage.table} (${rows.get(stage.translationTable) ?? 0} ` +
      `translations${stage.detail?.() ?? ''}) in ${elapsed.toFixed(1)} s — ` +
      `${rate(placed.length, elapsed)} ${stage.table}/s`,
  );
  return placed;
}

/** The tables of events whose secondary indexes a seed into a new database builds at its end. */
const DEFERRED_INDEX_TABLES = [
  'events',
  'event_translations',
  'event_organizers',
  'event_terms',
  'event_term_listing',
];

/** An index dropped for the load, and how to build it again. */
interface DeferredIndex {
  readonly table: string;
  readonly name: string;
  /** SQLite: the statement that made it (`sqlite_master.sql`); MySQL: `INDEX name (columns)`. */
  readonly definition: string;
}

/** A row of `information_schema.STATISTICS`: one column of one index. */
interface IndexColumnRow {
  readonly tableName: string;
  readonly indexName: string;
  readonly columnName: string;
  readonly subPart: number | string | null;
  readonly collation: string | null;
  readonly nonUnique: number | string;
}

/** A foreign key's columns, in order. */
interface ForeignKeyRow {
  readonly tableName: string;
  readonly constraintName: string;
  readonly columnName: string;
}

const listOf = (values: readonly string[]): string => values.map(() => '?').join(', ');

/** SQLite: the non-unique indexes of the event tables, as `sqlite_master` holds them. */
async function sqliteDeferrable(dataSource: DataSource): Promise<DeferredIndex[]> {
  const rows: { table: string; name: string; sql: string }[] = await dataSource.query(
    `SELECT tbl_name AS "table", name, sql FROM sqlite_master WHERE type = 'index' ` +
      `AND sql IS NOT NULL AND tbl_name IN (${listOf(DEFERRED_INDEX_TABLES)}) ORDER BY name`,
    DEFERRED_INDEX_TABLES,
  );
  return rows
    .filter((row) => !/^\s*CREATE\s+UNIQUE\b/i.test(row.sql))
    .map((row) => ({ table: row.table, name: row.name, definition: row.sql }));
}

/**
 * MySQL/MariaDB: the non-unique B-tree indexes of the event tables, but one for each foreign
 * key that no other index it keeps (the primary key, a unique one) starts with: InnoDB refuses
 * to drop the index a foreign key uses.
 */
async function mysqlDeferrable(dataSource: DataSource): Promise<DeferredIndex[]> {
  const columns: IndexColumnRow[] = await dataSource.query(
    'SELECT TABLE_NAME AS tableName, INDEX_NAME AS indexName, COLUMN_NAME AS columnName, ' +
      'SUB_PART AS subPart, COLLATION AS collation, NON_UNIQUE AS nonUnique ' +
      'FROM information_schema.STATISTICS ' +
      `WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (${listOf(DEFERRED_INDEX_TABLES)}) ` +
      "AND INDEX_TYPE = 'BTREE' ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX",
    DEFERRED_INDEX_TABLES,
  );
  const foreign: ForeignKeyRow[] = await dataSource.query(
    'SELECT TABLE_NAME AS tableName, CONSTRAINT_NAME AS constraintName, ' +
      'COLUMN_NAME AS columnName FROM information_schema.KEY_COLUMN_USAGE ' +
      `WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (${listOf(DEFERRED_INDEX_TABLES)}) ` +
      'AND REFERENCED_TABLE_NAME IS NOT NULL ORDER BY TABLE_NAME, CONSTRAINT_NAME, ORDINAL_POSITION',
    DEFERRED_INDEX_TABLES,
  );
  // Each group holds at least its first row.
  const indexes = [...groupBy(columns, (row) => `${row.tableName}.${row.indexName}`)].map(
    ([key, rows]) => ({
      key,
      table: rows[0]?.tableName ?? '',
      name: rows[0]?.indexName ?? '',
      columns: rows,
    }),
  );
  const keys = [...groupBy(foreign, (row) => `${row.tableName}.${row.constraintName}`).values()];
  // The primary key and unique indexes stay; so does, for each foreign key none of those serve,
  // the first index that starts with its columns.
  const kept = new Set(
    indexes.filter((index) => Number(index.columns[0]?.nonUnique) === 0).map(({ key }) => key),
  );
  for (const fk of keys) {
    const table = fk[0]?.tableName;
    const serving = indexes.filter(
      (index) =>
        index.table === table &&
        fk.every((column, i) => index.columns[i]?.columnName === column.columnName),
    );
    const first = serving[0];
    if (first && !serving.some(({ key }) => kept.has(key))) kept.add(first.key);
  }
  const quote = (name: string): string => dataSource.driver.escape(name);
  return indexes
    .filter(({ key }) => !kept.has(key))
    .map((index) => ({
      table: index.table,
      name: index.name,
      definition:
        `INDEX ${quote(index.name)} (` +
        index.columns
          .map(
            (column) =>
              quote(column.columnName) +
              (column.subPart === null ? '' : `(${Number(column.subPart)})`) +
              (column.collation === 'D' ? ' DESC' : ''),
          )
          .join(', ') +
        ')',
    }));
}

/** `items` grouped by `keyOf`, groups and items in the order met. */
function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(keyOf(item));
    if (group) group.push(item);
    else groups.set(keyOf(item), [item]);
  }
  return groups;
}

/** `indexes` by table, in order. */
function byTable(indexes: readonly DeferredIndex[]): Map<string, DeferredIndex[]> {
  return groupBy(indexes, (index) => index.table);
}

/**
 * When the database holds no event yet: drops the secondary indexes of the event tables that
 * nothing needs during the load and answers them, for {@link rebuildIndexes} to build once the
 * rows are in. Each insert otherwise lands on a random leaf page of every such index (random
 * start days), which at a million events costs more than building them from the finished
 * table: measured at 1M, the SQLite seed loaded in 123 s instead of 245 and built its eleven
 * indexes in 26 s; MariaDB's loaded in 116 s instead of 141 and built its eight in 10 s.
 * Unique indexes stay (slugs keep being checked), and so does an index for each foreign key.
 * Not into a database with events, which a running service may be reading. Two seeds started
 * at once into the same new database: the second either fails at its drop (the first dropped
 * those indexes already) before writing anything, or finds them gone and sets none aside; either
 * way the first builds them at its end.
 */
async function deferIndexes(dataSource: DataSource, kind: DatabaseKind): Promise<DeferredIndex[]> {
  const any: unknown = await dataSource.query('SELECT EXISTS (SELECT 1 FROM events) AS found');
  if (firstNumber(any, 'found') !== 0) return [];
  const deferred =
    kind === 'sqlite' ? await sqliteDeferrable(dataSource) : await mysqlDeferrable(dataSource);
  const quote = (name: string): string => dataSource.driver.escape(name);
  if (kind === 'sqlite') {
    for (const index of deferred) await dataSource.query(`DROP INDEX ${quote(index.name)}`);
  } else {
    for (const [table, indexes] of byTable(deferred)) {
      const drops = indexes.map((index) => `DROP INDEX ${quote(index.name)}`).join(', ');
      await dataSource.query(`ALTER TABLE ${quote(table)} ${drops}`);
    }
  }
  return deferred;
}

/** Builds again the indexes {@link deferIndexes} dropped, as they were defined. */
async function rebuildIndexes(
  dataSource: DataSource,
  kind: DatabaseKind,
  deferred: readonly DeferredIndex[],
): Promise<void> {
  if (deferred.length === 0) return;
  const since = performance.now();
  if (kind === 'sqlite') {
    for (const index of deferred) await dataSource.query(index.definition);
  } else {
    for (const [table, indexes] of byTable(deferred)) {
      const adds = indexes.map((index) => `ADD ${index.definition}`).join(', ');
      await dataSource.query(`ALTER TABLE ${dataSource.driver.escape(table)} ${adds}`);
    }
  }
  logger.log(`Built ${deferred.length} indexes in ${seconds(since).toFixed(1)} s`);
}

/** SQLite: the trigger that writes an event's search documents as its text is inserted. */
const SEARCH_TRIGGER = 'event_search_insert';

/**
 * SQLite, when the database holds no event yet: sets aside the trigger that writes each event's
 * search documents as its text is inserted (migration `ReaderSearchDocuments`) and answers the
 * statement that made it, for {@link writeSearchDocuments} to write every document at the end
 * from the view that defines them. Row by row, an event whose original text comes first has its
 * three documents written, then one again for each translation (1M events: 220 s to seed
 * instead of 94 before those documents). Null when nothing was set aside: another database, a
 * database with events, or one without that view. As with the indexes, a second seed started
 * at once into the same new database fails at its drop, or finds the trigger gone.
 */
async function deferSearchDocuments(
  dataSource: DataSource,
  kind: DatabaseKind,
): Promise<string | null> {
  if (kind !== 'sqlite') return null;
  const any: unknown = await dataSource.query('SELECT EXISTS (SELECT 1 FROM events) AS found');
  if (firstNumber(any, 'found') !== 0) return null;
  const rows: { sql: string }[] = await dataSource.query(
    `SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ? AND EXISTS ` +
      `(SELECT 1 FROM sqlite_master WHERE type = 'view' AND name = 'event_search_documents')`,
    [SEARCH_TRIGGER],
  );
  const made = rows[0]?.sql;
  if (made === undefined) return null;
  await dataSource.query(`DROP TRIGGER "${SEARCH_TRIGGER}"`);
  return made;
}

/**
 * Writes the search documents of every event from `event_search_documents` (in rowid order),
 * merges the index, makes again the trigger {@link deferSearchDocuments} set aside and takes a
 * position of the change log, in one transaction. The index is emptied first, so documents a
 * service wrote meanwhile (through the triggers left in place) are not written twice.
 */
async function writeSearchDocuments(dataSource: DataSource, trigger: string | null): Promise<void> {
  if (trigger === null) return;
  const since = performance.now();
  await dataSource.transaction(async (manager) => {
    await manager.query(`INSERT INTO "event_search" ("event_search") VALUES ('delete-all')`);
    await manager.query(
      'INSERT INTO "event_search" ("rowid", "title", "description", "excerpt") ' +
        'SELECT "document", "title", "description", "excerpt" FROM "event_search_documents"',
    );
    await manager.query(`INSERT INTO "event_search" ("event_search") VALUES ('optimize')`);
    await manager.query(trigger);
    // A search read since the counts' commit (which took a position too) found none of these
    // documents, and a service keeps that answer: this commit takes another position, so
    // every instance drops what it kept.
    await markChangedBehindLog(manager);
  });
  logger.log(`Wrote the events' search documents in ${seconds(since).toFixed(1)} s`);
}

/** Term ids of the seed catalogue found in the database, by {@link termKey}. */
async function findSeedTerms(runner: QueryRunner): Promise<Map<string, number>> {
  const slugs = [...new Set(SEED_TERMS.map((term) => term.slug))];
  const wanted = new Set(SEED_TERMS.map((term) => termKey(term.taxonomy, term.slug)));
  const rows: unknown = await runner.query(
    `SELECT id, taxonomy, slug FROM terms WHERE slug IN (${slugs.map(() => '?').join(', ')})`,
    slugs,
  );
  const found = new Map<string, number>();
  for (const row of Array.isArray(rows) ? (rows as Record<string, unknown>[]) : []) {
    const key = termKey(row.taxonomy as Taxonomy, String(row.slug));
    if (wanted.has(key)) found.set(key, Number(row.id));
  }
  return found;
}

/** Every term's parent id (0 at the top), for the events' listing rows. */
async function findTermParents(dataSource: DataSource): Promise<Map<number, number>> {
  const rows: { id: number | string; parent: number | string }[] = await dataSource.query(
    'SELECT id, parent FROM terms',
  );
  return new Map(rows.map((row) => [Number(row.id), Number(row.parent)]));
}

interface TermsResult {
  readonly termIds: ReadonlyMap<string, number>;
  readonly created: number;
  readonly translations: number;
}

/**
 * Makes sure the demo categories and tags exist: those already there (same taxonomy and slug)
 * are reused as they are, the others are created with their three translations, top-level
 * categories and tags first, then subcategories under their parent's id.
 */
async function ensureTerms(runner: QueryRunner): Promise<TermsResult> {
  const termIds = await findSeedTerms(runner);
  const existing = new Set(termIds.keys());
  const keyOf = (term: SeedTerm): string => termKey(term.taxonomy, term.slug);
  const levels = [
    SEED_TERMS.filter((term) => term.parentSlug === null),
    SEED_TERMS.filter((term) => term.parentSlug !== null),
  ];
  for (const level of levels) {
    const missing = level.filter((term) => !termIds.has(keyOf(term)));
    if (missing.length === 0) continue;
    const parentId = (term: SeedTerm): number =>
      term.parentSlug === null
        ? 0
        : (termIds.get(termKey(CATEGORY_TAXONOMY, term.parentSlug)) ?? 0);
    await insertRows(runner, {
      table: 'terms',
      columns: TERM_COLUMNS,
      values: missing.flatMap((term) => termRow(term, parentId(term))),
    });
    for (const [key, id] of await findSeedTerms(runner)) termIds.set(key, id);
    // Every term has its count's row (`term_counts`), made with it; the run's events add to it.
    await insertRows(runner, {
      table: 'term_counts',
      columns: ['term_id', 'published_count'],
      values: missing.flatMap((term) => [termIds.get(keyOf(term)) ?? 0, 0]),
    });
  }
  const translations = SEED_TERMS.filter((term) => !existing.has(keyOf(term))).flatMap((term) => {
    const id = termIds.get(keyOf(term));
    if (id === undefined) throw new Error(`Term ${keyOf(term)} was not created`);
    return termTranslationRows(term, id);
  });
  await insertRows(runner, {
    table: 'term_translations',
    columns: TERM_TRANSLATION_COLUMNS,
    values: translations.flat(),
  });
  return { termIds, created: SEED_TERMS.length - existing.size, translations: translations.length };
}

function seconds(since: number): number {
  return Math.max((performance.now() - since) / 1000, 0.001);
}

function rate(count: number, elapsed: number): string {
  return `${Math.round(count / elapsed)}`;
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '0%' : `${((100 * part) / whole).toFixed(1)}%`;
}

function describeTarget(config: { DATABASE_URL?: string; SQLITE_PATH: string }): string {
  if (!config.DATABASE_URL) return `SQLite ${config.SQLITE_PATH}`;
  return `MySQL ${config.DATABASE_URL.replace(/\/\/[^@/]*@/, '//***@')}`;
}

/** Adds each of `more`'s counts to `counts`. */
function addCounts<K>(counts: Map<K, number>, more: ReadonlyMap<K, number>): void {
  for (const [key, count] of more) counts.set(key, (counts.get(key) ?? 0) + count);
}

/**
 * The worker thread that makes the event batches (`event-worker.ts`), asked for one at a time
 * and answered in order. Under ts-node (`npm run seed`) the worker compiles its TypeScript
 * itself, without type checks: the run's own compilation has made them.
 */
class EventBatchWorker {
  private readonly worker: Worker;
  private readonly waiting: {
    resolve: (batch: EventBatch) => void;
    reject: (error: Error) => void;
  }[] = [];
  private failure: Error | undefined;

  constructor(plan: EventBatchPlan) {
    const file = join(__dirname, `event-worker${extname(__filename)}`);
    this.worker =
      extname(__filename) === '.ts'
        ? new Worker(
            `require('ts-node').register({ transpileOnly: true }); require(${JSON.stringify(file)});`,
            { eval: true, workerData: plan },
          )
        : new Worker(file, { workerData: plan });
    this.worker.on('message', (batch: EventBatch) => this.waiting.shift()?.resolve(batch));
    this.worker.on('error', (error: Error) => this.fail(error));
    this.worker.on('exit', (code: number) =>
      this.fail(new Error(`The event batches' worker stopped (exit code ${code})`)),
    );
  }

  /** The batch of `request.count` events with ids from `request.first` on. */
  request(request: EventBatchRequest): Promise<EventBatch> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.worker.postMessage(request);
    });
  }

  async close(): Promise<void> {
    this.failure ??= new Error("The event batches' worker is closed");
    await this.worker.terminate();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const { reject } of this.waiting.splice(0)) reject(this.failure);
  }
}

/**
 * Writes the run: the terms (reused or created), the venues, the organizers and the events, then
 * adds the published events to their terms' counts and the day counts.
 */
async function load(
  target: LinkedTarget,
  options: SeedOptions,
  random: SeededRandom,
  now: Date,
): Promise<void> {
  const { dataSource, kind, batch } = target;
  let since = performance.now();
  const terms = await withRetry('The terms', () => inTransaction(dataSource, ensureTerms));
  const categories = SEED_TERMS.filter((t) => t.taxonomy === CATEGORY_TAXONOMY).length;
  logger.log(
    `Terms: ${categories} categories and ${SEED_TERMS.length - categories} tags ` +
      `(${terms.created} created with ${terms.translations} translations, ` +
      `${SEED_TERMS.length - terms.created} reused) in ${seconds(since).toFixed(1)} s`,
  );

  let located = 0;
  const venues = await seedLinkedPosts<SeedVenue>(target, {
    postKind: 'venue',
    total: options.venues,
    generate: (id, index) => generateVenue(random, id, now, index),
    table: 'venues',
    columns: VENUE_COLUMNS,
    row: venueRow,
    translationTable: 'venue_translations',
    translationColumns: VENUE_TRANSLATION_COLUMNS,
    seen: (venue) => {
      if (venue.geoLat !== null) located++;
    },
    detail: () => `, ${located} with coordinates`,
  });
  const organizers = await seedLinkedPosts<SeedOrganizer>(target, {
    postKind: 'organizer',
    total: options.organizers,
    generate: (id, index) => generateOrganizer(random, id, now, index),
    table: 'organizers',
    columns: ORGANIZER_COLUMNS,
    row: organizerRow,
    translationTable: 'organizer_translations',
    translationColumns: ORGANIZER_TRANSLATION_COLUMNS,
  });

  since = performance.now();
  const termParents = await findTermParents(dataSource);
  const dayDeltas = new Map<DayKey, number>();
  const published = new Map<number, number>();
  const reportEvery = Math.max(batch, Math.ceil(options.events / 10));
  let nextReport = reportEvery;
  let withVenue = 0;
  let withOrganizers = 0;
  const maker = new EventBatchWorker({
    randomState: random.state(),
    now,
    seriesShare: options.series / 100,
    targets: { venues, organizers, termIds: terms.termIds },
    termParents,
  });
  let eventRows: RowCounts;
  try {
    eventRows = await seedPosts<EventBatch>(dataSource, kind, {
      postKind: 'event',
      total: options.events,
      batch,
      parallel: options.parallel,
      generate: (first, _index, count) => maker.request({ first, count }),
      committed: (events, done) => {
        addCounts(published, events.published);
        addCounts(dayDeltas, events.dayDeltas);
        withVenue += events.withVenue;
        withOrganizers += events.withOrganizers;
        if (done >= nextReport && done < options.events) {
          logger.log(`${done}/${options.events} events (${rate(done, seconds(since))} events/s)`);
          nextReport += reportEvery;
        }
      },
    });
  } finally {
    await maker.close();
  }
  const elapsed = seconds(since);
  const events = eventRows.get('events') ?? 0;
  const organizerLinks = eventRows.get('event_organizers') ?? 0;
  const termLinks = eventRows.get('event_terms') ?? 0;
  logger.log(
    `Seeded ${events} events (${eventRows.get('event_translations') ?? 0} translations) in ` +
      `${elapsed.toFixed(1)} s — ${rate(events, elapsed)} events/s`,
  );
  logger.log(
    `Links: ${withVenue} events with a venue (${percent(withVenue, events)}), ` +
      `${organizerLinks} organizer links on ${withOrganizers} events ` +
      `(${percent(withOrganizers, events)}), ${termLinks} term links ` +
      `(${(events === 0 ? 0 : termLinks / events).toFixed(2)} per event) — ` +
      `${rate(withVenue + organizerLinks + termLinks, elapsed)} links/s`,
  );
  since = performance.now();
  // The run's published events are added to their terms' counts (`term_counts`) from what
  // the batches counted as they committed, as the day counts are: a recount of every term over
  // the link table took 41 s of a 1M-event seed on SQLite. Once at the end, not per batch, so
  // the parallel batches do not queue on the counts' rows. A service writing meanwhile may
  // lock the same rows in another order, so this runs again if it must.
  await withRetry('The counts', () =>
    inTransaction(dataSource, async (runner) => {
      await shiftTermCounts(runner.manager, published);
      await applyDayDeltas(runner.manager, dayDeltas);
      // The seeded events are whole from this commit on (on SQLite but for their search
      // documents, written at the end with a position of their own): every instance's read
      // cache drops what it kept (the instances' own caches see the log's head move).
      await markChangedBehindLog(runner.manager);
    }),
  );
  logger.log(
    `Added the published events of ${published.size} terms to their counts and ` +
      `${dayDeltas.size} day counts in ${seconds(since).toFixed(1)} s`,
  );
}

async function seed(options: SeedOptions): Promise<void> {
  const config = loadConfig();
  const kind = databaseKind(config);
  const dataSource = new DataSource(await resolveDataSourceOptions(config));
  await dataSource.initialize();
  try {
    if (kind === 'sqlite') {
      // SQLite keeps 2 MiB of pages by default, so each index insert of a large seed reads its
      // pages back from the operating system: a 1 GiB page cache for this connection (used as
      // it fills) keeps them. Checkpoints skip their fsync: a crash of the seed leaves the file
      // sound (WAL), a crash of the machine during the seed may not, and the seed is run again.
      await dataSource.query('PRAGMA cache_size = -1048576');
      await dataSource.query('PRAGMA synchronous = OFF');
      // Building an index sorts its rows; a helper thread takes part of the sort (at 1M events,
      // the largest listing index: 9.1 s alone, 7.2 s with one).
      await dataSource.query('PRAGMA threads = 2');
    }
    const batch = options.batch ?? defaultBatch(kind);
    const migrations = await dataSource.runMigrations({ transaction: 'each' });
    if (migrations.length > 0) logger.log(`Ran ${migrations.length} migration(s)`);
    logger.log(
      `Seeding ${options.events} events, ${options.venues} venues and ${options.organizers} ` +
        `organizers into ${describeTarget(config)}, ${batch} per transaction, ` +
        `${kind === 'sqlite' ? 1 : options.parallel} at once ` +
        `(PRNG seed ${options.seed})`,
    );
    const random = createRandom(options.seed);
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const started = performance.now();
    const deferred = await deferIndexes(dataSource, kind);
    if (deferred.length > 0) {
      logger.log(
        `A new database: ${deferred.length} indexes of the event tables are built at the end`,
      );
    }
    const searchTrigger = await deferSearchDocuments(dataSource, kind);
    try {
      await load({ dataSource, kind, batch, parallel: options.parallel }, options, random, now);
    } finally {
      // Also after a failure or an interruption: the database keeps every index and trigger it
      // had, and the events written have their search documents.
      await rebuildIndexes(dataSource, kind, deferred);
      await writeSearchDocuments(dataSource, searchTrigger);
    }
    const unended = config.CACHE_URL
      ? await endSharedAnswers(config.CACHE_URL, config.CACHE_PREFIX)
      : null;
    if (unended !== null) {
      logger.warn(`Redis unavailable (${unended}): answers kept there live out their TTL`);
    }
    if (interruption.requested) logger.warn('Interrupted: the events written so far are kept');
    logger.log(`Done in ${seconds(started).toFixed(1)} s`);
  } finally {
    await dataSource.destroy();
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  // The first signal lets the batches in flight commit and the run end as a finished one (its
  // counts added, its indexes built); a second one quits at once, as without this.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interruption.requested = true;
      interruption.signal = signal;
      logger.warn(`${signal}: stopping after the batches in flight (send it again to quit now)`);
    });
  }
  await seed(options);
  // Stopped short of what was asked: the shell's code for the signal (130 for SIGINT).
  if (interruption.signal) process.exitCode = 128 + constants.signals[interruption.signal];
}

main().catch((error: unknown) => {
  logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});
