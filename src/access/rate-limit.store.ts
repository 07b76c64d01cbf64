import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorageService, type ThrottlerStorage } from '@nestjs/throttler';
import Redis from 'ioredis';
import { RedisOutageWarning } from '../read-cache/redis-outage-warning';
import { AppConfig } from '../config/app-config';

/**
 * One fixed window per client in Redis, counted atomically: KEYS[1] counts the window's hits
 * (expiring with it), KEYS[2] marks a client over its limit (expiring with the block). ARGV:
 * window ms, limit, block ms. Answers hits, ms left in the window, ms left in the block (0 when
 * not blocked); a blocked client's calls are not counted.
 */
const INCREMENT = `
local blocked = redis.call('PTTL', KEYS[2])
if blocked > 0 then
  return {tonumber(redis.call('GET', KEYS[1]) or ARGV[2]), redis.call('PTTL', KEYS[1]), blocked}
end
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  return {hits, left, tonumber(ARGV[3])}
end
return {hits, left, 0}
`;

/** What the guard learns of a client's window (the store's answer). */
type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** Milliseconds as the whole seconds the guard's headers carry (at least 1 while running). */
function toSeconds(milliseconds: number): number {
  return milliseconds > 0 ? Math.ceil(milliseconds / 1000) : 0;
}

/**
 * Where the rate limit counts. With `CACHE_URL` set, in Redis, so every instance behind the
 * gateway draws on one budget per client; otherwise in this instance's memory (Nest's own store).
 * When Redis cannot be reached the limit is not enforced (a warning is logged, at most once a
 * minute): failing closed would turn a cache outage into an outage of the API.
 */
@Injectable()
export class RateLimitStore implements ThrottlerStorage, OnApplicationShutdown {
  private readonly outage = new RedisOutageWarning('RateLimit', 'the rate limit is not enforced');
  private readonly memory = new ThrottlerStorageService();
  private readonly redis: Redis | null;
  private readonly prefix: string;

  constructor(config: AppConfig) {
    this.prefix = `${config.CACHE_PREFIX}rate:`;
    this.redis = config.CACHE_URL
      ? new Redis(config.CACHE_URL, {
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          connectTimeout: 2000,
        })
      : null;
    this.redis?.on('error', (error: Error) => this.outage.warn(error));
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    if (!this.redis) return this.memory.increment(key, ttl, limit, blockDuration, throttlerName);
    try {
      const answer = (await this.redis.eval(
        INCREMENT,
        2,
        `${this.prefix}${key}`,
        `${this.prefix}${key}:blocked`,
        ttl,
        limit,
        blockDuration,
      )) as [number, number, number];
      const [hits, left, blocked] = answer;
      return {
        totalHits: hits,
        timeToExpire: toSeconds(left),
        isBlocked: blocked > 0,
        timeToBlockExpire: toSeconds(blocked),
      };
    } catch (error: unknown) {
      this.outage.warn(error);
      return { totalHits: 0, timeToExpire: toSeconds(ttl), isBlocked: false, timeToBlockExpire: 0 };
    }
  }

  onApplicationShutdown(): void {
    this.memory.onApplicationShutdown();
    this.redis?.disconnect();
  }
}
