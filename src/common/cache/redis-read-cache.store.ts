import { createHash, randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { RedisOutageWarning } from './redis-outage-warning';
import { CachedAnswer, CacheLookup, ReadCacheStore, WriteTicket } from './read-cache.store';

/**
 * Drops the write tickets whose time is up (a writer that died between its commit and telling
 * the cache) and moves the version for them, as their end would have.
 */
const EXPIRED_WRITES = `
if redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1]) > 0 then
  redis.call('INCR', KEYS[1])
end
local version = redis.call('GET', KEYS[1]) or '0'
`;

/** KEYS: version, writes; ARGV: now, answer key prefix, key. Returns {version, answer}. */
const LOOKUP = `${EXPIRED_WRITES}
return {version, redis.call('GET', ARGV[2] .. version .. ':' .. ARGV[3]) or ''}
`;

/** KEYS: version, writes; ARGV: now. Returns the version. */
const VERSION = `${EXPIRED_WRITES}
return version
`;

/** KEYS: version, writes; ARGV: now, answer key prefix, key, version seen, answer, ttl (ms). */
const STORE = `${EXPIRED_WRITES}
if version ~= ARGV[4] then return 0 end
redis.call('SET', ARGV[2] .. version .. ':' .. ARGV[3], ARGV[5], 'PX', ARGV[6])
return 1
`;

interface StoredAnswer {
  b: string;
  e: string;
  h: Record<string, string>;
  t: number;
  x: number;
}

function isStoredAnswer(value: unknown): value is StoredAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record['b'] === 'string' &&
    typeof record['e'] === 'string' &&
    typeof record['t'] === 'number' &&
    typeof record['x'] === 'number' &&
    typeof record['h'] === 'object' &&
    record['h'] !== null
  );
}

/**
 * The read cache shared by every instance that names the same Redis (`CACHE_URL`): the listing
 * version, the writes in flight (a sorted set of tickets by expiry: a writer that dies after its
 * commit moves the version when its ticket's time is up) and the answers, each under its
 * version with a TTL. Lookups and stores are one script each, so a read costs one round trip.
 * When Redis cannot be reached a read goes to the database and keeps nothing; a write goes ahead
 * (its bump is lost, and answers kept before it live at most their TTL).
 */
export class RedisReadCacheStore implements ReadCacheStore {
  private readonly outage = new RedisOutageWarning('ReadCache', 'reading the database');
  private readonly redis: Redis;
  private readonly versionKey: string;
  private readonly writesKey: string;
  private readonly answerPrefix: string;

  constructor(
    url: string,
    prefix: string,
    private readonly writeTicketMs: number,
  ) {
    this.redis = new Redis(url, {
      lazyConnect: false,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
    });
    this.redis.on('error', (error: Error) => this.warn(error));
    this.versionKey = `${prefix}version`;
    this.writesKey = `${prefix}writes`;
    this.answerPrefix = `${prefix}answer:`;
  }

  async ready(): Promise<void> {
    if (this.redis.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      this.redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async lookup(key: string): Promise<CacheLookup> {
    try {
      const found = await this.redis.eval(
        LOOKUP,
        2,
        this.versionKey,
        this.writesKey,
        Date.now(),
        this.answerPrefix,
        hashKey(key),
      );
      if (!Array.isArray(found)) return { version: null };
      const [version, stored] = found as unknown[];
      return { version: String(version), answer: parseAnswer(stored) };
    } catch (error) {
      this.warn(error);
      return { version: null };
    }
  }

  async version(): Promise<string | null> {
    try {
      const found = await this.redis.eval(VERSION, 2, this.versionKey, this.writesKey, Date.now());
      return typeof found === 'string' || typeof found === 'number' ? String(found) : null;
    } catch (error) {
      this.warn(error);
      return null;
    }
  }

  async set(version: string, key: string, answer: CachedAnswer, ttlMs: number): Promise<void> {
    const stored: StoredAnswer = {
      b: answer.body,
      e: answer.etag,
      h: { ...answer.headers },
      t: answer.madeAt,
      x: answer.expiresAt,
    };
    try {
      await this.redis.eval(
        STORE,
        2,
        this.versionKey,
        this.writesKey,
        Date.now(),
        this.answerPrefix,
        hashKey(key),
        version,
        JSON.stringify(stored),
        ttlMs,
      );
    } catch (error) {
      this.warn(error);
    }
  }

  async beginWrite(): Promise<WriteTicket> {
    const ticket = { id: randomUUID() };
    try {
      await this.redis.zadd(this.writesKey, Date.now() + this.writeTicketMs, ticket.id);
    } catch (error) {
      this.warn(error);
    }
    return ticket;
  }

  async endWrite(ticket: WriteTicket, changed: boolean): Promise<void> {
    try {
      const ending = this.redis.multi().zrem(this.writesKey, ticket.id);
      await (changed ? ending.incr(this.versionKey) : ending).exec();
    } catch (error) {
      this.warn(error);
    }
  }

  async clear(): Promise<void> {
    try {
      await this.redis.incr(this.versionKey);
    } catch (error) {
      this.warn(error);
    }
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** One warning a minute at most: a Redis outage must not flood the log. */
  private warn(error: unknown): void {
    this.outage.warn(error);
  }
}

/** Keys are request targets of up to MAX_URL_BYTES; Redis gets a fixed-length digest. */
function hashKey(key: string): string {
  return createHash('sha1').update(key).digest('base64url');
}

function parseAnswer(stored: unknown): CachedAnswer | undefined {
  if (typeof stored !== 'string' || stored === '') return undefined;
  const value: unknown = JSON.parse(stored);
  if (!isStoredAnswer(value)) return undefined;
  return {
    body: value.b,
    etag: value.e,
    headers: value.h,
    madeAt: value.t,
    expiresAt: value.x,
  };
}
