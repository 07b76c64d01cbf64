import { jetstreamManager } from '@nats-io/jetstream';
import { connect as natsConnect, NatsConnection } from '@nats-io/transport-node';
import { ChannelModel, connect as amqpConnect, ConsumeMessage } from 'amqplib';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { NatsTransport, streamName } from '../../src/broker/nats-transport';
import { ChangeCloudEvent } from '../../src/changes/cloud-event';
import { createEvent } from '../factories/event.factory';
import { createVenue } from '../factories/venue.factory';
import { bearer } from '../setup/auth';
import { createTestApp, onMysql, TestApp } from '../setup/test-app';

const AMQP_URL = process.env['TEST_AMQP_URL'] ?? 'amqp://guest:guest@127.0.0.1:5672';
const NATS_URL = process.env['TEST_NATS_URL'] ?? 'nats://127.0.0.1:4222';

async function waitFor(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((wait) => setTimeout(wait, 20));
  }
}

/** A fresh topic per test, so runs and suites never see each other's messages. */
function topic(): string {
  return `calendar.test${randomUUID().replace(/-/g, '').slice(0, 12)}`;
}

/**
 * A test app that publishes to `url`, on the database file `sqlite` (SQLite runs); `fresh`
 * empties the database first, before the app's publisher starts.
 */
async function brokerApp(
  url: string,
  exchange: string,
  sqlite: string,
  fresh = true,
): Promise<TestApp> {
  const database: Record<string, string> = onMysql ? {} : { SQLITE_PATH: sqlite };
  if (fresh) {
    const cleaner = await createTestApp(database);
    await cleaner.reset();
    await cleaner.close();
  }
  return createTestApp({
    ...database,
    LOG_LEVEL: 'warn',
    WEBHOOKS_DISPATCH: 'true',
    WEBHOOK_POLL_MS: '20',
    EVENTS_BROKER_URL: url,
    EVENTS_BROKER_TOPIC: exchange,
  });
}

describe('broker events: RabbitMQ', () => {
  let amqp: ChannelModel;
  const sqlite = join(tmpdir(), `calendar-broker-${randomUUID()}.sqlite`);
  jest.setTimeout(60_000);

  beforeAll(async () => {
    amqp = await amqpConnect(AMQP_URL);
  });
  afterAll(async () => {
    await amqp.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${sqlite}${suffix}`, { force: true });
  });

  /** A queue bound to every routing key of `exchange`, and the messages it gets. */
  async function listen(exchange: string): Promise<ConsumeMessage[]> {
    const channel = await amqp.createChannel();
    await channel.assertExchange(exchange, 'topic', { durable: true });
    const { queue } = await channel.assertQueue('', { exclusive: true });
    await channel.bindQueue(queue, exchange, '#');
    const messages: ConsumeMessage[] = [];
    await channel.consume(queue, (message) => message && messages.push(message), { noAck: true });
    return messages;
  }

  it('publishes each change as a CloudEvent with its type as routing key', async () => {
    const exchange = topic();
    const messages = await listen(exchange);
    const sut = await brokerApp(AMQP_URL, exchange, sqlite);
    try {
      await createVenue(sut.http, { venue: 'Published' });
      const event = await createEvent(sut.http, { title: 'Published too' });
      await request(sut.http)
        .delete(`/calendar/events/v1/events/${event.id}`)
        .set('Authorization', await bearer('administrator'))
        .expect(200);
      await waitFor(() => messages.length >= 3);
      const metrics = await request(sut.http).get('/metrics').expect(200);
      expect(metrics.text).toContain('broker_events_published_total 3');
    } finally {
      await sut.close();
    }
    expect(messages.map((m) => m.fields.routingKey)).toEqual([
      'venue.created',
      'event.created',
      'event.trashed',
    ]);
    const first = messages[0] as ConsumeMessage;
    expect(first.properties).toMatchObject({
      contentType: 'application/cloudevents+json',
      deliveryMode: 2,
      type: 'venue.created',
    });
    const body = JSON.parse(first.content.toString('utf8')) as ChangeCloudEvent;
    expect(first.properties.messageId).toBe(body.id);
    expect(body).toMatchObject({
      specversion: '1.0',
      type: 'venue.created',
      source: 'https://api.calendar.test/calendar/events/v1',
      data: { kind: 'venue', action: 'created' },
    });
    const ids = messages.map(
      (m) => (JSON.parse(m.content.toString('utf8')) as ChangeCloudEvent).id,
    );
    expect(new Set(ids).size).toBe(3);
    expect(body.data.id).toBeGreaterThan(0);
  });

  it('holds changes back while the broker cannot be reached, and publishes them when it can', async () => {
    const exchange = topic();
    const messages = await listen(exchange);
    const heldBack: number[] = [];
    const down = await brokerApp('amqp://guest:guest@127.0.0.1:1', exchange, sqlite);
    try {
      const venueId = (await createVenue(down.http, { venue: 'Held back' })).id;
      heldBack.push(venueId);
      // Nothing is published while it is down; the change waits in the log.
      await new Promise((wait) => setTimeout(wait, 300));
      expect(messages).toHaveLength(0);
    } finally {
      await down.close();
    }
    const up = await brokerApp(AMQP_URL, exchange, sqlite, false);
    try {
      await waitFor(() => messages.length >= 1);
    } finally {
      await up.close();
    }
    const body = JSON.parse(
      (messages[0] as ConsumeMessage).content.toString('utf8'),
    ) as ChangeCloudEvent;
    expect(body.data).toMatchObject({ id: heldBack[0], kind: 'venue', action: 'created' });
  });
});

describe('broker events: NATS JetStream', () => {
  let nats: NatsConnection;
  const sqlite = join(tmpdir(), `calendar-broker-nats-${randomUUID()}.sqlite`);
  const streams: string[] = [];
  jest.setTimeout(60_000);

  beforeAll(async () => {
    nats = await natsConnect({ servers: new URL(NATS_URL).host });
  });
  afterAll(async () => {
    const manager = await jetstreamManager(nats);
    for (const stream of streams) await manager.streams.delete(stream).catch(() => false);
    await nats.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${sqlite}${suffix}`, { force: true });
  });

  it('publishes each change into a stream, on the subject of its type', async () => {
    const prefix = topic();
    streams.push(streamName(prefix));
    const subjects: string[] = [];
    const bodies: ChangeCloudEvent[] = [];
    const subscription = nats.subscribe(`${prefix}.>`, {
      callback: (_error, message) => {
        subjects.push(message.subject);
        bodies.push(message.json<ChangeCloudEvent>());
      },
    });
    const sut = await brokerApp(NATS_URL, prefix, sqlite);
    try {
      await createVenue(sut.http, { venue: 'Streamed' });
      await createEvent(sut.http, { title: 'Streamed too' });
      await waitFor(() => subjects.length >= 2);
    } finally {
      await sut.close();
      subscription.unsubscribe();
    }
    expect(subjects).toEqual([`${prefix}.venue.created`, `${prefix}.event.created`]);
    expect(bodies[1]).toMatchObject({ specversion: '1.0', type: 'event.created' });
    const manager = await jetstreamManager(nats);
    const info = await manager.streams.info(streamName(prefix));
    expect(info.state.messages).toBe(2);
  });

  it('keeps one copy of an event published twice (a crash between publish and commit)', async () => {
    const prefix = topic();
    streams.push(streamName(prefix));
    const transport = new NatsTransport(NATS_URL, prefix);
    const event: ChangeCloudEvent = {
      specversion: '1.0',
      id: `chg_test_${randomUUID()}`,
      source: 'https://api.calendar.test/calendar/events/v1',
      type: 'venue.updated',
      subject: 'venues/7',
      time: '2027-03-01T10:00:00Z',
      datacontenttype: 'application/json',
      data: {
        id: 7,
        kind: 'venue',
        action: 'updated',
        sequence: 1,
        changed_utc: '2027-03-01 10:00:00',
        href: 'https://api.calendar.test/calendar/events/v1/venues/7',
      },
    };
    try {
      await transport.publish([event]);
      await transport.publish([event]);
    } finally {
      await transport.close();
    }
    const manager = await jetstreamManager(nats);
    expect((await manager.streams.info(streamName(prefix))).state.messages).toBe(1);
  });
});
