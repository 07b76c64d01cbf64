import { Controller, Get, Module } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { eventBody } from '../factories/event.factory';
import { bearer } from '../setup/auth';
import { createTestApp, useTestApp, type TestApp } from '../setup/test-app';
import { randomUUID } from 'node:crypto';

const EVENTS = '/calendar/events/v1/events';

/** A route slower than the test app's response timeout, outside the API's namespace. */
@Controller('test-only')
class SlowController {
  @Get('slow')
  async slow(): Promise<{ done: true }> {
    await sleep(1500);
    return { done: true };
  }
}

@Module({ controllers: [SlowController] })
class SlowModule {}

describe('limits', () => {
  describe('rate limiting (3 requests a minute per client)', () => {
    const app = useTestApp({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '60' });

    it('counts a token subject’s requests on every route together, then answers 429 with Retry-After', async () => {
      const editor = await bearer('editor', 7);
      const remaining: string[] = [];
      for (const path of [EVENTS, '/calendar/events/v1/venues', '/calendar/events/v1/tags']) {
        const response = await request(app().http)
          .get(path)
          .set('Authorization', editor)
          .expect(200);
        remaining.push(String(response.headers['x-ratelimit-remaining']));
      }
      const refused = await request(app().http)
        .get(`${EVENTS}?i18n_language=es`)
        .set('Authorization', editor)
        .expect(429);

      expect(remaining).toEqual(['2', '1', '0']);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).toEqual({
        code: 'rest_too_many_requests',
        message: `Demasiadas peticiones: vuelve a intentarlo dentro de ${refused.headers['retry-after']} segundos.`,
        data: { status: 429 },
      });
      // Another user, and anonymous callers, have budgets of their own.
      await request(app().http)
        .get(EVENTS)
        .set('Authorization', await bearer('editor', 8))
        .expect(200);
      await request(app().http).get(EVENTS).expect(200);
    });

    it('refuses writes over the limit without writing', async () => {
      const author = await bearer('author', 9);
      for (let i = 0; i < 3; i += 1) {
        await request(app().http).get(EVENTS).set('Authorization', author).expect(200);
      }
      await request(app().http)
        .post(EVENTS)
        .set('Authorization', author)
        .send(eventBody({ title: 'Over the limit' }))
        .expect(429);

      const list = await request(app().http).get(`${EVENTS}?search=limit`);
      expect(list.body).toMatchObject({ total: 0 });
    });

    it('does not count health probes or metrics scrapes', async () => {
      for (let i = 0; i < 5; i += 1) {
        await request(app().http).get('/health/live').expect(200);
        await request(app().http).get('/metrics').expect(200);
      }
    });
  });

  describe('rate limiting with TRUST_PROXY=false', () => {
    const app = useTestApp({ RATE_LIMIT_MAX: '3', TRUST_PROXY: 'false' });

    it('ignores X-Forwarded-For: a client cannot pick a new address', async () => {
      // One more request than the budget, each naming another address: all count as this socket's.
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await request(app().http)
          .get(EVENTS)
          .set('X-Forwarded-For', `203.0.113.${i + 10}`);
        statuses.push(response.status);
      }
      expect(statuses).toContain(429);
    });
  });

  describe('rate limiting behind a proxy on a private network (the default TRUST_PROXY)', () => {
    const app = useTestApp({ RATE_LIMIT_MAX: '1' });

    it('counts each client address the proxy names, not one budget for all', async () => {
      await request(app().http).get(EVENTS).set('X-Forwarded-For', '198.51.100.1').expect(200);
      await request(app().http).get(EVENTS).set('X-Forwarded-For', '198.51.100.1').expect(429);
      await request(app().http).get(EVENTS).set('X-Forwarded-For', '198.51.100.2').expect(200);
    });
  });

  describe('rate limiting shared by two instances through Redis (CACHE_URL)', () => {
    const redisUrl = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
    let first: TestApp;
    let second: TestApp;

    beforeAll(async () => {
      const shared = {
        CACHE_URL: redisUrl,
        CACHE_PREFIX: `calendar-test:${randomUUID()}:`,
        RATE_LIMIT_MAX: '4',
      };
      first = await createTestApp(shared);
      second = await createTestApp(shared);
    });

    afterAll(async () => {
      await first.close();
      await second.close();
    });

    it('draws one budget per client across the instances', async () => {
      for (const sut of [first, second, first, second]) {
        const answer = await request(sut.http).get(EVENTS);
        expect(answer.status).toBe(200);
        expect(answer.headers['x-ratelimit-limit']).toBe('4');
      }
      // The fifth request is over the budget on either instance: 429 with Retry-After.
      for (const sut of [first, second]) {
        const refused = await request(sut.http).get(EVENTS).expect(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Another client (a token subject) has its own budget.
      await request(second.http)
        .get(EVENTS)
        .set('Authorization', await bearer('subscriber'))
        .expect(200);
    });
  });

  describe('sizes', () => {
    const app = useTestApp({ MAX_BODY_BYTES: '2048', MAX_URL_BYTES: '512' });

    it('answers 413 to a body over MAX_BODY_BYTES and creates nothing', async () => {
      const response = await app()
        .admin.post(EVENTS)
        .send(eventBody({ description: 'x'.repeat(3000) }))
        .expect(413);

      expect(response.body).toEqual({
        code: 'rest_payload_too_large',
        message: 'The request body is larger than the allowed 2 KB.',
        data: { status: 413 },
      });
      expect((await request(app().http).get(EVENTS)).body).toMatchObject({ total: 0 });
    });

    it('answers 414 to a URL over MAX_URL_BYTES', async () => {
      const response = await request(app().http)
        .get(`${EVENTS}?search=${'a'.repeat(600)}`)
        .expect(414);

      expect(response.body).toEqual({
        code: 'rest_uri_too_long',
        message: 'The request URL is longer than the allowed 512 bytes.',
        data: { status: 414 },
      });
      await request(app().http)
        .get(`${EVENTS}?search=${'a'.repeat(400)}`)
        .expect(200);
    });
  });

  describe('response timeout', () => {
    const app = useTestApp({ REQUEST_TIMEOUT_MS: '300' }, [SlowModule]);

    it('answers 503 in the error shape when a handler takes longer than REQUEST_TIMEOUT_MS', async () => {
      const started = Date.now();
      const response = await request(app().http)
        .get('/test-only/slow?i18n_language=ca')
        .expect(503);

      expect(Date.now() - started).toBeLessThan(1400);
      expect(response.body).toEqual({
        code: 'rest_response_timeout',
        message: 'El servidor no ha pogut respondre a temps.',
        data: { status: 503 },
      });
      await request(app().http).get(EVENTS).expect(200);
    });
  });
});
