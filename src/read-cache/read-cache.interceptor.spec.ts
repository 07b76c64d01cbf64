import type { CallHandler, ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import { firstValueFrom, Observable } from 'rxjs';
import { loadConfig } from '../config/load-config';
import { ReadCache } from './read-cache';
import { ReadCacheInterceptor, refilledTag } from './read-cache.interceptor';

/** An anonymous GET of `url` as Express would hand it over, with the response it fills. */
function exchange(url: string): ExecutionContext {
  const [path = url] = url.split('?');
  const request = {
    method: 'GET',
    path,
    originalUrl: url,
    url,
    query: {},
    headers: {},
    protocol: 'http',
    get: (name: string) => (name.toLowerCase() === 'host' ? 'localhost' : undefined),
    accepts: () => 'application/json',
  } as unknown as Request;
  const headers = new Map<string, string>();
  const response = {
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
  } as unknown as Response;
  return {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
  } as unknown as ExecutionContext;
}

/** A route that answers after `ms`, counting its runs. */
function slowRoute(ms: number): { handler: CallHandler; runs: () => number } {
  let runs = 0;
  const handler: CallHandler = {
    handle: () =>
      new Observable((subscriber) => {
        runs += 1;
        const timer = setTimeout(() => {
          subscriber.next({ run: runs });
          subscriber.complete();
        }, ms);
        return () => clearTimeout(timer);
      }),
  };
  return { handler, runs: () => runs };
}

/** The text of an answer the interceptor passed on (the bytes it keeps and replays). */
function text(body: unknown): string {
  if (!Buffer.isBuffer(body)) throw new Error(`not bytes: ${typeof body}`);
  return body.toString();
}

describe('ReadCacheInterceptor', () => {
  // No database file: the cache of one process with no other writer (no head to watch).
  const config = loadConfig({ SQLITE_PATH: ':memory:' }, null);
  const url = '/calendar/events/v1/events?per_page=5';

  it('runs the route once for concurrent misses of one answer under one version', async () => {
    const sut = new ReadCacheInterceptor(new ReadCache(config), config);
    const route = slowRoute(50);

    const answers = await Promise.all(
      [1, 2, 3].map(() => firstValueFrom(sut.intercept(exchange(url), route.handler))),
    );

    expect(route.runs()).toBe(1);
    expect(answers.map(text)).toEqual(['{"run":1}', '{"run":1}', '{"run":1}']);
  });

  it('lets the waiting read on their own when the read they waited for fails', async () => {
    const sut = new ReadCacheInterceptor(new ReadCache(config), config);
    let runs = 0;
    const failingOnce: CallHandler = {
      handle: () =>
        new Observable((subscriber) => {
          runs += 1;
          const run = runs;
          setTimeout(() => {
            if (run === 1) subscriber.error(new Error('the database went away'));
            else {
              subscriber.next({ run });
              subscriber.complete();
            }
          }, 20);
        }),
    };

    const [first, second] = await Promise.allSettled([
      firstValueFrom(sut.intercept(exchange(url), failingOnce)),
      firstValueFrom(sut.intercept(exchange(url), failingOnce)),
    ]);

    expect(first.status).toBe('rejected');
    expect(second.status === 'fulfilled' && text(second.value)).toBe('{"run":2}');
  });

  it('answers from what it kept when the change log head cannot be read (the database away)', async () => {
    const away = loadConfig({ SQLITE_PATH: '/nonexistent/calendar.sqlite' }, null);
    const cache = new ReadCache(away);
    const sut = new ReadCacheInterceptor(cache, away);
    const route = slowRoute(1);

    const first = await firstValueFrom(sut.intercept(exchange(url), route.handler));
    const second = await firstValueFrom(sut.intercept(exchange(url), route.handler));

    expect(text(second)).toBe(text(first));
    expect(route.runs()).toBe(1);
    await cache.onApplicationShutdown();
  });
});

describe('refilledTag', () => {
  const counts = new Map([
    [3, 10],
    [5, 2],
  ]);

  it('is the same for the same bytes refilled with the same values, another for any other', () => {
    const tag = refilledTag('"a-x"', 120, 7, [3, 5], counts);
    expect(tag).toMatch(/^"78-[A-Za-z0-9+/]{27}"$/);
    expect(refilledTag('"a-x"', 120, 7, [3, 5], new Map(counts))).toBe(tag);
    expect(refilledTag('"a-y"', 120, 7, [3, 5], counts)).not.toBe(tag);
    expect(refilledTag('"a-x"', 120, 8, [3, 5], counts)).not.toBe(tag);
    expect(refilledTag('"a-x"', 120, 7, [3, 5], new Map([...counts, [5, 3]]))).not.toBe(tag);
    expect(refilledTag('"a-x"', 120, 7, [3], counts)).not.toBe(tag);
  });
});
