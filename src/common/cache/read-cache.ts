import { Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { readsFromReplica } from '../../database/read-routing';
import { inUnitOfWork } from '../../database/unit-of-work';
import { MemoryReadCacheStore } from './memory-read-cache.store';
import {
  CachedAnswer,
  CacheLookup,
  EVERY_ANSWER,
  ReadCacheStore,
  WriteChange,
  WriteTicket,
} from './read-cache.store';
import { RedisReadCacheStore } from './redis-read-cache.store';

/** Values of one kind kept in this process for one listing version (see `rememberEach`). */
export class VersionMemo<K, V> {
  version: string | null = null;
  madeAt = 0;
  readonly values = new Map<K, V>();
}

/**
 * The read cache of anonymous GET answers and the listing version that invalidates it: in this
 * process by default, in Redis when `CACHE_URL` is set. `READ_CACHE_TTL_MS=0` turns it off.
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
      : new MemoryReadCacheStore(config.READ_CACHE_MAX_BYTES);
  }

  /** Waits (briefly) for a shared store's connection, so the first reads can use it. */
  async onModuleInit(): Promise<void> {
    if (this.enabled) await this.store.ready();
  }

  lookup(key: string): Promise<CacheLookup> {
    return this.store.lookup(key);
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

  /** Keeps `answer` under `version`, found until one of `dependsOn` moves (or it expires). */
  keep(
    version: string,
    key: string,
    answer: CachedAnswer,
    dependsOn: readonly string[] = [EVERY_ANSWER],
  ): Promise<void> {
    const ttlMs = Math.max(1, answer.expiresAt - Date.now());
    return this.store.set(version, key, answer, ttlMs, dependsOn);
  }

  /**
   * The value kept under `key` for the current listing version, else `compute()`'s, kept for the
   * next caller (kept under the version seen before `compute()` ran, like answers).
   * For values every viewer of a request shares, such as a list's total. A request that reads
   * from a replica neither uses nor keeps them: a lagging replica's value must not be kept, and
   * its reader sees the replica's view throughout. `dependsOn` narrows what ends it, as for
   * answers.
   */
  async remember<T>(
    key: string,
    compute: () => Promise<T>,
    dependsOn: readonly string[] = [EVERY_ANSWER],
  ): Promise<T> {
    if (!this.shares()) return compute();
    const { version, answer } = await this.store.lookup(key);
    if (answer && this.isFresh(answer, Date.now())) return JSON.parse(answer.body.toString()) as T;
    const value = await compute();
    if (version !== null) {
      const madeAt = Date.now();
      const kept = {
        body: Buffer.from(JSON.stringify(value)),
        etag: '',
        headers: {},
        madeAt,
        expiresAt: this.expiryOf(madeAt),
      };
      await this.store.set(version, key, kept, this.ttlMs, dependsOn);
    }
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
    const version = this.shares() ? await this.store.version() : null;
    if (version === null) return new Map(await load(unique));
    const now = Date.now();
    if (memo.version !== version || !(memo.madeAt <= now && now - memo.madeAt < this.ttlMs)) {
      memo.version = version;
      memo.madeAt = now;
      memo.values.clear();
    }
    const missing = unique.filter((key) => !memo.values.has(key));
    const loaded = missing.length > 0 ? await load(missing) : new Map<K, V>();
    if (memo.version === version) {
      for (const [key, value] of loaded) memo.values.set(key, value);
    }
    const found = new Map<K, V>();
    for (const key of unique) {
      const value = loaded.get(key) ?? memo.values.get(key);
      if (value !== undefined) found.set(key, value);
    }
    return found;
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

  /** Forgets every kept answer: for data changed without the service (tests, scripts). */
  clear(): Promise<void> {
    return this.store.clear();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
