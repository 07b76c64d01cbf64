import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import type { App } from 'supertest/types';
import { createEvent } from '../factories/event.factory';
import { createVenue, venueBody, VENUES } from '../factories/venue.factory';
import { bearer, TEST_SECRET } from '../setup/auth';
import { WebhooksRepository } from '../../src/webhooks/webhooks.repository';
import { Receiver, Received } from '../setup/receiver';
import { startService } from '../setup/service-process';
import { createTestApp, onMysql, TestApp, useTestApp } from '../setup/test-app';

const WEBHOOKS = '/calendar/events/v1/webhooks';
const EVENTS = '/calendar/events/v1/events';
const TAGS = '/calendar/events/v1/tags';

interface WebhookBody {
  id: number;
  url: string;
  event_types: string[];
  active: boolean;
  disabled_reason: string | null;
  failing_since_utc: string | null;
  secret?: string;
}

interface DeliveryBody {
  message_id: string;
  event_type: string;
  item_id: number;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  changed_utc: string;
}

interface ChangeEvent {
  specversion: string;
  id: string;
  source: string;
  type: string;
  subject: string;
  time: string;
  datacontenttype: string;
  data: { id: number; kind: string; action: string; sequence: number; href: string };
}

/** The CloudEvent a delivery carries, after checking its signature with Standard Webhooks' own library. */
function verified(secret: string, received: Received): ChangeEvent {
  const headers = Object.fromEntries(
    Object.entries(received.headers).map(([name, value]) => [name, String(value)]),
  );
  return new Webhook(secret).verify(received.body, headers) as ChangeEvent;
}

async function subscribe(
  http: App,
  body: Record<string, unknown>,
  token?: string,
): Promise<WebhookBody> {
  const response = await request(http)
    .post(WEBHOOKS)
    .set('Authorization', token ?? (await bearer('administrator')))
    .send(body)
    .expect(201);
  return response.body as WebhookBody;
}

async function deliveriesOf(http: App, id: number): Promise<DeliveryBody[]> {
  const response = await request(http)
    .get(`${WEBHOOKS}/${id}/deliveries?per_page=50`)
    .set('Authorization', await bearer('administrator'))
    .expect(200);
  return (response.body as { deliveries: DeliveryBody[] }).deliveries;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

/** A test app that delivers webhooks (with `settings`), and a fresh receiver for each test. */
function useDelivery(settings: Record<string, string>): () => { sut: TestApp; receiver: Receiver } {
  const app = useTestApp({ WEBHOOKS_DISPATCH: 'true', WEBHOOK_POLL_MS: '20', ...settings });
  let receiver: Receiver | undefined;
  beforeEach(async () => {
    receiver = await Receiver.start();
  });
  afterEach(async () => {
    await receiver?.close();
  });
  return () => {
    if (!receiver) throw new Error('The receiver is not running');
    return { sut: app(), receiver };
  };
}

describe('webhook subscriptions (/webhooks)', () => {
  const app = useTestApp();
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });

  it('lets an administrator create, read, list, update and delete one; the secret shows once', async () => {
    const created = await subscribe(sut.http, {
      url: 'https://receiver.example/hook',
      event_types: 'event.created,venue.*',
      description: 'Search indexer',
    });
    expect(created).toMatchObject({
      url: 'https://receiver.example/hook',
      event_types: ['event.created', 'venue.*'],
      description: 'Search indexer',
      active: true,
      disabled_reason: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const read = await sut.admin.get(`${WEBHOOKS}/${created.id}`).expect(200);
    expect(read.body).not.toHaveProperty('secret');
    const list = await sut.admin.get(WEBHOOKS).expect(200);
    expect(list.headers['x-tec-total']).toBe('1');
    expect((list.body as { webhooks: WebhookBody[] }).webhooks.map((w) => w.id)).toEqual([
      created.id,
    ]);

    const paused = await sut.admin
      .patch(`${WEBHOOKS}/${created.id}`)
      .send({ active: false, event_types: ['*'] })
      .expect(200);
    expect(paused.body).toMatchObject({ active: false, event_types: ['*'] });
    expect(paused.body).not.toHaveProperty('secret');
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const rekeyed = await sut.admin.put(`${WEBHOOKS}/${created.id}`).send({ secret }).expect(200);
    expect((rekeyed.body as WebhookBody).secret).toBe(secret);

    await sut.admin.delete(`${WEBHOOKS}/${created.id}`).expect(200);
    const gone = await sut.admin.get(`${WEBHOOKS}/${created.id}`).expect(404);
    expect(gone.body).toMatchObject({ code: 'rest_webhook_not_found' });
  });

  it('is for administrators only', async () => {
    await request(sut.http).get(WEBHOOKS).expect(401);
    await request(sut.http)
      .get(WEBHOOKS)
      .set('Authorization', await bearer('editor'))
      .expect(403);
    const refused = await request(sut.http)
      .post(WEBHOOKS)
      .set('Authorization', await bearer('editor'))
      .send({ url: 'https://receiver.example/hook', event_types: ['*'] })
      .expect(403);
    expect(refused.body).toMatchObject({ code: 'rest_forbidden' });
    const list = await sut.admin.get(WEBHOOKS).expect(200);
    expect((list.body as { total: number }).total).toBe(0);
  });

  it('counts a long delivery log up to 10,000, as a sync does', async () => {
    const hook = await subscribe(sut.http, {
      url: 'https://receiver.example/hook',
      event_types: ['*'],
    });
    const rows = Array.from({ length: 10_005 }, (_, index) => index + 1);
    for (let start = 0; start < rows.length; start += 1000) {
      const chunk = rows.slice(start, start + 1000);
      await sut.dataSource.query(
        'INSERT INTO webhook_deliveries (webhook_id, change_seq, event_type, item_id, changed_utc, ' +
          'status, attempts, next_attempt_utc, created_utc) VALUES ' +
          chunk
            .map(
              () =>
                "(?, ?, 'venue.created', 1, '2027-03-01 10:00:00', 'delivered', 1, " +
                "'2027-03-01 10:00:00', '2027-03-01 10:00:00')",
            )
            .join(', '),
        chunk.flatMap((seq) => [hook.id, seq]),
      );
    }
    const page = await sut.admin.get(`${WEBHOOKS}/${hook.id}/deliveries?per_page=5`).expect(200);
    expect(page.body).toMatchObject({ total: 10_001, total_pages: 2001 });
    expect(page.headers['x-tec-total']).toBe('10001');
    expect((page.body as { deliveries: DeliveryBody[] }).deliveries).toHaveLength(5);
  });

  it('prunes finished deliveries older than the log keeps, a bounded range at a time', async () => {
    const hook = await subscribe(sut.http, {
      url: 'https://receiver.example/hook',
      event_types: ['*'],
    });
    const rows: [string, string][] = [
      ['delivered', '2027-03-01 10:00:00'],
      ['pending', '2027-03-01 10:00:00'],
      ['failed', '2027-03-01 10:00:00'],
      ['delivered', '2027-03-01 10:00:00'],
      ['delivered', '2027-03-09 10:00:00'],
      ['failed', '2027-03-09 10:00:00'],
    ];
    for (const [index, [status, created]] of rows.entries()) {
      await sut.dataSource.query(
        'INSERT INTO webhook_deliveries (webhook_id, change_seq, event_type, item_id, changed_utc, ' +
          "status, attempts, next_attempt_utc, created_utc) VALUES (?, ?, 'venue.created', 1, ?, ?, 1, ?, ?)",
        [hook.id, index + 1, created, status, created, created],
      );
    }
    const repository = sut.app.get(WebhooksRepository);
    const before = new Date('2027-03-05T00:00:00Z');
    const statuses = async (): Promise<string[]> =>
      (await deliveriesOf(sut.http, hook.id)).map((d) => `${d.status} ${d.changed_utc}`).reverse();

    // Three rows at a time: the first three are old; go on after them.
    const next = await repository.pruneFinished(before, 0, 3);
    expect(next).toBeGreaterThan(0);
    expect(await statuses()).toEqual([
      'pending 2027-03-01 10:00:00',
      'delivered 2027-03-01 10:00:00',
      'delivered 2027-03-09 10:00:00',
      'failed 2027-03-09 10:00:00',
    ]);
    // The rest: one more old row, then young ones, so the next call starts over.
    expect(await repository.pruneFinished(before, next, 3)).toBe(0);
    expect(await statuses()).toEqual([
      'pending 2027-03-01 10:00:00',
      'delivered 2027-03-09 10:00:00',
      'failed 2027-03-09 10:00:00',
    ]);
  });

  it('refuses bad subscriptions with the parameter named, and stores nothing', async () => {
    const missing = await sut.admin
      .post(WEBHOOKS)
      .send({ event_types: ['*'] })
      .expect(400);
    expect(missing.body).toMatchObject({ code: 'rest_missing_callback_param' });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ url: 'ftp://receiver.example/hook', event_types: ['*'] }, 'url', 'http:// or https://'],
      [{ url: 'not a url', event_types: ['*'] }, 'url', 'must be an absolute http:// or https://'],
      [
        { url: `https://receiver.example/${'x'.repeat(2048)}`, event_types: ['*'] },
        'url',
        'at most 2048 characters',
      ],
      [
        { url: 'https://receiver.example/hook', event_types: ['event.exploded'] },
        'event_types',
        'event.created',
      ],
      [
        { url: 'https://receiver.example/hook', event_types: [] },
        'event_types',
        'must not be empty',
      ],
      [
        { url: 'https://receiver.example/hook', event_types: ['*'], secret: 'hunter2' },
        'secret',
        'expected format',
      ],
    ];
    for (const [body, param, why] of cases) {
      const refused = await sut.admin.post(WEBHOOKS).send(body).expect(400);
      // Every refusal says which parameter and why in data.details.
      expect(refused.body).toMatchObject({
        code: 'rest_invalid_param',
        data: { details: { [param]: { message: expect.stringContaining(why) as unknown } } },
      });
    }
    const list = await sut.admin.get(WEBHOOKS).expect(200);
    expect((list.body as { total: number }).total).toBe(0);
  });
});

describe('webhook delivery', () => {
  const context = useDelivery({
    WEBHOOK_RETRY_BASE_MS: '50',
    WEBHOOK_TIMEOUT_MS: '1000',
    WEBHOOK_DISABLE_AFTER_SECONDS: '8',
    WEBHOOK_MAX_ATTEMPTS: '3',
  });
  let sut: TestApp;
  let receiver: Receiver;
  beforeEach(() => {
    ({ sut, receiver } = context());
  });

  it('POSTs every change it subscribes to as a signed CloudEvent', async () => {
    const all = await subscribe(sut.http, {
      url: receiver.url,
      event_types: ['event.*', 'tag.deleted'],
    });
    const venuesOnly = await subscribe(sut.http, {
      url: `${receiver.url}?venues`,
      event_types: ['venue.created'],
    });
    const event = await createEvent(sut.http, { title: 'Signed and sent' });
    await sut.admin.patch(`${EVENTS}/${event.id}`).send({ title: 'Renamed' }).expect(200);
    await sut.admin.delete(`${EVENTS}/${event.id}`).expect(200);
    const tag = await sut.admin.post(TAGS).send({ name: 'gone soon' }).expect(201);
    await sut.admin.delete(`${TAGS}/${(tag.body as { id: number }).id}`).expect(200);
    const venue = await createVenue(sut.http, { venue: 'Sala Apolo' });

    await receiver.until((received) => received.length >= 4 + 1);
    const toAll = receiver.received.filter((r) => r.path === '/hook');
    const events = toAll.map((received) => verified(all.secret ?? '', received));
    expect(events.map((e) => e.type).sort()).toEqual(
      // The event's new venue, and the tag's creation, are not subscribed to here.
      ['event.created', 'event.trashed', 'event.updated', 'tag.deleted'],
    );
    const created = events.find((e) => e.type === 'event.created');
    expect(created).toMatchObject({
      specversion: '1.0',
      source: 'https://api.calendar.test/calendar/events/v1',
      subject: `events/${event.id}`,
      datacontenttype: 'application/json',
      data: {
        id: event.id,
        kind: 'event',
        action: 'created',
        href: `https://api.calendar.test/calendar/events/v1/events/${event.id}`,
      },
    });
    expect(created?.id).toMatch(/^chg_[0-9a-f]+_\d+$/);
    expect(toAll[0]?.headers['content-type']).toMatch(/^application\/cloudevents\+json/);
    for (const received of toAll) {
      expect(received.headers['webhook-id']).toBe(verified(all.secret ?? '', received).id);
    }

    const toVenues = receiver.received.filter((r) => r.path === '/hook?venues');
    const venueEvents = toVenues.map((received) => verified(venuesOnly.secret ?? '', received));
    expect(venueEvents.map((e) => [e.type, e.data.id])).toContainEqual(['venue.created', venue.id]);
    expect(venueEvents.every((e) => e.type === 'venue.created')).toBe(true);
    // A signature made with another subscription's secret does not verify.
    expect(() => verified(all.secret ?? '', toVenues[0] as Received)).toThrow();

    await waitFor(async () =>
      (await deliveriesOf(sut.http, all.id)).every((d) => d.status === 'delivered'),
    );
    const log = await deliveriesOf(sut.http, all.id);
    expect(log).toHaveLength(4);
    expect(log[0]).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 200 });
    await waitFor(
      async () => (await deliveriesOf(sut.http, venuesOnly.id))[0]?.status === 'delivered',
    );
    const metrics = async (): Promise<string> =>
      (await request(sut.http).get('/metrics').expect(200)).text;
    await waitFor(async () =>
      (await metrics()).includes('webhook_delivery_attempts_total{outcome="delivered"} 5'),
    );
    expect(await metrics()).toContain('webhook_deliveries_in_flight 0');
  });

  it('retries a failed delivery with the same id until the receiver takes it', async () => {
    receiver.answer = (_request, index) => (index < 2 ? 503 : 204);
    const hook = await subscribe(sut.http, { url: receiver.url, event_types: ['*'] });
    await createVenue(sut.http, { venue: 'Retried' });

    await receiver.until((received) => received.some((r) => r.answered === 204));
    expect(receiver.received).toHaveLength(3);
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    await waitFor(async () => (await deliveriesOf(sut.http, hook.id))[0]?.status === 'delivered');
    expect((await deliveriesOf(sut.http, hook.id))[0]).toMatchObject({
      attempts: 3,
      last_status_code: 204,
      last_error: null,
    });
    const read = await sut.admin.get(`${WEBHOOKS}/${hook.id}`).expect(200);
    expect(read.body).toMatchObject({ active: true, failing_since_utc: null });
  });

  it('marks a delivery failed after its last attempt, disables a receiver that keeps failing, and resumes when enabled', async () => {
    receiver.answer = () => 500;
    const hook = await subscribe(sut.http, { url: receiver.url, event_types: ['venue.*'] });
    await createVenue(sut.http, { venue: 'First' });
    await waitFor(async () => (await deliveriesOf(sut.http, hook.id))[0]?.status === 'failed');
    expect((await deliveriesOf(sut.http, hook.id))[0]).toMatchObject({
      attempts: 3,
      last_status_code: 500,
      last_error: 'HTTP 500',
    });
    const failing = (await sut.admin.get(`${WEBHOOKS}/${hook.id}`).expect(200)).body as WebhookBody;
    expect(failing.active).toBe(true);
    const since = Date.parse(`${(failing.failing_since_utc ?? '').replace(' ', 'T')}Z`);
    expect(since).toBeLessThanOrEqual(Date.now());

    // Still failing eight seconds after the first failure: that attempt disables it.
    await new Promise((wait) => setTimeout(wait, Math.max(0, since + 9000 - Date.now())));
    const second = await createVenue(sut.http, { venue: 'Second' });
    await waitFor(async () => {
      const read = await sut.admin.get(`${WEBHOOKS}/${hook.id}`).expect(200);
      return (read.body as WebhookBody).active === false;
    });
    const disabled = (await sut.admin.get(`${WEBHOOKS}/${hook.id}`).expect(200))
      .body as WebhookBody;
    expect(disabled.disabled_reason).toMatch(/^every attempt failed since /);
    expect(disabled.failing_since_utc).not.toBeNull();

    // Changes made while it is disabled are not queued for it; what was pending waits.
    receiver.answer = () => 200;
    const third = await createVenue(sut.http, { venue: 'Third' });
    await new Promise((wait) => setTimeout(wait, 500));
    expect(receiver.delivered()).toHaveLength(0);
    await sut.admin.patch(`${WEBHOOKS}/${hook.id}`).send({ active: true }).expect(200);
    await receiver.until(() => receiver.delivered().length >= 1);
    await new Promise((wait) => setTimeout(wait, 300));
    const sent = receiver.delivered().map((r) => verified(hook.secret ?? '', r).data.id);
    expect(sent).toEqual([second.id]);
    expect(sent).not.toContain(third.id);
    const read = await sut.admin.get(`${WEBHOOKS}/${hook.id}`).expect(200);
    expect(read.body).toMatchObject({
      active: true,
      disabled_reason: null,
      failing_since_utc: null,
    });
  });

  it('disables a subscription at once when the receiver answers 410 Gone', async () => {
    receiver.answer = () => 410;
    const hook = await subscribe(sut.http, { url: receiver.url, event_types: ['*'] });
    await createVenue(sut.http, { venue: 'Gone' });
    await waitFor(async () => {
      const read = await sut.admin.get(`${WEBHOOKS}/${hook.id}`).expect(200);
      return (read.body as WebhookBody).active === false;
    });
    const read = await sut.admin.get(`${WEBHOOKS}/${hook.id}`).expect(200);
    expect(read.body).toMatchObject({ disabled_reason: 'the receiver answered 410 Gone' });
    expect(receiver.received).toHaveLength(1);
  });

  it('logs a receiver that cannot be reached, and keeps trying', async () => {
    const closed = await Receiver.start();
    const url = closed.url;
    await closed.close();
    const hook = await subscribe(sut.http, { url, event_types: ['*'] });
    await createVenue(sut.http, { venue: 'Nobody home' });
    await waitFor(
      async () => ((await deliveriesOf(sut.http, hook.id))[0]?.last_error ?? null) !== null,
    );
    expect((await deliveriesOf(sut.http, hook.id))[0]).toMatchObject({
      last_status_code: null,
      last_error: 'connection refused',
    });
  });
});

describe('webhook receivers on this host or a private network', () => {
  // No allow-list: what a deployment runs unless WEBHOOK_ALLOWED_NETWORKS says otherwise.
  const context = useDelivery({ WEBHOOK_ALLOWED_NETWORKS: '', WEBHOOK_RETRY_BASE_MS: '50' });
  let sut: TestApp;
  let receiver: Receiver;
  beforeEach(() => {
    ({ sut, receiver } = context());
  });

  it('refuses a subscription that reaches them, naming the address, and stores nothing', async () => {
    const port = new URL(receiver.url).port;
    const cases: Array<[string, string]> = [
      [receiver.url, '127.0.0.1'],
      [`http://localhost:${port}/hook`, 'localhost'],
      ['http://10.1.2.3/hook', '10.1.2.3'],
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
      ['http://[::1]:8080/hook', '::1'],
      ['http://[::ffff:192.168.1.10]/hook', '::ffff:c0a8:10a'],
      ['http://[fd00::1]/hook', 'fd00::1'],
      ['https://0.0.0.0/hook', '0.0.0.0'],
    ];
    for (const [url, address] of cases) {
      const refused = await sut.admin
        .post(WEBHOOKS)
        .send({ url, event_types: ['*'] })
        .expect(400);
      const details = (refused.body as { data: { details: Record<string, { message: string }> } })
        .data.details;
      expect({ url, code: (refused.body as { code: string }).code }).toEqual({
        url,
        code: 'rest_invalid_param',
      });
      // localhost resolves to 127.0.0.1 or ::1, whichever the resolver gives first.
      if (address !== 'localhost') expect(details['url']?.message).toContain(address);
      expect(details['url']?.message).toContain('WEBHOOK_ALLOWED_NETWORKS');
    }
    // An update to such an address is refused too.
    const outward = await subscribe(sut.http, {
      url: 'http://203.0.114.7/hook',
      event_types: ['*'],
    });
    await sut.admin.patch(`${WEBHOOKS}/${outward.id}`).send({ url: receiver.url }).expect(400);
    const list = await sut.admin.get(WEBHOOKS).expect(200);
    expect((list.body as { webhooks: { url: string }[] }).webhooks.map((w) => w.url)).toEqual([
      'http://203.0.114.7/hook',
    ]);
  });

  it('checks the address again at each delivery, and sends nothing inward', async () => {
    const hook = await subscribe(sut.http, {
      url: 'http://203.0.114.7/hook',
      event_types: ['*'],
    });
    // As if the receiver's name had come to resolve to this host since it subscribed.
    await sut.dataSource.query('UPDATE webhooks SET url = ? WHERE id = ?', [receiver.url, hook.id]);
    await createVenue(sut.http, { venue: 'Not for the metadata service' });
    await waitFor(
      async () => ((await deliveriesOf(sut.http, hook.id))[0]?.last_error ?? null) !== null,
    );
    expect((await deliveriesOf(sut.http, hook.id))[0]).toMatchObject({
      last_status_code: null,
      last_error: expect.stringContaining('address not allowed (127.0.0.1') as unknown,
    });
    expect(receiver.received).toEqual([]);
  });
});

describe('webhook receivers allowed by WEBHOOK_ALLOWED_NETWORKS', () => {
  const context = useDelivery({ WEBHOOK_ALLOWED_NETWORKS: 'localhost' });

  it('delivers to a host the list names, and refuses its address by another name', async () => {
    const { sut, receiver } = context();
    const port = new URL(receiver.url).port;
    await sut.admin
      .post(WEBHOOKS)
      .send({ url: receiver.url, event_types: ['*'] })
      .expect(400);
    await subscribe(sut.http, { url: `http://localhost:${port}/hook`, event_types: ['*'] });
    await createVenue(sut.http, { venue: 'Allowed' });
    await receiver.until((received) => received.length >= 1);
  });
});

describe('webhook delivery to a receiver that hangs', () => {
  const context = useDelivery({ WEBHOOK_TIMEOUT_MS: '5000' });
  let sut: TestApp;
  let receiver: Receiver;
  beforeEach(() => {
    ({ sut, receiver } = context());
  });

  it('keeps delivering to others while one receiver hangs until the timeout', async () => {
    const hanging = await Receiver.start();
    hanging.answer = () => 'hold';
    try {
      await subscribe(sut.http, { url: hanging.url, event_types: ['venue.*'] });
      await subscribe(sut.http, { url: receiver.url, event_types: ['venue.*'] });
      for (let index = 0; index < 6; index += 1) {
        await createVenue(sut.http, { venue: `Before ${index}` });
      }
      await hanging.until((received) => received.length >= 6);
      await receiver.until((received) => received.length >= 6);
      // The hanging receiver holds its deliveries for the whole timeout (here 5 s): a change
      // made now still reaches the other receiver at once.
      const started = Date.now();
      const late = await createVenue(sut.http, { venue: 'While it hangs' });
      await receiver.until((received) =>
        received.some((r) => (JSON.parse(r.body) as ChangeEvent).data.id === late.id),
      );
      expect(Date.now() - started).toBeLessThan(2500);
    } finally {
      await hanging.close();
    }
  });
});

/** Several instances on one MariaDB share the outbox: each change goes out once. */
(onMysql ? describe : describe.skip)('webhook dispatchers of several instances', () => {
  const settings = { WEBHOOKS_DISPATCH: 'true', WEBHOOK_POLL_MS: '10' };
  let first: TestApp;
  let second: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    first = await createTestApp(settings);
    second = await createTestApp(settings);
    await first.reset();
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await receiver.close();
  });

  it('deliver every change exactly once between them', async () => {
    await subscribe(first.http, { url: receiver.url, event_types: ['*'] });
    await subscribe(first.http, { url: `${receiver.url}?two`, event_types: ['venue.*'] });
    const token = await bearer('administrator');
    const created = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        request(index % 2 ? first.http : second.http)
          .post(VENUES)
          .set('Authorization', token)
          .send(venueBody({ venue: `Shared ${index}` }))
          .expect(201),
      ),
    );
    await receiver.until((received) => received.length >= 80);
    await new Promise((wait) => setTimeout(wait, 500));
    expect(receiver.received).toHaveLength(80);
    const keys = receiver.received.map((r) => `${r.path} ${String(r.headers['webhook-id'])}`);
    expect(new Set(keys).size).toBe(80);
    const ids = new Set(receiver.received.map((r) => (JSON.parse(r.body) as ChangeEvent).data.id));
    expect(ids).toEqual(new Set(created.map((response) => (response.body as { id: number }).id)));
  });
});

describe('a dispatcher killed mid-delivery', () => {
  let receiver: Receiver;
  const sqlite = join(tmpdir(), `calendar-webhook-kill-${randomUUID()}.sqlite`);
  jest.setTimeout(60_000);

  beforeAll(async () => {
    receiver = await Receiver.start();
    if (onMysql) {
      const cleaner = await createTestApp();
      await cleaner.reset();
      await cleaner.close();
    }
  });
  afterAll(async () => {
    await receiver.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${sqlite}${suffix}`, { force: true });
  });

  it('loses nothing: what was in flight is sent again, the rest once', async () => {
    const database: Record<string, string> = onMysql
      ? { DATABASE_URL: process.env['DATABASE_URL'] ?? '', MIGRATE_ON_START: 'true' }
      : { SQLITE_PATH: sqlite };
    const env = {
      ...database,
      AUTH_JWT_SECRET: TEST_SECRET,
      RATE_LIMIT_MAX: '0',
      WEBHOOK_POLL_MS: '20',
      WEBHOOK_TIMEOUT_MS: '1500',
      WEBHOOK_CONCURRENCY: '4',
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1',
    };
    const token = await bearer('administrator');
    const before = await startService(env);
    const venueIds: number[] = [];
    try {
      const hook = await fetch(`${before.url}${WEBHOOKS}`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({ url: receiver.url, event_types: ['venue.created'] }),
      });
      expect(hook.status).toBe(201);
      // The receiver takes the first requests and never answers them.
      receiver.answer = () => 'hold';
      for (let index = 0; index < 12; index += 1) {
        const created = await fetch(`${before.url}${VENUES}`, {
          method: 'POST',
          headers: { authorization: token, 'content-type': 'application/json' },
          body: JSON.stringify(venueBody({ venue: `Killed ${index}` })),
        });
        expect(created.status).toBe(201);
        venueIds.push(((await created.json()) as { id: number }).id);
      }
      await receiver.until((received) => received.length >= 4);
      before.child.kill('SIGKILL');
      await before.exited;
    } finally {
      await before.stop();
    }
    const inFlight = new Set(receiver.received.map((r) => String(r.headers['webhook-id'])));
    expect(receiver.delivered()).toHaveLength(0);

    receiver.answer = () => 200;
    const after = await startService(env);
    try {
      await receiver.until(
        () => new Set(receiver.delivered().map((r) => r.headers['webhook-id'])).size >= 12,
        30_000,
      );
      await new Promise((wait) => setTimeout(wait, 300));
    } finally {
      await after.stop();
    }
    const delivered = receiver.delivered();
    const deliveredIds = delivered.map((r) => (JSON.parse(r.body) as ChangeEvent).data.id);
    expect(new Set(deliveredIds)).toEqual(new Set(venueIds));
    // Each change taken once by the receiver; only those in flight at the kill were sent twice.
    expect(deliveredIds).toHaveLength(12);
    const sentTwice = receiver.received
      .map((r) => String(r.headers['webhook-id']))
      .filter((id, index, all) => all.indexOf(id) !== index);
    for (const id of sentTwice) expect(inFlight.has(id)).toBe(true);
  });
});
