import { Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { readsFromReplica } from '../../database/read-routing';
import { MemoryReadCacheStore } from './memory-read-cache.store';
import { CachedAnswer, CacheLookup, ReadCacheStore, WriteTicket } from './read-cache.store';
import { RedisReadCacheStore } from './redis-read-cache.store';

/**
 * The read cache of anonymous GET answers and the listing version that invalidates it: in this
 * process by default, in Redis when `CACHE_URL` is set. `READ_CACHE_TTL_MS=0` turns it off.
 */
@Injectable()
export class ReadCache implements OnModuleInit, OnApplicationShutdown {
  readonly enabled: boolean;
  readonly ttlMs: number;
  private readonly store: ReadCacheStore;
  /** Reads of GET requests with a token go to replicas (read-routing.ts). */
  private readonly replicated: boolean;

  constructor(config: AppConfig) {
    this.ttlMs = config.READ_CACHE_TTL_MS;
    this.enabled = this.ttlMs > 0;
    this.replicated = Boolean(config.DATABASE_URL) && config.DATABASE_REPLICA_URLS.length > 0;
    // A write that has not ended well after the request deadline is taken as abandoned.
    const writeTicketMs = config.REQUEST_TIMEOUT_MS * 2;
    this.store = config.CACHE_URL
      ? new RedisReadCacheStore(config.CACHE_URL, config.CACHE_PREFIX, writeTicketMs)
      : new MemoryReadCacheStore(config.READ_CACHE_MAX_BYTES);
  }

  /** Waits (briefly) for a shared store's connection, so the first reads can use it. */
  async onModuleInit(): Promise<void> {
    if (this.enabled) await this.store.ready();
  }

  lookup(key: string): Promise<CacheLookup> {
    return this.store.lookup(key);
  }

  /** The kept answer is usable until its TTL runs out. */
  isFresh(answer: CachedAnswer, now: number): boolean {
    return answer.madeAt <= now && now - answer.madeAt < this.ttlMs;
  }

  keep(version: string, key: string, answer: CachedAnswer): Promise<void> {
    return this.store.set(version, key, answer, this.ttlMs);
  }

  /**
   * The value kept under `key` for the current listing version, else `compute()`'s, kept for the
   * next caller (kept under the version seen before `compute()` ran, like answers).
   * For values every viewer of a request shares, such as a list's total. A request that reads
   * from a replica neither uses nor keeps them: a lagging replica's value must not be kept, and
   * its reader sees the replica's view throughout.
   */
  async remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.enabled || (this.replicated && readsFromReplica())) return compute();
    const { version, answer } = await this.store.lookup(key);
    if (answer && this.isFresh(answer, Date.now())) return JSON.parse(answer.body) as T;
    const value = await compute();
    if (version !== null) {
      const kept = { body: JSON.stringify(value), etag: '', headers: {}, madeAt: Date.now() };
      await this.store.set(version, key, kept, this.ttlMs);
    }
    return value;
  }

  beginWrite(): Promise<WriteTicket> {
    return this.store.beginWrite();
  }

  endWrite(ticket: WriteTicket, changed: boolean): Promise<void> {
    return this.store.endWrite(ticket, changed);
  }

  /** Forgets every kept answer: for data changed without the service (tests, scripts). */
  clear(): Promise<void> {
    return this.store.clear();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
