import { Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import { AppConfig } from '../config/app-config';
import { readingFromPrimary, readsFromReplica } from '../database/read-routing';
import { inUnitOfWork } from '../database/unit-of-work';
import { changeHeadSource } from './change-head-source';
import { GoLiveSource, GoLiveSweep } from './go-live-sweep';
import { LogHeadWatch } from './log-head-watch';
import type { Template } from './live-answer';
import { MemoryReadCacheStore } from './memory-read-cache.store';
import {
  CachedAnswer,
  CacheLookup,
  EVERY_ANSWER,
  ReadCacheStore,
  SCHEDULED,
  WriteChange,
  WriteTicket,
} from './read-cache.store';
import { RedisOutageWarning } from './redis-outage-warning';
import { RedisReadCacheStore } from './redis-read-cache.store';

/** One request's step with the change log head: the first use's, shared by the rest. */
interface RequestStep {
  step?: Promise<void> | 'done';
}

const requestSteps = new AsyncLocalStorage<RequestStep>();

/** How a total is counted again (ReadCache.countWith). */
interface Counter {
  readonly count: () => Promise<number>;
  readonly dependsOn: readonly string[];
  /** Until when nothing but a write changes the total (the route's, as for `remember`). */
  readonly stableUntil?: number;
  /** Whether it is made again ahead (`remember`'s `refreshAhead`): a search's total. */
  readonly refreshAhead: boolean;
}

/** The most totals `countWith` remembers how to count. */
const MAX_COUNTERS = 10_000;

/**
 * Values of one kind kept in this process for one listing version (see `rememberEach`), and
 * through later versions while none of the read-cache keys a value depends on moved.
 */
export class VersionMemo<K, V> {
  version: string | null = null;
  madeAt = 0;
  readonly values = new Map<K, V>();
  /** The version each value was loaded under. */
  readonly loadedUnder = new Map<K, string>();
  /** The loads in flight under `version`, by key. */
  loading = new Map<K, Promise<ReadonlyMap<K, V>>>();

  /**
   * `dependsOn`: the keys whose moves change the value of a key (a term's count: its term key;
   * none for values only writes that end everything change). Without it, every move does.
   */
  constructor(readonly dependsOn?: (key: K) => readonly string[]) {}
}

/**
 * The read cache of anonymous GET answers and the listing version that invalidates it: in this
 * process by default, in Redis when `CACHE_URL` is set. `READ_CACHE_TTL_MS=0` turns it off.
 * Kept in this process, it is checked against the change log's head for each request, so writes
 * of other processes on the same database end it too (LogHeadWatch).
 */
@Injectable()
export class ReadCache implements OnModuleInit, OnApplicationShutdown {
  readonly enabled: boolean;
  readonly ttlMs: number;
  /** The longest an answer a route marks as stable is kept (`READ_CACHE_LIST_TTL_MS`). */
  private readonly stableTtlMs: number;
  private readonly store: ReadCacheStore;
  /** Reads of GET requests with a token go to replicas (read-routing.ts). */
  private readonly replicated: boolean;
  /** Where the term counts that fill kept list templates come from (see `useTermCounts`). */
  private counts?: (ids: readonly number[]) => Promise<ReadonlyMap<number, number>>;
  /**
   * How this process counts the totals its list templates need again after a write (see
   * `countWith`), by key, the least recently set first.
   */
  private readonly counters = new Map<string, Counter>();
  /**
   * What this process's reads found (`/metrics`): whole answers replayed (`hit`), made by their
   * route (`miss`) or waited for while another request made them (`joined`); and item
   * renderings a list reused (`kept`) or made again (`made`).
   */
  readonly tally = {
    answers: { hit: 0, miss: 0, joined: 0 },
    renderings: { kept: 0, made: 0 },
  };
  /** The values `remember` is computing, by version and key. */
  private readonly computing = new Map<string, Promise<unknown>>();
  /** The keys whose values `refreshAhead` is making. */
  private readonly refreshing = new Set<string>();
  /** Keeps a cache of this process in step with other processes' writes (none with Redis). */
  private readonly watch?: LogHeadWatch;
  private readonly headOutage = new RedisOutageWarning(
    'ReadCache',
    'answering from what this process kept',
    'The change log head',
  );
  /** Ends what scheduled items change as they go live (see `useGoLives`). */
  private goLives?: GoLiveSweep;
  private readonly goLiveOutage = new RedisOutageWarning(
    'ReadCache',
    'reading the database without the cache',
    'The next go-live',
  );

  constructor(config: AppConfig) {
    this.ttlMs = config.READ_CACHE_TTL_MS;
    this.stableTtlMs = config.READ_CACHE_LIST_TTL_MS;
    this.enabled = this.ttlMs > 0;
    this.replicated = Boolean(config.DATABASE_URL) && config.DATABASE_REPLICA_URLS.length > 0;
    // A write that has not ended well after the request deadline is taken as abandoned.
    const writeTicketMs = config.REQUEST_TIMEOUT_MS * 2;
    this.store = config.CACHE_URL
      ? new RedisReadCacheStore(
          config.CACHE_URL,
          config.CACHE_PREFIX,
          writeTicketMs,
          // A key's last move outlives every answer that may depend on it.
          2 * Math.max(this.ttlMs, this.stableTtlMs) + 60_000,
        )
      : new MemoryReadCacheStore(
          config.READ_CACHE_MAX_BYTES,
          config.READ_CACHE_RENDERINGS_MAX_BYTES,
        );
    const heads = this.enabled && !config.CACHE_URL ? changeHeadSource(config) : undefined;
    if (heads) this.watch = new LogHeadWatch(heads, () => this.store.clear());
  }

  /** Waits (briefly) for a shared store's connection, so the first reads can use it. */
  async onModuleInit(): Promise<void> {
    if (this.enabled) await this.store.ready();
  }

  async lookup(key: string): Promise<CacheLookup> {
    const stepping = this.inStep();
    if (stepping) await stepping;
    for (;;) {
      const found = await this.store.lookup(key);
      const moving = this.goLivesDue(found.version);
      if (moving === undefined) return found;
      const moved = await moving;
      if (moved === null) return { version: null };
      if (!moved) return found;
    }
  }

  /** The current listing version, once the go-lives due have moved it (see `lookup`). */
  private async version(): Promise<string | null> {
    for (;;) {
      const version = await this.store.version();
      const moving = this.goLivesDue(version);
      if (moving === undefined) return version;
      const moved = await moving;
      if (moved === null) return null;
      if (!moved) return version;
    }
  }

  /**
   * Where the cache learns when scheduled items go live and what that changes (the events
   * module's): each go-live then ends what a write of that item would, the first time the cache
   * is used at or after it (GoLiveSweep), instead of every answer the clock could change.
   */
  useGoLives(source: GoLiveSource): void {
    if (!this.enabled) return;
    const move = async (change: WriteChange): Promise<void> =>
      this.store.endWrite(await this.store.beginWrite(), change);
    // Only writes of scheduled items (SCHEDULED) and writes that end everything (a new epoch)
    // change when the next item goes live.
    const carries = (since: string, now: string): boolean =>
      this.store.keptBetween?.(since, now, [SCHEDULED]) === true;
    this.goLives = new GoLiveSweep(source, move, Math.max(this.ttlMs, this.stableTtlMs), carries);
  }

  /**
   * Undefined when what is kept under `version` is in step with the clock; else a promise of
   * whether go-lives moved the version (look again), or null when the next go-live cannot be
   * read (the database away: then nothing kept is used, nor kept).
   */
  private goLivesDue(version: string | null): Promise<boolean | null> | undefined {
    if (this.goLives === undefined || version === null) return undefined;
    const moving = this.goLives.check(version);
    return moving?.catch((error: unknown) => {
      this.goLiveOutage.warn(error);
      return null;
    });
  }

  /**
   * Brings the store in step with every write another process committed before this call
   * (LogHeadWatch), once the promise resolves (undefined: in step already). When the head
   * cannot be read (the database away), the store answers from what it kept, as it would
   * without the check (each answer lives at most its TTL), and a warning is logged once a
   * minute: a kept answer is worth more than a 503 then.
   */
  private inStep(): Promise<void> | undefined {
    if (!this.watch) return undefined;
    const request = requestSteps.getStore();
    if (request?.step === 'done') return undefined;
    if (request?.step) return request.step;
    const stepping = this.watch.synced().then(
      () => {
        if (request) request.step = 'done';
      },
      (error: unknown) => this.headOutage.warn(error),
    );
    if (request) request.step = stepping;
    return stepping;
  }

  /**
   * Runs `work` (one request's handling) so that its uses of the cache share one step with the
   * change log head, the first: it began after the request arrived, so every write committed
   * before then is in step for all of them (a cache hit reads its answer, its total and its
   * term counts, and would read the head three times).
   */
  oneRequest<T>(work: () => T): T {
    return requestSteps.run({}, work);
  }

  /** A unit of work of this process took change log positions `first` to `last`. */
  tookPositions(unit: object, first: number, last: number): void {
    this.watch?.took(unit, first, last);
  }

  /** A unit of work ended: committed, or not (rolled back, or its outcome unknown). */
  unitEnded(unit: object, committed: boolean): Promise<void> {
    return this.watch ? this.watch.ended(unit, committed) : Promise.resolve();
  }

  /** The kept answer is usable from when it was made until it expires. */
  isFresh(answer: CachedAnswer, now: number): boolean {
    return answer.madeAt <= now && now < answer.expiresAt;
  }

  /**
   * When an answer made at `madeAt` expires: after the TTL, which bounds what the clock alone
   * may change in it; or, when its route knows that nothing but a write changes it until
   * `stableUntil`, then, up to `READ_CACHE_LIST_TTL_MS` (never sooner than the TTL).
   */
  expiryOf(madeAt: number, stableUntil?: number): number {
    const ttl = madeAt + this.ttlMs;
    if (stableUntil === undefined) return ttl;
    return Math.max(ttl, Math.min(stableUntil, madeAt + this.stableTtlMs));
  }

  /**
   * Keeps `answer` under `version`, found until one of `dependsOn` moves (from a listing
   * position up to `until`, if given: see ReadCacheStore.set) or it expires.
   */
  keep(
    version: string,
    key: string,
    answer: CachedAnswer,
    dependsOn: readonly string[] = [EVERY_ANSWER],
    until?: number,
  ): Promise<void> {
    const ttlMs = Math.max(1, answer.expiresAt - Date.now());
    return this.store.set(version, key, answer, ttlMs, dependsOn, until);
  }

  /**
   * Notes how the total kept under `key` is counted (a closure over its filter that reads the
   * clock afresh), so a kept list template whose total a write ended, or whose total expired,
   * counts it again instead of reading its page too (live-answer.ts), and keeps it as `remember`
   * does with the same `stableUntil` and `refreshAhead`. Only for this process: an instance that
   * never read the list reads it whole.
   */
  countWith(
    key: string,
    count: () => Promise<number>,
    dependsOn: readonly string[],
    how: { readonly stableUntil?: number; readonly refreshAhead?: boolean } = {},
  ): void {
    if (!this.enabled) return;
    this.counters.delete(key);
    this.counters.set(key, {
      count,
      dependsOn,
      ...(how.stableUntil !== undefined ? { stableUntil: how.stableUntil } : {}),
      refreshAhead: how.refreshAhead ?? false,
    });
    if (this.counters.size > MAX_COUNTERS) {
      const oldest = this.counters.keys().next();
      if (oldest.done !== true) this.counters.delete(oldest.value);
    }
  }

  /**
   * The total kept under `key` for the current version, else counted again as `countWith`
   * said; undefined when this process cannot count it. Kept until the instant the route that
   * first counted it gave (the window's next move, when the window moves; past it, for the TTL
   * only): until 2026-12-07 a total counted again here was kept for the TTL alone, so each
   * kept page of a search counted its whole match again every `READ_CACHE_TTL_MS` once its
   * first total expired (4–5 s a count for a common word at 1M on MariaDB).
   */
  async total(key: string): Promise<number | undefined> {
    const counter = this.counters.get(key);
    return counter
      ? this.remember(
          key,
          counter.count,
          counter.dependsOn,
          counter.stableUntil,
          counter.refreshAhead,
        )
      : this.peek<number>(key);
  }

  /** Sets where the counts of terms that fill kept list templates are read (live-answer.ts). */
  useTermCounts(counts: (ids: readonly number[]) => Promise<ReadonlyMap<number, number>>): void {
    this.counts = counts;
  }

  /** The current counts of terms `ids` (those with none set are missing). */
  termCounts(ids: readonly number[]): Promise<ReadonlyMap<number, number>> {
    return this.counts ? this.counts(ids) : Promise.resolve(new Map());
  }

  /** The value {@link remember} keeps under `key` for the current version, if it has one. */
  async peek<T>(key: string): Promise<T | undefined> {
    if (!this.shares()) return undefined;
    const { answer } = await this.lookup(key);
    if (!answer || !this.isFresh(answer, Date.now())) return undefined;
    return JSON.parse(answer.body.toString()) as T;
  }

  /**
   * The value kept under `key` for the current listing version, else `compute()`'s, kept for the
   * next caller (kept under the version seen before `compute()` ran, like answers).
   * For values every viewer of a request shares, such as a list's total. A request that reads
   * from a replica neither uses nor keeps them: a lagging replica's value must not be kept, and
   * its reader sees the replica's view throughout. `dependsOn` narrows what ends it, as for
   * answers; `stableUntil` keeps it as long as an answer of a route that says so (expiryOf).
   * `refreshAhead`: a value costly to make (a search's head) that is read in the last fifth of
   * its life is made again behind the read that found it ({@link refreshAhead}).
   */
  async remember<T>(
    key: string,
    compute: () => Promise<T>,
    dependsOn: readonly string[] = [EVERY_ANSWER],
    stableUntil?: number,
    refreshAhead = false,
  ): Promise<T> {
    if (!this.shares()) return compute();
    const { version, answer } = await this.lookup(key);
    const now = Date.now();
    if (answer && this.isFresh(answer, now)) {
      if (refreshAhead && version !== null) {
        this.refreshAhead(answer, now, version, key, compute, dependsOn, stableUntil);
      }
      return JSON.parse(answer.body.toString()) as T;
    }
    if (version === null) return compute();
    // Reads that miss the same value under the same version wait for the one computing it: it
    // is what they would keep (no write moved the version since any of them looked).
    const flight = `${version} ${key}`;
    const running = this.computing.get(flight);
    if (running) {
      // Its reader may have been cancelled (a client gone): then this one reads for itself.
      try {
        return (await running) as T;
      } catch {
        return compute();
      }
    }
    const computed = this.computeAndKeep(version, key, compute, dependsOn, stableUntil);
    this.computing.set(flight, computed);
    try {
      return await computed;
    } finally {
      this.computing.delete(flight);
    }
  }

  /**
   * Makes `key`'s value again behind a read that found `kept` fresh, when `kept` is in the last
   * fifth of its life and a value made now would live longer (not when the window it was read
   * for moves first): kept under `version` as a miss's value would be, so nothing newer than a
   * miss would see is kept, and a miss of the same version meanwhile waits for it instead of
   * making it too. Why: a search of a common word takes seconds at a million events on MariaDB,
   * and the searches the users' workload reads were all made again every
   * `READ_CACHE_LIST_TTL_MS`, with reads queued behind them. A failure keeps nothing; the next
   * miss makes the value as ever.
   */
  private refreshAhead<T>(
    kept: CachedAnswer,
    now: number,
    version: string,
    key: string,
    compute: () => Promise<T>,
    dependsOn: readonly string[],
    stableUntil: number | undefined,
  ): void {
    const life = kept.expiresAt - kept.madeAt;
    if (kept.expiresAt - now > life / 5) return;
    if (this.expiryOf(now, stableUntil) <= kept.expiresAt) return;
    // One at a time per key, whatever the version: under writes the version moves many times
    // a second, and one made ahead under each would run the same search again and again.
    if (this.refreshing.has(key)) return;
    const flight = `${version} ${key}`;
    if (this.computing.has(flight)) return;
    const computed = readingFromPrimary(() =>
      this.computeAndKeep(version, key, compute, dependsOn, stableUntil),
    );
    this.refreshing.add(key);
    this.computing.set(flight, computed);
    void computed
      .catch(() => undefined)
      .finally(() => {
        this.refreshing.delete(key);
        if (this.computing.get(flight) === computed) this.computing.delete(flight);
      });
  }

  private async computeAndKeep<T>(
    version: string,
    key: string,
    compute: () => Promise<T>,
    dependsOn: readonly string[],
    stableUntil: number | undefined,
  ): Promise<T> {
    const value = await compute();
    const madeAt = Date.now();
    const kept = {
      body: Buffer.from(JSON.stringify(value)),
      etag: '',
      headers: {},
      madeAt,
      expiresAt: this.expiryOf(madeAt, stableUntil),
    };
    await this.store.set(version, key, kept, Math.max(1, kept.expiresAt - madeAt), dependsOn);
    return value;
  }

  /**
   * The values of `keys`, from `memo` (this process's values of one kind, such as the terms
   * events are filed under) where it holds them for the current listing version and the TTL,
   * else from `load` (given the keys it lacks), then kept there unless a read under a newer
   * version has started the memo afresh meanwhile. Values loaded as a write commits may be kept
   * under the version before its move, which no read asks for once it has moved (as answers are).
   * For values that are not plain JSON (entities with dates) and that reads share by key. The
   * same rules as {@link remember}: not inside a write, not for replica reads.
   */
  async rememberEach<K, V>(
    memo: VersionMemo<K, V>,
    keys: readonly K[],
    load: (missing: K[]) => Promise<ReadonlyMap<K, V>>,
  ): Promise<Map<K, V>> {
    const unique = [...new Set(keys)];
    let version: string | null = null;
    if (this.shares()) {
      const stepping = this.inStep();
      if (stepping) await stepping;
      version = await this.version();
    }
    if (version === null) return new Map(await load(unique));
    const now = Date.now();
    if (!(memo.madeAt <= now && now - memo.madeAt < this.ttlMs)) {
      memo.version = version;
      memo.madeAt = now;
      memo.values.clear();
      memo.loadedUnder.clear();
      memo.loading = new Map();
    } else if (memo.version !== version) {
      this.carryOver(memo, version);
    }
    const missing = unique.filter((key) => !memo.values.has(key));
    // Keys another read is loading under this version are waited for, not loaded again (right
    // after a write, every read of a page misses the same terms at once).
    const flights = memo.loading;
    const waited: [K, Promise<ReadonlyMap<K, V>>][] = [];
    const toLoad: K[] = [];
    for (const key of missing) {
      const flight = flights.get(key);
      if (flight) waited.push([key, flight]);
      else toLoad.push(key);
    }
    const loading = toLoad.length > 0 ? load(toLoad) : Promise.resolve(new Map<K, V>());
    for (const key of toLoad) flights.set(key, loading);
    const loaded = new Map<K, V>();
    try {
      for (const [key, value] of await loading) loaded.set(key, value);
    } finally {
      for (const key of toLoad) if (flights.get(key) === loading) flights.delete(key);
    }
    if (memo.version === version) {
      for (const [key, value] of loaded) {
        memo.values.set(key, value);
        memo.loadedUnder.set(key, version);
      }
    }
    for (const [key, flight] of waited) {
      // A load that failed (its reader's query cancelled) is read again by this one.
      const value = (await flight.catch(() => load([key]))).get(key);
      if (value !== undefined) loaded.set(key, value);
    }
    const found = new Map<K, V>();
    for (const key of unique) {
      const value = loaded.get(key) ?? memo.values.get(key);
      if (value !== undefined) found.set(key, value);
    }
    return found;
  }

  /**
   * Moves `memo` to `version`, keeping the values none of whose keys moved since they were
   * loaded, where the store can tell at no cost (in this process); else none.
   */
  private carryOver<K, V>(memo: VersionMemo<K, V>, version: string): void {
    const { dependsOn } = memo;
    for (const [key, since] of memo.loadedUnder) {
      const keys = dependsOn?.(key);
      if (keys === undefined || this.store.keptBetween?.(since, version, keys) !== true) {
        memo.values.delete(key);
        memo.loadedUnder.delete(key);
      }
    }
    memo.version = version;
    memo.loading = new Map();
  }

  /**
   * The renderings of items (JSON text with their terms' counts as holes, itemTemplateOf) kept
   * under `keys` for the current version, and that version, under which the missing ones are
   * kept ({@link keepRendering}); a null version when nothing may be shared now (the same rules
   * as {@link remember}, or the store away).
   */
  async keptRenderings(
    keys: readonly string[],
  ): Promise<{ version: string | null; kept: Map<string, Template> }> {
    const kept = new Map<string, Template>();
    if (!this.shares()) return { version: null, kept };
    const stepping = this.inStep();
    if (stepping) await stepping;
    // Read before the renderings: one kept under it was read from data no older than it.
    const version = await this.version();
    if (version === null) return { version, kept };
    const found = await Promise.all(keys.map((key) => this.store.lookup(key)));
    const now = Date.now();
    found.forEach(({ answer }, index) => {
      const key = keys[index];
      // One kept without its holes (by an earlier release, in a shared store) is made again.
      if (key !== undefined && answer?.live && this.isFresh(answer, now)) {
        kept.set(key, { body: answer.body, live: answer.live });
      }
    });
    this.tally.renderings.kept += kept.size;
    this.tally.renderings.made += keys.length - kept.size;
    return { version, kept };
  }

  /**
   * Keeps an item's rendering made from data read under `version`, until one of `dependsOn`
   * moves or it expires: as an answer whose route says nothing but a write changes it until
   * `stableUntil` (expiryOf).
   */
  keepRendering(
    version: string,
    key: string,
    rendering: Template,
    dependsOn: readonly string[],
    stableUntil: number | undefined,
  ): Promise<void> {
    const madeAt = Date.now();
    const expiresAt = this.expiryOf(madeAt, stableUntil);
    const kept = {
      body: rendering.body,
      live: rendering.live,
      etag: '',
      headers: {},
      madeAt,
      expiresAt,
    };
    return this.store.set(version, key, kept, Math.max(1, expiresAt - madeAt), dependsOn);
  }

  /** Whether values read now may be shared through the cache (see {@link remember}). */
  private shares(): boolean {
    return this.enabled && !inUnitOfWork() && !(this.replicated && readsFromReplica());
  }

  beginWrite(): Promise<WriteTicket> {
    return this.store.beginWrite();
  }

  endWrite(ticket: WriteTicket, change: WriteChange): Promise<void> {
    return this.store.endWrite(ticket, change);
  }

  /** See ReadCacheStore.replace. */
  replace(key: string, previous: CachedAnswer, next: CachedAnswer): Promise<void> {
    return this.store.replace(key, previous, next);
  }

  /** Forgets every kept answer: for data changed without the service (tests, scripts). */
  clear(): Promise<void> {
    return this.store.clear();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
    await this.watch?.close();
  }
}
