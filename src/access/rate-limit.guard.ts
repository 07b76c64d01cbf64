import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import type { Request } from 'express';
import { DomainError } from '../common/errors/domain-error';
import { viewerOf } from './access.guard';

/**
 * How often a client may call, across every route: a client is the subject of its verified
 * token, else its IP address (the one `TRUST_PROXY` lets `X-Forwarded-For` name). Runs after the
 * access guard, which establishes the viewer. Over the limit: 429 `rest_too_many_requests` with
 * `Retry-After`.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override getTracker(request: Record<string, unknown>): Promise<string> {
    const http = request as unknown as Request;
    const viewer = viewerOf(http);
    return Promise.resolve(viewer.userId !== null ? `user:${viewer.userId}` : `ip:${http.ip}`);
  }

  /** One budget per client for the whole API, not one per route. */
  protected override generateKey(
    _context: ExecutionContext,
    tracker: string,
    name: string,
  ): string {
    return `${name}:${tracker}`;
  }

  protected override throwThrottlingException(
    _context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    throw new DomainError('tooManyRequests', { seconds: detail.timeToBlockExpire });
  }
}
