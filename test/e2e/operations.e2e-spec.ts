import request from 'supertest';
import { createEvent, eventBody } from '../factories/event.factory';
import { bearer } from '../setup/auth';
import { onMysql, useTestApp } from '../setup/test-app';

const EVENTS = '/calendar/events/v1/events';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('operations: health, request ids, metrics and caching', () => {
  describe('with an API prefix', () => {
    const app = useTestApp({ API_PREFIX: '/api' });

    it('answers liveness and readiness outside the prefix, with no token', async () => {
      const live = await request(app().http).get('/health/live').expect(200);
      const ready = await request(app().http).get('/health/ready').expect(200);

      expect(live.body).toEqual({ status: 'ok' });
      expect(ready.body).toMatchObject({ status: 'ok', info: { database: { status: 'up' } } });
      await request(app().http).get('/api/health/live').expect(404);
      await request(app().http).get('/api/calendar/events/v1/events').expect(200);
    });

    it('serves metrics outside the prefix: requests by route template and status, and process figures', async () => {
      const created = await app().admin.post(`/api${EVENTS}`).send(eventBody()).expect(201);
      await request(app().http)
        .get(`/api${EVENTS}/${(created.body as { id: number }).id}`)
        .expect(200);
      await request(app().http).get(`/api${EVENTS}/999999`).expect(404);

      const response = await request(app().http).get('/metrics').expect(200);

      expect(response.headers['content-type']).toMatch(/^text\/plain;.*version=0\.0\.4/);
      expect(response.text).toMatch(
        /^http_requests_total\{method="GET",route="\/api\/calendar\/events\/v1\/events\/:id",status="200"\} 1$/m,
      );
      expect(response.text).toMatch(
        /^http_requests_total\{method="GET",route="\/api\/calendar\/events\/v1\/events\/:id",status="404"\} 1$/m,
      );
      expect(response.text).toMatch(
        /^http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/api\/calendar\/events\/v1\/events",status="201"\} 1$/m,
      );
      expect(response.text).toMatch(/^process_cpu_user_seconds_total \d/m);
      expect(response.text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
      if (onMysql) {
        expect(response.text).toMatch(/^db_pool_connections\{pool="primary",state="open"\} [1-9]/m);
        expect(response.text).toMatch(/^db_pool_waiting_requests\{pool="primary"\} 0$/m);
      } else {
        // The embedded SQLite file has no connection pool to report.
        expect(response.text).not.toMatch(/^db_pool_connections\{/m);
      }
    });
  });

  describe('read cache metrics', () => {
    const app = useTestApp();

    /** The value of `name{outcome="…"}` at /metrics now. */
    const counted = async (name: string, outcome: string): Promise<number> => {
      const metrics = await request(app().http).get('/metrics').expect(200);
      const line = new RegExp(`^${name}\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(metrics.text);
      if (!line) throw new Error(`no ${name}{outcome="${outcome}"} at /metrics`);
      return Number(line[1]);
    };

    it('counts what the read cache served: answers kept and made, event renderings reused and made', async () => {
      await createEvent(app().http, { title: 'Counted' });
      const hits = await counted('read_cache_answers_total', 'hit');
      const misses = await counted('read_cache_answers_total', 'miss');
      const made = await counted('read_cache_renderings_total', 'made');
      const kept = await counted('read_cache_renderings_total', 'kept');

      await request(app().http).get(EVENTS).expect(200);
      await request(app().http).get(EVENTS).expect(200);
      // Another list of the same event: its answer is made, the event's rendering reused.
      await request(app().http).get(`${EVENTS}?per_page=5`).expect(200);

      expect(await counted('read_cache_answers_total', 'hit')).toBe(hits + 1);
      expect(await counted('read_cache_answers_total', 'miss')).toBe(misses + 2);
      expect(await counted('read_cache_answers_total', 'joined')).toBe(0);
      expect(await counted('read_cache_renderings_total', 'made')).toBe(made + 1);
      expect(await counted('read_cache_renderings_total', 'kept')).toBe(kept + 1);
    });
  });

  describe('request ids', () => {
    const app = useTestApp();

    it('echoes a usable X-Request-Id, and makes one up otherwise', async () => {
      const given = await request(app().http).get(EVENTS).set('X-Request-Id', 'gw-7f3a.9');
      const none = await request(app().http).get(EVENTS);
      const unusable = await request(app().http).get(EVENTS).set('X-Request-Id', 'a b<script>');
      const onError = await request(app().http)
        .get(`${EVENTS}?per_page=x`)
        .set('X-Request-Id', 'e-1');

      expect(given.headers['x-request-id']).toBe('gw-7f3a.9');
      expect(none.headers['x-request-id']).toMatch(UUID);
      expect(unusable.headers['x-request-id']).toMatch(UUID);
      expect(onError.status).toBe(400);
      expect(onError.headers['x-request-id']).toBe('e-1');
    });
  });

  describe('caching', () => {
    const app = useTestApp();

    it('lets caches keep anonymous reads, revalidated by ETag: 304 while it holds, 200 once the data changes', async () => {
      const event = await createEvent(app().http);
      const first = await request(app().http).get(EVENTS).expect(200);
      const etag = String(first.headers['etag']);

      expect(first.headers['cache-control']).toBe('public, no-cache');
      expect(first.headers['vary']).toMatch(/Accept-Language/);
      expect(first.headers['vary']).toMatch(/Authorization/);
      const again = await request(app().http).get(EVENTS).set('If-None-Match', etag).expect(304);
      expect(again.text).toBe('');
      expect(again.headers['etag']).toBe(etag);

      await app().admin.post(`${EVENTS}/${event.id}`).send({ title: 'Renamed' }).expect(200);
      const changed = await request(app().http).get(EVENTS).set('If-None-Match', etag).expect(200);
      expect(changed.headers['etag']).not.toBe(etag);
    });

    it('gives the answer in another language another ETag', async () => {
      const event = await createEvent(app().http);
      await app()
        .admin.post(`${EVENTS}/${event.id}?i18n_language=es`)
        .send({ title: 'Concierto en el parque' })
        .expect(200);
      const english = await request(app().http).get(EVENTS).set('Accept-Language', 'en');
      const spanish = await request(app().http).get(EVENTS).set('Accept-Language', 'es');

      expect(spanish.headers['etag']).not.toBe(english.headers['etag']);
      await request(app().http)
        .get(EVENTS)
        .set('Accept-Language', 'es')
        .set('If-None-Match', String(english.headers['etag']))
        .expect(200);
    });

    it('keeps reads with a token private, and writes and errors out of caches', async () => {
      const withToken = await request(app().http)
        .get(EVENTS)
        .set('Authorization', await bearer('editor'))
        .expect(200);
      const created = await app()
        .admin.post(EVENTS)
        .send({ title: 'x', start_date: 'tomorrow', end_date: 'tomorrow' });
      const refused = await request(app().http).get(`${EVENTS}?per_page=x`).expect(400);

      expect(withToken.headers['cache-control']).toBe('private, no-cache');
      expect(created.status).toBe(201);
      expect(created.headers['cache-control']).toBe('no-store');
      expect(refused.headers['cache-control']).toBe('no-store');
    });
  });

  describe('with CACHE_MAX_AGE', () => {
    const app = useTestApp({ CACHE_MAX_AGE: '120' });

    it('lets anonymous reads be kept that many seconds', async () => {
      const response = await request(app().http).get(EVENTS).expect(200);

      expect(response.headers['cache-control']).toBe('public, max-age=120');
    });
  });

  describe('metrics protected by METRICS_TOKEN', () => {
    const app = useTestApp({ METRICS_TOKEN: 'scrape-secret-0123456789' });

    it('asks for the metrics token, and an API token is not one', async () => {
      await request(app().http).get('/metrics').expect(401);
      await request(app().http)
        .get('/metrics')
        .set('Authorization', await bearer('administrator'))
        .expect(401);
      await request(app().http)
        .get('/metrics')
        .set('Authorization', 'Bearer scrape-secret-0123456789')
        .expect(200);
    });
  });

  describe('readiness', () => {
    const app = useTestApp();

    it('is 503 while a migration is pending, naming it, and 200 once it has run', async () => {
      const [last] = await app().dataSource.query<
        { id: number; timestamp: number | string; name: string }[]
      >('SELECT id, timestamp, name FROM migrations ORDER BY id DESC LIMIT 1');
      await app().dataSource.query('DELETE FROM migrations WHERE id = ?', [last!.id]);
      try {
        const ready = await request(app().http).get('/health/ready').expect(503);
        expect(ready.body).toMatchObject({
          status: 'error',
          info: { database: { status: 'up' } },
          error: { migrations: { status: 'down', pending: [last!.name] } },
        });
      } finally {
        await app().dataSource.query(
          'INSERT INTO migrations (id, timestamp, name) VALUES (?, ?, ?)',
          [last!.id, last!.timestamp, last!.name],
        );
      }
      const ready = await request(app().http).get('/health/ready').expect(200);
      expect(ready.body).toMatchObject({ info: { migrations: { status: 'up' } } });
    });

    it('is 503 while the database cannot be reached, and liveness stays 200', async () => {
      await app().dataSource.destroy();

      const ready = await request(app().http).get('/health/ready').expect(503);
      await request(app().http).get('/health/live').expect(200);

      expect(ready.body).toMatchObject({
        status: 'error',
        error: { database: { status: 'down' } },
      });
    });
  });
});
