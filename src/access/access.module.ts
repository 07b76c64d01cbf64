import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { seconds, ThrottlerModule } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config';
import { AccessGuard } from './access.guard';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimitStore } from './rate-limit.store';
import { TokenVerifier } from './tokens/token-verifier';

/** The rate limit's counters (rate-limit.store.ts): in Redis with `CACHE_URL`, else in memory. */
@Module({ providers: [RateLimitStore], exports: [RateLimitStore] })
export class RateLimitStoreModule {}

/**
 * Verifies credentials on every route and gives each request its viewer, then limits how often
 * each client calls (the guards run in this order). Counters are shared through Redis when
 * `CACHE_URL` is set, else kept in each instance's memory.
 */
@Global()
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      imports: [RateLimitStoreModule],
      inject: [AppConfig, RateLimitStore],
      useFactory: (config: AppConfig, storage: RateLimitStore) => ({
        storage,
        throttlers: [
          {
            ttl: seconds(config.RATE_LIMIT_WINDOW_SECONDS),
            limit: Math.max(config.RATE_LIMIT_MAX, 1),
          },
        ],
        skipIf: () => config.RATE_LIMIT_MAX === 0,
      }),
    }),
  ],
  providers: [
    TokenVerifier,
    { provide: APP_GUARD, useClass: AccessGuard },
    { provide: APP_GUARD, useClass: RateLimitGuard },
  ],
  exports: [TokenVerifier],
})
export class AccessModule {}
