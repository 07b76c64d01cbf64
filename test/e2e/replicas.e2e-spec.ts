import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { createConnection, type Connection } from 'mysql2/promise';
import request from 'supertest';
import { eventBody } from '../factories/event.factory';
import { bearer } from '../setup/auth';
import { createTestApp, type TestApp } from '../setup/test-app';

const SCRIPT = join(__dirname, '../../scripts/replication.sh');

/**
 * The URLs of the primary and the replica `scripts/replication.sh` runs on loopback (CI starts
 * them before the tests; this suite starts them itself when they are not given, and stops them).
 */
function replicationUrls(): {
  primary: string;
  replica: string;
  admin: string;
  startedHere: boolean;
} {
  let env = process.env;
  const startedHere = !env['REPLICATION_PRIMARY_URL'];
  if (startedHere) {
    const printed = execFileSync(SCRIPT, ['start'], { encoding: 'utf8' });
    env = Object.fromEntries(
      printed
        .trim()
        .split('\n')
        .map((line) => line.split('=', 2) as [string, string]),
    );
  }
  const value = (name: string): string => {
    const url = env[name];
    if (!url) throw new Error(`${name} is not set: run scripts/replication.sh start`);
    return url;
  };
  return {
    primary: value('REPLICATION_PRIMARY_URL'),
    replica: value('REPLICATION_REPLICA_URL'),
    admin: value('REPLICATION_ADMIN_URL'),
    startedHere,
  };
}

const EVENTS = '/calendar/events/v1/events';

/**
 * Reads of GET requests go to the replica; writes, and the reads a write request makes after
 * writing, go to the primary. Shown by pausing the replica: what a write answers is what it
 * wrote, while GETs see the replica's older state until it catches up.
 */
describe('read replicas (a MariaDB primary and replica on loopback)', () => {
  let sut: TestApp;
  /** Whether this suite started the servers (then it stops them). */
  let startedHere = false;
  let primaryAdmin: Connection;
  let replicaAdmin: Connection;

  /** Waits until the replica has applied everything the primary has logged. */
  async function replicaCaughtUp(): Promise<void> {
    const [rows] = await primaryAdmin.query('SELECT @@gtid_binlog_pos AS position');
    const position = (rows as { position: string }[])[0]?.position ?? '';
    const [waited] = await replicaAdmin.query('SELECT MASTER_GTID_WAIT(?, 20) AS outcome', [
      position,
    ]);
    expect((waited as { outcome: number }[])[0]?.outcome).toBe(0);
  }

  beforeAll(async () => {
    const urls = replicationUrls();
    startedHere = urls.startedHere;
    primaryAdmin = await createConnection(
      urls.admin.replace(/:\d+\//, `:${new URL(urls.primary).port}/`),
    );
    replicaAdmin = await createConnection(urls.admin);
    // The read cache fills from the primary; these tests show the replica's own reads.
    sut = await createTestApp({
      DATABASE_URL: urls.primary,
      DATABASE_REPLICA_URLS: urls.replica,
      READ_CACHE_TTL_MS: '0',
    });
  }, 60_000);

  afterAll(async () => {
    await replicaAdmin?.query('START SLAVE');
    await sut?.close();
    await primaryAdmin?.end();
    await replicaAdmin?.end();
    if (startedHere) execFileSync(SCRIPT, ['stop']);
  });

  beforeEach(async () => {
    await replicaAdmin.query('START SLAVE');
    await sut.reset();
    await replicaCaughtUp();
  });

  afterEach(async () => {
    await replicaAdmin.query('START SLAVE');
  });

  it('creates on the primary and answers with what it wrote, while GETs read the paused replica', async () => {
    await replicaAdmin.query('STOP SLAVE');

    const created = await sut.admin
      .post(EVENTS)
      .send(eventBody({ title: 'Written to the primary' }));
    const id = (created.body as { id: number }).id;
    const listWhilePaused = await request(sut.http).get(EVENTS);
    const readWhilePaused = await request(sut.http).get(`${EVENTS}/${id}`);

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Written to the primary' });
    expect(listWhilePaused.body).toMatchObject({ total: 0 });
    expect(readWhilePaused.status).toBe(404);

    await replicaAdmin.query('START SLAVE');
    await replicaCaughtUp();
    const list = await request(sut.http).get(EVENTS).expect(200);
    expect(list.body).toMatchObject({ total: 1, events: [{ id }] });
  });

  it('answers an update with the new values while GETs still show the old ones', async () => {
    const created = await sut.admin
      .post(EVENTS)
      .send(eventBody({ title: 'Before' }))
      .expect(201);
    const id = (created.body as { id: number }).id;
    await replicaCaughtUp();
    await replicaAdmin.query('STOP SLAVE');

    const updated = await sut.admin.patch(`${EVENTS}/${id}`).send({ title: 'After' }).expect(200);
    const readWhilePaused = await request(sut.http).get(`${EVENTS}/${id}`).expect(200);

    expect(updated.body).toMatchObject({ title: 'After' });
    expect(readWhilePaused.body).toMatchObject({ title: 'Before' });
    await replicaAdmin.query('START SLAVE');
    await replicaCaughtUp();
    await request(sut.http)
      .get(`${EVENTS}/${id}`)
      .expect(200)
      .expect((response) => expect(response.body).toMatchObject({ title: 'After' }));
  });

  it('fills the read cache from the primary, so a paused replica is never kept', async () => {
    const cached = await createTestApp({
      DATABASE_URL: sut.config.DATABASE_URL ?? '',
      DATABASE_REPLICA_URLS: sut.config.DATABASE_REPLICA_URLS.join(','),
    });
    try {
      await request(cached.http).get(EVENTS).expect(200);
      await replicaAdmin.query('STOP SLAVE');

      await cached.admin
        .post(EVENTS)
        .send(eventBody({ title: 'Kept fresh' }))
        .expect(201);
      const anonymous = await request(cached.http).get(EVENTS).expect(200);
      const withToken = await cached.admin.get(EVENTS).expect(200);

      expect(anonymous.body).toMatchObject({ total: 1, events: [{ title: 'Kept fresh' }] });
      // Reads with a token are not cached and still go to the (paused) replica.
      expect(withToken.body).toMatchObject({ total: 0 });
    } finally {
      await cached.close();
    }
  });

  it('keeps no total counted on a lagging replica for the readers of the primary', async () => {
    const cached = await createTestApp({
      DATABASE_URL: sut.config.DATABASE_URL ?? '',
      DATABASE_REPLICA_URLS: sut.config.DATABASE_REPLICA_URLS.join(','),
    });
    try {
      await replicaAdmin.query('STOP SLAVE');
      await cached.admin
        .post(EVENTS)
        .send(eventBody({ title: 'Counted' }))
        .expect(201);
      const editor = await bearer('editor', 7);

      // An editor asking for published events shares its total with anonymous readers.
      const onReplica = await request(cached.http)
        .get(`${EVENTS}?status=publish`)
        .set('Authorization', editor)
        .expect(200);
      const anonymous = await request(cached.http).get(`${EVENTS}?status=publish&page=1`);

      expect(onReplica.body).toMatchObject({ total: 0 });
      expect(anonymous.body).toMatchObject({ total: 1, events: [{ title: 'Counted' }] });
    } finally {
      await cached.close();
    }
  });

  it('reports the replica in readiness and its pool in the metrics', async () => {
    const ready = await request(sut.http).get('/health/ready').expect(200);
    await request(sut.http).get(EVENTS).expect(200);
    const metrics = await request(sut.http).get('/metrics').expect(200);

    expect(ready.body).toMatchObject({
      info: { database: { status: 'up' }, database_replica: { status: 'up' } },
    });
    expect(metrics.text).toMatch(/^db_pool_connections\{pool="primary",state="open"\} [1-9]/m);
    expect(metrics.text).toMatch(/^db_pool_connections\{pool="replica0",state="open"\} [1-9]/m);
  });

  it('is not ready while a replica cannot be reached, and names it', async () => {
    // Nothing listens on port 1.
    const unreachable = await createTestApp({
      DATABASE_URL: sut.config.DATABASE_URL ?? '',
      DATABASE_REPLICA_URLS: 'mysql://root@127.0.0.1:1/calendar',
    });
    try {
      const ready = await request(unreachable.http).get('/health/ready').expect(503);

      expect(ready.body).toMatchObject({
        status: 'error',
        info: { database: { status: 'up' } },
        error: { database_replica: { status: 'down' } },
      });
    } finally {
      await unreachable.close();
    }
  });
});
