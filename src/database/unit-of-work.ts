import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, EntityManager, ObjectLiteral, QueryRunner, SelectQueryBuilder } from 'typeorm';
import { DomainError } from '../common/errors/domain-error';
import { isConnectionLost, isTransientConflict, NamedLockTimeoutError } from './database-errors';
import { beginChanges, changesOf, endChanges, EventReach } from './unit-changes';

/** The unit of work the current async context runs in. */
interface RunningUnit {
  readonly manager: EntityManager;
  /** Whether it took named locks (MySQL `GET_LOCK`), released when it ends. */
  namedLocks: boolean;
  /** Work to do last, inside the transaction, just before the commit (by key, once each). */
  readonly beforeCommit: Map<string, (manager: EntityManager) => Promise<void>>;
}

const current = new AsyncLocalStorage<RunningUnit>();

/**
 * Whether this async context runs inside a unit of work: its reads see its own uncommitted
 * writes, which no cache may keep.
 */
export function inUnitOfWork(): boolean {
  return current.getStore() !== undefined;
}

/** How long a unit waits for a name another unit is creating before it starts again. */
const NAME_LOCK_WAIT_SECONDS = 2;

/** How a unit of work runs. */
export interface UnitOptions {
  /** It writes no row any read answer shows (see `UnitChanges.leavesListings`). */
  readonly leavesListings?: boolean;
}

/** Attempts of one unit of work before a conflict is answered 503 `rest_service_busy`. */
export const MAX_ATTEMPTS = 5;

/** The first retry waits up to this long; each next one up to twice the one before. */
const BASE_BACKOFF_MS = 10;

/** Full jitter: a random wait below the attempt's ceiling, so retries of a crowd spread out. */
function backoff(attempt: number): number {
  return Math.random() * BASE_BACKOFF_MS * 2 ** (attempt - 1);
}

/**
 * Serialises the units of work of one process. SQLite has one writer and TypeORM's SQLite
 * driver one connection, on which concurrent transactions would nest into each other's
 * savepoints; MySQL and MariaDB need no queue (their transactions are isolated by connection).
 */
class WriterQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work, work);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/**
 * One request's writes as one transaction (issue 14, "one unit of work per request"). A write
 * request's handler runs inside {@link UnitOfWork.run}; repositories take {@link manager} for
 * every read and write, and {@link transaction} where they need one, which joins the request's.
 * A deadlock, a lock wait timeout or a busy SQLite file rolls the whole unit back and runs it
 * again, up to {@link MAX_ATTEMPTS} times with jittered backoff; then the caller is told 503
 * with `Retry-After`. A connection lost during the commit leaves its outcome unknown, and the
 * caller is told so (503 `rest_commit_unknown`), never that it failed.
 */
@Injectable()
export class UnitOfWork {
  private readonly logger = new Logger('UnitOfWork');
  private readonly queue: WriterQueue | null;
  /** Units of work run again after a conflict, since start (metrics). */
  retries = 0;
  /** Units of work that met a conflict on every attempt and were answered busy (metrics). */
  gaveUp = 0;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.queue = dataSource.options.type === 'better-sqlite3' ? new WriterQueue() : null;
  }

  /** The running unit of work's manager; outside one, the data source's. */
  get manager(): EntityManager {
    return current.getStore()?.manager ?? this.dataSource.manager;
  }

  /** Whether row locks (`SELECT … FOR UPDATE`) apply: MySQL and MariaDB, inside a unit. */
  private get locksRows(): boolean {
    return current.getStore() !== undefined && this.queue === null;
  }

  /**
   * The option that makes a `find` inside a write unit lock the rows it reads until the commit
   * (`SELECT … FOR UPDATE`), so a concurrent write of the same item waits for this one instead
   * of writing back what it read before. SQLite's units run one at a time and need none.
   */
  get rowLock(): { lock?: { mode: 'pessimistic_write' } } {
    return this.locksRows ? { lock: { mode: 'pessimistic_write' } } : {};
  }

  /** `query` with the same lock as {@link rowLock}, for query builders. */
  lockedInWrites<E extends ObjectLiteral>(query: SelectQueryBuilder<E>): SelectQueryBuilder<E> {
    return this.locksRows ? query.setLock('pessimistic_write') : query;
  }

  /**
   * Runs `work` as one transaction, retried whole on a conflict. Inside a running unit it joins
   * that unit instead (one request, one transaction).
   */
  async run<T>(work: () => Promise<T>, options: UnitOptions = {}): Promise<T> {
    if (current.getStore()) return work();
    for (let attempt = 1; ; attempt += 1) {
      try {
        const once = (): Promise<T> => this.once(work, options);
        return await (this.queue ? this.queue.run(once) : once());
      } catch (error) {
        if (!isTransientConflict(error)) throw error;
        if (attempt >= MAX_ATTEMPTS) {
          this.gaveUp += 1;
          this.logger.warn(`A unit of work met a conflict ${attempt} times; answered busy`);
          throw new DomainError('serviceBusy');
        }
        this.retries += 1;
        await sleep(backoff(attempt));
      }
    }
  }

  /** `work` in the running unit's transaction, or in one of its own outside a unit. */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const unit = current.getStore();
    return unit ? work(unit.manager) : this.run(() => work(this.manager));
  }

  /**
   * Runs `task` last in the running unit, inside its transaction, just before the commit
   * (once per `key`: a second call with the same key is ignored). Work that takes a lock every
   * writer needs (the change log's sequence) goes here, so the lock is held only for the
   * commit. Outside a unit, `task` runs at once in a unit of its own.
   */
  async beforeCommit(key: string, task: (manager: EntityManager) => Promise<void>): Promise<void> {
    const unit = current.getStore();
    if (!unit) {
      await this.run(() => task(this.manager));
      return;
    }
    if (!unit.beforeCommit.has(key)) unit.beforeCommit.set(key, task);
  }

  /**
   * Marks the running unit as changing nothing an anonymous read shows (see
   * `UnitChanges.unseenByPublic`). Only code that knows every write of the unit may say so: an
   * event write, whose unit is its request's (or one imported item's, with its bookkeeping).
   */
  markUnseenByPublic(): void {
    const runner = current.getStore()?.manager.queryRunner;
    if (runner) changesOf(runner).unseenByPublic = true;
  }

  /**
   * Marks the running unit as event `eventId`'s own write (see `UnitChanges.narrowedTo`). Only
   * code that knows every write of the unit may say so, as for {@link markUnseenByPublic}.
   */
  markNarrowedToFiledTerms(eventId: number): void {
    const runner = current.getStore()?.manager.queryRunner;
    if (runner) changesOf(runner).narrowedTo = eventId;
  }

  /**
   * Notes, in the running unit, what the event it is narrowed to reaches before or after its
   * writes (see `UnitChanges.searchPrefixes`, `venues` and `organizers`).
   */
  noteReach(reach: EventReach): void {
    const runner = current.getStore()?.manager.queryRunner;
    if (runner) changesOf(runner).addReach(reach);
  }

  /** Whether a unit of work is running in this async context. */
  get inUnit(): boolean {
    return inUnitOfWork();
  }

  /**
   * Inside a write unit on MySQL/MariaDB, holds the name `key` of `scope` (a venue's, a term's)
   * until the unit ends, so two units creating items of one name run one after the other and
   * the second finds the first's item (units read committed rows). A wait past
   * {@link NAME_LOCK_WAIT_SECONDS} starts the unit again, like a deadlock. SQLite's units run
   * one at a time and need none.
   */
  async lockName(scope: string, key: string): Promise<void> {
    const unit = current.getStore();
    if (!unit || this.queue !== null) return;
    const database = String(this.dataSource.options.database ?? '');
    const digest = createHash('sha1').update(`${database}\0${scope}\0${key}`).digest('hex');
    unit.namedLocks = true;
    const rows: unknown = await unit.manager.query('SELECT GET_LOCK(?, ?) AS got', [
      `calendar:${digest}`,
      NAME_LOCK_WAIT_SECONDS,
    ]);
    const got = Array.isArray(rows) ? (rows[0] as { got?: unknown } | undefined)?.got : undefined;
    if (Number(got) !== 1) throw new NamedLockTimeoutError();
  }

  private async once<T>(work: () => Promise<T>, options: UnitOptions): Promise<T> {
    const runner = this.dataSource.createQueryRunner('master');
    // SQLite hands out one query runner for every unit: each unit starts a fresh record of
    // what it changed, taken off the runner as it ends.
    beginChanges(runner, options.leavesListings === true);
    const unit: RunningUnit = {
      manager: runner.manager,
      namedLocks: false,
      beforeCommit: new Map(),
    };
    try {
      // Read committed: a unit sees what others committed while it waited for their locks.
      await runner.startTransaction(this.queue === null ? 'READ COMMITTED' : undefined);
      let result: T;
      try {
        result = await current.run(unit, work);
        for (const task of unit.beforeCommit.values()) await task(unit.manager);
      } catch (error) {
        await runner.rollbackTransaction().catch(() => undefined);
        throw error;
      }
      try {
        await runner.commitTransaction();
      } catch (error) {
        // The connection broke during the COMMIT: only the server knows whether it is in.
        if (isConnectionLost(error)) throw new DomainError('commitUnknown');
        await runner.rollbackTransaction().catch(() => undefined);
        throw error;
      }
      return result;
    } catch (error) {
      if (isConnectionLost(error)) throw new DomainError('databaseUnavailable');
      throw error;
    } finally {
      const after = endChanges(runner)?.afterUnit;
      if (after) await after();
      if (unit.namedLocks) await this.releaseNames(runner);
      await runner.release();
    }
  }

  private async releaseNames(runner: QueryRunner): Promise<void> {
    try {
      await runner.query('SELECT RELEASE_ALL_LOCKS()');
    } catch {
      // A lost connection has released them already.
    }
  }
}
