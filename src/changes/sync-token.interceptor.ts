import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { from, map, Observable, switchMap } from 'rxjs';
import { ReadCache } from '../read-cache/read-cache';
import { ChangeLog } from './change-log';
import { ChangeKind } from './entities/change.entity';

/** The list body key of each collection, and the change log's name for its items. */
const COLLECTIONS: Readonly<Record<string, ChangeKind>> = {
  events: 'event',
  venues: 'venue',
  organizers: 'organizer',
  categories: 'category',
  tags: 'tag',
};

const LIST_PATH = /\/(events|venues|organizers|categories|tags)\/?$/;

/** Header that repeats a list answer's `next_sync_token`. */
export const SYNC_TOKEN_HEADER = 'X-Sync-Token';

/**
 * Gives every list answer of the five collections a `next_sync_token` (and `X-Sync-Token`): the
 * change log's head read *before* the list, so a change committed while the list is read is
 * either in it or after the token, never skipped (it may come twice). Runs inside the read
 * cache, so a kept answer keeps the token of its own reading. Sync answers make their own.
 *
 * The head is shared through the read cache until the listing version moves: a list that starts
 * later reads its items after that head was read, so the token is still no later than what it
 * shows. Writes that leave the version alone (drafts) move the head; a token from before them
 * only makes a sync answer them again.
 */
@Injectable()
export class SyncTokenInterceptor implements NestInterceptor {
  constructor(
    private readonly changes: ChangeLog,
    private readonly cache: ReadCache,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const match =
      request.method === 'GET' || request.method === 'HEAD' ? LIST_PATH.exec(request.path) : null;
    if (!match) return next.handle();
    const response = http.getResponse<Response>();
    return from(this.cache.remember('change head', () => this.changes.head())).pipe(
      switchMap((head) =>
        next.handle().pipe(
          map((body: unknown) => {
            if (typeof body !== 'object' || body === null) return body;
            const record = body as Record<string, unknown>;
            const collection = Object.keys(COLLECTIONS).find((key) => Array.isArray(record[key]));
            if (collection === undefined || typeof record['total'] !== 'number') return body;
            const token =
              typeof record['next_sync_token'] === 'string'
                ? record['next_sync_token']
                : this.changes.tokenAt(head, COLLECTIONS[collection] as ChangeKind);
            response.setHeader(SYNC_TOKEN_HEADER, token);
            return { ...record, next_sync_token: token };
          }),
        ),
      ),
    );
  }
}
