import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import etag from 'etag';
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { finalize, from, Observable, of, switchMap } from 'rxjs';
import { readingFromPrimary } from '../database/read-routing';
import { AppConfig } from '../config/app-config';
import { requestState, resolveRequestLanguage } from '../common/i18n/request-language';
import { asRecord } from '../common/validation/convert';
import { linksFor, NAMESPACE } from '../common/links/links';
import { cacheHints } from './cache-hints';
import { countedTerms, itemTemplateOf, liveHeaders, refill, templateOf } from './live-answer';
import { CachedAnswer, CacheLookup } from './read-cache.store';
import { ReadCache } from './read-cache';

/**
 * The headers of an answer that a replay from the cache must carry again (`Content-Language` is
 * set by the language interceptor, which runs first).
 */
const REPLAYED_HEADERS = [
  'x-tec-total',
  'x-tec-totalpages',
  'x-sync-token',
  'content-type',
] as const;

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The strong entity tag of a kept list page refilled with `total` and `counts` (of the terms
 * `ids`): made from the tag of the bytes it was refilled from and the values written in, which
 * determine the new bytes, instead of from the whole page (hashing each page a write refilled
 * cost about 3% of the service's CPU under writes). Two refills of the same bytes with the same
 * values get the same tag; any other value, another. (The same bytes made afresh get the hash
 * of the bytes: a revalidation then answers 200 once instead of 304.)
 */
export function refilledTag(
  previous: string,
  length: number,
  total: number,
  ids: readonly number[],
  counts: ReadonlyMap<number, number>,
): string {
  const values = `${previous} ${total} ${ids.map((id) => `${id}:${counts.get(id) ?? ''}`).join(',')}`;
  const hash = createHash('sha1').update(values).digest('base64').slice(0, 27);
  return `"${length.toString(16)}-${hash}"`;
}

/** Whether the route answered iCalendar text (the feeds), which is kept as text. */
function isCalendar(response: Response): boolean {
  const type = response.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('text/calendar');
}

/**
 * The request target with its query parameters in a fixed order (values of one name keep
 * theirs), so `?a=1&b=2` and `?b=2&a=1` share an answer.
 */
export function normaliseTarget(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = new URLSearchParams(url.slice(mark + 1));
  query.sort();
  return `${url.slice(0, mark)}?${query.toString()}`;
}

/**
 * Reads of the API (not health or metrics) whose answer is the same for every anonymous caller:
 * no password, and no token or one whose viewer reads as anonymous (the access guard says so,
 * `RequestState.sharedReader`: a subscriber's reads are an anonymous caller's).
 */
function isCacheable(request: Request, namespace: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.path !== namespace && !request.path.startsWith(`${namespace}/`)) return false;
  if (request.headers.authorization !== undefined && requestState(request).sharedReader !== true) {
    return false;
  }
  // `Accept: text/calendar` on a JSON route: the key does not say which was asked for. (The
  // `.ics` routes have keys of their own and are kept like every other read.)
  if (request.accepts(['application/json', 'text/calendar']) === 'text/calendar') return false;
  return asRecord(request.query)['password'] === undefined;
}

/**
 * Answers anonymous reads from the read cache. It runs after the guards (tokens, rate limits)
 * and the language interceptor (which resolves the language once), and before everything else,
 * so a hit skips validation, the database and the mappers: it sends the kept JSON text with its
 * headers and ETag (Express answers a matching `If-None-Match` with 304). A miss runs the route
 * and keeps its answer under the listing version seen before the route read anything, from the
 * primary database; errors are never kept.
 */
@Injectable()
export class ReadCacheInterceptor implements NestInterceptor {
  private readonly namespace: string;
  /** The answers being made, by version and key (see `intercept`). */
  private readonly making = new Map<string, Promise<CachedAnswer | undefined>>();

  constructor(
    private readonly cache: ReadCache,
    private readonly config: AppConfig,
  ) {
    this.namespace = `${config.API_PREFIX}/${NAMESPACE}`;
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    if (!this.cache.enabled || !isCacheable(request, this.namespace)) return next.handle();
    const response = http.getResponse<Response>();
    const language =
      requestState(request).language ??
      resolveRequestLanguage(request, this.config.DEFAULT_LANGUAGE);
    const key = `${language} ${linksFor(this.config, request).namespace} ${normaliseTarget(request.originalUrl)}`;
    // The request's reads of the cache, here and in its route, share one step with the log head.
    return new Observable<unknown>((subscriber) =>
      this.cache.oneRequest(() => this.answer(request, response, next, key).subscribe(subscriber)),
    );
  }

  /** The kept answer for `key`, or the route's, kept (see `intercept`). */
  private answer(
    request: Request,
    response: Response,
    next: CallHandler,
    key: string,
  ): Observable<unknown> {
    return from(this.lookup(key)).pipe(
      switchMap(({ version, answer }) => {
        const answers = this.cache.tally.answers;
        if (answer) {
          answers.hit += 1;
          this.replay(response, answer);
          return of(answer.body);
        }
        if (version === null) {
          answers.miss += 1;
          return this.make(request, response, next, key, null);
        }
        // A miss while the same answer is being made under the same version waits for it: it is
        // what the cache would hold the moment that read ends (no write moved the version since
        // either read began), and the read runs once instead of once per caller.
        const flight = `${version} ${key}`;
        const leader = this.making.get(flight);
        if (leader) {
          answers.joined += 1;
          return from(leader).pipe(
            switchMap((made) => {
              if (made === undefined) return this.make(request, response, next, key, version);
              this.replay(response, made);
              return of(made.body);
            }),
          );
        }
        answers.miss += 1;
        let settle: (made: CachedAnswer | undefined) => void = () => undefined;
        this.making.set(flight, new Promise((resolve) => (settle = resolve)));
        let made: CachedAnswer | undefined;
        return this.make(request, response, next, key, version, (kept) => (made = kept)).pipe(
          // However the read ends (an answer, an error, a caller gone), the waiting go on.
          finalize(() => {
            this.making.delete(flight);
            settle(made);
          }),
        );
      }),
    );
  }

  /**
   * The kept answer for `key` if it is fresh, with its live parts filled in again if they have
   * changed (undefined when a value they need cannot be had: then the route makes it again),
   * and the version seen.
   */
  private async lookup(key: string): Promise<CacheLookup> {
    const { version, answer } = await this.cache.lookup(key);
    if (!answer || !this.cache.isFresh(answer, Date.now())) return { version };
    if (!answer.live) return { version, answer };
    const live = answer.live;
    // A single item's template has no total, only its terms' counts to fill.
    const total = live.totalKey === undefined ? live.total : await this.cache.total(live.totalKey);
    if (typeof total !== 'number') return { version };
    const ids = countedTerms(live);
    const counts = ids.length > 0 ? await this.cache.termCounts(ids) : new Map<number, number>();
    const filled = refill(answer.body, live, { total, counts });
    if (!filled) return { version };
    if (filled.body === answer.body) return { version, answer };
    const now: CachedAnswer = {
      ...answer,
      body: filled.body,
      live: filled.live,
      // A single item's tag is the hash of its bytes: `If-Match` on its writes compares with
      // that (common/http/preconditions.ts). A list's is only ever compared with itself.
      etag:
        live.totalKey === undefined
          ? etag(filled.body)
          : refilledTag(answer.etag, filled.body.byteLength, total, ids, counts),
      headers: {
        ...answer.headers,
        ...(live.totalKey === undefined ? {} : liveHeaders(live.perPage, total)),
      },
    };
    await this.cache.replace(key, answer, now);
    return { version, answer: now };
  }

  /**
   * Runs the route and keeps its answer under `version` (none when the store cannot be reached):
   * read from the primary, since a replica may lag behind the version. `made` hears of the
   * answer kept.
   */
  private make(
    request: Request,
    response: Response,
    next: CallHandler,
    key: string,
    version: string | null,
    made: (kept: CachedAnswer) => void = () => undefined,
  ): Observable<unknown> {
    const handled =
      version === null
        ? next.handle()
        : new Observable<unknown>((subscriber) =>
            readingFromPrimary(() => next.handle().subscribe(subscriber)),
          );
    return handled.pipe(
      switchMap(async (body: unknown) => {
        const text = typeof body === 'string' && isCalendar(response) ? body : undefined;
        if (text === undefined && (typeof body !== 'object' || body === null)) return body;
        const state = cacheHints(request);
        const object = body as Record<string, unknown>;
        const template =
          version === null || text !== undefined
            ? undefined
            : state.live
              ? templateOf(object, state.live)
              : state.liveCounts
                ? itemTemplateOf(object)
                : undefined;
        if (template && version !== null) {
          const kept: CachedAnswer = {
            ...this.serialise(response, template.body, state.keepUntil),
            live: template.live,
          };
          await this.cache.keep(
            version,
            key,
            kept,
            state.live?.dependsOn ?? state.dependsOn,
            state.live?.until,
          );
          made(kept);
          this.replay(response, kept);
          return kept.body;
        }
        const kept = this.serialise(
          response,
          text ?? (body as object),
          cacheHints(request).keepUntil,
        );
        // Kept before the answer leaves, so the caller's next read (on any instance) finds it.
        if (version !== null) {
          await this.cache.keep(version, key, kept, cacheHints(request).dependsOn);
        }
        made(kept);
        this.replay(response, kept);
        return kept.body;
      }),
    );
  }

  /** The answer as kept: JSON text of an object, or an iCalendar text as it is. */
  private serialise(
    response: Response,
    body: object | string | Buffer,
    stableUntil: number | undefined,
  ): CachedAnswer {
    const bytes = Buffer.isBuffer(body)
      ? body
      : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = response.getHeader(name);
      if (typeof value === 'string') headers[name] = value;
    }
    const madeAt = Date.now();
    return {
      body: bytes,
      etag: etag(bytes),
      headers,
      madeAt,
      expiresAt: this.cache.expiryOf(madeAt, stableUntil),
    };
  }

  private replay(response: Response, answer: CachedAnswer): void {
    for (const [name, value] of Object.entries(answer.headers)) response.setHeader(name, value);
    if (answer.headers['content-type'] === undefined) response.setHeader('Content-Type', JSON_TYPE);
    response.setHeader('ETag', answer.etag);
  }
}
