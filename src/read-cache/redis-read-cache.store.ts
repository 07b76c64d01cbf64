import { createHash, randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { MAX_FRONT } from './memory-read-cache.store';
import { RedisOutageWarning } from './redis-outage-warning';
import {
  CachedAnswer,
  CacheLookup,
  HOLE_STRIDE,
  LiveParts,
  ReadCacheStore,
  WriteChange,
  WriteTicket,
} from './read-cache.store';

/**
 * Drops the write tickets whose time is up (a writer that died between its commit and telling
 * the cache) and starts a new epoch for them, as their end would have (see ReadCacheStore), then
 * reads the version (`epoch:sequence`). KEYS: epoch, writes, sequence; ARGV[1]: now.
 */
const EXPIRED_WRITES = `
if redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1]) > 0 then
  redis.call('INCR', KEYS[1])
end
local epoch = redis.call('GET', KEYS[1]) or '0'
local sequence = redis.call('GET', KEYS[3]) or '0'
local version = epoch .. ':' .. sequence
`;

/**
 * Whether none of the comma-separated `keys` moved after `sequence`: their last moves under
 * `prefix`, or with `untilText` (a listing position, else ''), the last of their positioned moves
 * (a sorted set under `fronts` by position, of sequences) from a position up to it; a last move
 * the front does not hold (an earlier release's write) counts as reaching every position.
 */
const UNMOVED = `
local function unmoved(prefix, fronts, keys, sequence, untilText)
  for key in string.gmatch(keys, '[^,]+') do
    local moved = tonumber(redis.call('GET', prefix .. key) or '0')
    if moved > sequence then
      if untilText == '' then return false end
      -- Moved after it, but from where? A move an instance of an earlier release made has no
      -- place in the front (whose last entry, its latest move, is then older): it reaches all.
      local latest = redis.call('ZRANGE', fronts .. key, -1, -1)
      if not latest[1] or tonumber(latest[1]) < moved then return false end
      local last = redis.call('ZREVRANGEBYSCORE', fronts .. key, untilText, '-inf', 'LIMIT', 0, 1)
      if last[1] and tonumber(last[1]) > sequence then return false end
    end
  end
  return true
end
`;

/**
 * KEYS: epoch, writes, sequence; ARGV: now, answer key prefix, key, moves prefix, fronts prefix.
 * Returns {version, answer}: an answer is stored as `sequence|keys|until|answer` (see
 * {@link storedAnswer}) and found while none of its keys moved after its sequence.
 */
const LOOKUP = `${EXPIRED_WRITES}${UNMOVED}
local stored = redis.call('GET', ARGV[2] .. epoch .. ':' .. ARGV[3])
if not stored then return {version, ''} end
local first = string.find(stored, '|', 1, true)
local second = first and string.find(stored, '|', first + 1, true)
local third = second and string.find(stored, '|', second + 1, true)
local seen = third and tonumber(string.sub(stored, 1, first - 1))
if not seen then return {version, ''} end
local keys = string.sub(stored, first + 1, second - 1)
if not unmoved(ARGV[4], ARGV[5], keys, seen, string.sub(stored, second + 1, third - 1)) then
  return {version, ''}
end
return {version, string.sub(stored, third + 1)}
`;

/** KEYS: epoch, writes, sequence; ARGV: now. Returns the version. */
const VERSION = `${EXPIRED_WRITES}
return version
`;

/**
 * KEYS: epoch, writes, sequence; ARGV: now, answer key prefix, key, version seen, answer, ttl
 * (ms), moves prefix, keys the answer depends on (comma-separated), fronts prefix, until ('' for
 * none).
 */
const STORE = `${EXPIRED_WRITES}${UNMOVED}
local seenEpoch, seenSequence = string.match(ARGV[4], '^(%d+):(%d+)$')
if seenEpoch ~= epoch then return 0 end
if not unmoved(ARGV[7], ARGV[9], ARGV[8], tonumber(seenSequence), ARGV[10]) then return 0 end
redis.call('SET', ARGV[2] .. epoch .. ':' .. ARGV[3], seenSequence .. '|' .. ARGV[8] .. '|' .. ARGV[10] .. '|' .. ARGV[5], 'PX', ARGV[6])
return 1
`;

/**
 * Ends a write narrowed to keys: moves the sequence and records it as each key's last move, and
 * in each key's front (positioned moves by position, see MemoryReadCacheStore) from the write's
 * position: the moves at or after it are ended by this one, and past ${MAX_FRONT} the two earliest
 * become one. KEYS: writes, sequence; ARGV: ticket, moves prefix, how long a move is kept (ms),
 * fronts prefix, position ('-inf' for anywhere), keys...
 */
const END_NARROW = `
redis.call('ZREM', KEYS[1], ARGV[1])
local sequence = redis.call('INCR', KEYS[2])
for i = 6, #ARGV do
  redis.call('SET', ARGV[2] .. ARGV[i], sequence, 'PX', ARGV[3])
  local front = ARGV[4] .. ARGV[i]
  redis.call('ZREMRANGEBYSCORE', front, ARGV[5], '+inf')
  redis.call('ZADD', front, ARGV[5], sequence)
  if redis.call('ZCARD', front) > ${MAX_FRONT} then
    local two = redis.call('ZRANGE', front, 0, 1, 'WITHSCORES')
    redis.call('ZREM', front, two[1], two[3])
    redis.call('ZADD', front, two[2], two[3])
  end
  redis.call('PEXPIRE', front, ARGV[3])
end
return sequence
`;

/** What is kept of an answer besides its body, as JSON in front of it. */
interface StoredMeta {
  e: string;
  h: Record<string, string>;
  t: number;
  x: number;
  l?: StoredLive;
}

/**
 * LiveParts as stored: without the item spans (see {@link storedLive}), the holes and counts
 * as flat numbers under names of their own (`hs`, `cs`). Releases before 2026-12-07 stored
 * them as objects and pairs under `holes` and `counts`; either release reads what the other
 * kept as a miss (its check fails) and makes the answer again, never misreads it.
 */
interface StoredLive {
  totalKey?: string;
  page: number;
  perPage: number;
  next: string;
  total: number;
  hs: number[];
  cs: number[];
}

function isStoredMeta(value: unknown): value is StoredMeta {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record['e'] === 'string' &&
    typeof record['t'] === 'number' &&
    typeof record['x'] === 'number' &&
    typeof record['h'] === 'object' &&
    record['h'] !== null &&
    (record['l'] === undefined || isStoredLive(record['l']))
  );
}

function isStoredLive(value: unknown): value is StoredLive {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    // A single item's parts (and a kept rendering's) have no total key.
    (record['totalKey'] === undefined || typeof record['totalKey'] === 'string') &&
    typeof record['page'] === 'number' &&
    typeof record['perPage'] === 'number' &&
    typeof record['next'] === 'string' &&
    typeof record['total'] === 'number' &&
    isNumbers(record['hs'], HOLE_STRIDE) &&
    isNumbers(record['cs'], 2)
  );
}

/** Whether `value` is an array of integers in groups of `stride`. */
function isNumbers(value: unknown, stride: number): value is number[] {
  return (
    Array.isArray(value) &&
    value.length % stride === 0 &&
    value.every((item) => Number.isSafeInteger(item))
  );
}

/**
 * The read cache shared by every instance that names the same Redis (`CACHE_URL`): the listing
 * version (epoch and sequence, with each key's last move), the writes in flight (a sorted set of tickets by expiry: a writer that dies after its
 * commit moves the version when its ticket's time is up) and the answers, each under its
 * version with a TTL. Lookups and stores are one script each, so a read costs one round trip.
 * When Redis cannot be reached a read goes to the database and keeps nothing; a write goes ahead
 * (its bump is lost, and answers kept before it live at most their TTL).
 */
export class RedisReadCacheStore implements ReadCacheStore {
  private readonly outage = new RedisOutageWarning('ReadCache', 'reading the database');
  private readonly redis: Redis;
  private readonly versionKey: string;
  private readonly sequenceKey: string;
  private readonly writesKey: string;
  private readonly answerPrefix: string;
  private readonly movesPrefix: string;
  private readonly frontsPrefix: string;

  constructor(
    url: string,
    prefix: string,
    private readonly writeTicketMs: number,
    private readonly moveTtlMs: number,
  ) {
    this.redis = new Redis(url, {
      lazyConnect: false,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
    });
    this.redis.on('error', (error: Error) => this.warn(error));
    // The epoch keeps the name the version had, so `INCR calendar:version` still ends everything.
    this.versionKey = `${prefix}version`;
    this.sequenceKey = `${prefix}sequence`;
    this.writesKey = `${prefix}writes`;
    // Answers are stored with their keys in front since the narrowed writes, and as bytes since
    // the bodies are: under a name of their own, so an instance of an earlier release never
    // reads one (nor this one its).
    // Since list pages keep their rows apart from their numbers, with the position they are
    // kept up to too (an earlier release used `replies:`, and `answers:` before that).
    this.answerPrefix = `${prefix}kept:`;
    this.movesPrefix = `${prefix}moved:`;
    this.frontsPrefix = `${prefix}fronts:`;
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
      // Bytes, not text: the body goes out as it is stored.
      const found = await this.redis.callBuffer(
        'EVAL',
        LOOKUP,
        3,
        this.versionKey,
        this.writesKey,
        this.sequenceKey,
        Date.now(),
        this.answerPrefix,
        hashKey(key),
        this.movesPrefix,
        this.frontsPrefix,
      );
      if (!Array.isArray(found)) return { version: null };
      const [version, stored] = found as unknown[];
      if (!Buffer.isBuffer(version)) return { version: null };
      return { version: version.toString(), answer: parseAnswer(stored) };
    } catch (error) {
      this.warn(error);
      return { version: null };
    }
  }

  async version(): Promise<string | null> {
    try {
      const found = await this.redis.eval(
        VERSION,
        3,
        this.versionKey,
        this.writesKey,
        this.sequenceKey,
        Date.now(),
      );
      return typeof found === 'string' || typeof found === 'number' ? String(found) : null;
    } catch (error) {
      this.warn(error);
      return null;
    }
  }

  async set(
    version: string,
    key: string,
    answer: CachedAnswer,
    ttlMs: number,
    dependsOn: readonly string[],
    until?: number,
  ): Promise<void> {
    try {
      await this.redis.eval(
        STORE,
        3,
        this.versionKey,
        this.writesKey,
        this.sequenceKey,
        Date.now(),
        this.answerPrefix,
        hashKey(key),
        version,
        storedAnswer(answer),
        ttlMs,
        this.movesPrefix,
        dependsOn.join(','),
        this.frontsPrefix,
        until === undefined ? '' : positionText(until),
      );
    } catch (error) {
      this.warn(error);
    }
  }

  /** Left as kept: each instance's replays fill the numbers in again (a few bytes each). */
  replace(): Promise<void> {
    return Promise.resolve();
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

  async endWrite(ticket: WriteTicket, change: WriteChange): Promise<void> {
    try {
      if (typeof change === 'object') {
        await this.redis.eval(
          END_NARROW,
          2,
          this.writesKey,
          this.sequenceKey,
          ticket.id,
          this.movesPrefix,
          this.moveTtlMs,
          this.frontsPrefix,
          change.from === undefined ? '-inf' : positionText(change.from),
          ...change.keys,
        );
        return;
      }
      const ending = this.redis.multi().zrem(this.writesKey, ticket.id);
      await (change === 'all' ? ending.incr(this.versionKey) : ending).exec();
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

/** A listing position as a sorted set's score. */
function positionText(position: number): string {
  if (position === Infinity) return '+inf';
  if (position === -Infinity) return '-inf';
  return String(Math.trunc(position));
}

/** Keys are request targets of up to MAX_URL_BYTES; Redis gets a fixed-length digest. */
function hashKey(key: string): string {
  return createHash('sha1').update(key).digest('base64url');
}

/** An answer as stored (after its sequence and keys): its other parts as JSON, `\n`, the body. */
function storedAnswer(answer: CachedAnswer): Buffer {
  const meta: StoredMeta = {
    e: answer.etag,
    h: { ...answer.headers },
    t: answer.madeAt,
    x: answer.expiresAt,
    ...(answer.live ? { l: storedLive(answer.live) } : {}),
  };
  // JSON text has no raw line break, so the first one ends it.
  return Buffer.concat([Buffer.from(`${JSON.stringify(meta)}\n`), answer.body]);
}

/**
 * `live` as stored ({@link StoredLive}), without where the body's kept item renderings are:
 * this store keeps the body whole (the renderings are spliced apart only in the in-process
 * store), so no reader needs them.
 */
function storedLive(live: LiveParts): StoredLive {
  return {
    ...(live.totalKey !== undefined ? { totalKey: live.totalKey } : {}),
    page: live.page,
    perPage: live.perPage,
    next: live.next,
    total: live.total,
    hs: [...live.holes],
    cs: [...live.counts],
  };
}

/** The LiveParts {@link storedLive} stored. */
function liveOf(stored: StoredLive): LiveParts {
  return {
    ...(stored.totalKey !== undefined ? { totalKey: stored.totalKey } : {}),
    page: stored.page,
    perPage: stored.perPage,
    next: stored.next,
    total: stored.total,
    holes: stored.hs,
    counts: stored.cs,
  };
}

/** The answer {@link storedAnswer} stored; anything else (nothing kept, damaged) is a miss. */
function parseAnswer(stored: unknown): CachedAnswer | undefined {
  if (!Buffer.isBuffer(stored)) return undefined;
  const end = stored.indexOf(0x0a);
  if (end < 0) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(stored.subarray(0, end).toString());
  } catch {
    return undefined;
  }
  if (!isStoredMeta(value)) return undefined;
  return {
    body: stored.subarray(end + 1),
    etag: value.e,
    headers: value.h,
    madeAt: value.t,
    expiresAt: value.x,
    ...(value.l ? { live: liveOf(value.l) } : {}),
  };
}

/**
 * Ends every answer kept in the Redis at `url` (what `clear` does), for a process that changed
 * rows behind the service and runs no read cache of its own (the seed, `reindex`). Answers why
 * it could not (Redis away), or null: the rows are written by then, so the caller warns and goes
 * on (the kept answers live at most their TTL), instead of failing a run that did its work.
 */
export async function endSharedAnswers(url: string, prefix: string): Promise<string | null> {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.incr(`${prefix}version`);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    redis.disconnect();
  }
}
