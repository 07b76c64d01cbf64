import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { mintToken } from '../../src/access/tokens/mint-token';
import { eventBody } from '../factories/event.factory';
import { startService, type ServiceProcess } from '../setup/service-process';

const SCRIPT = join(__dirname, '../../scripts/mariadb-fault.sh');
const SECRET = 'fault-test-secret-that-is-long-enough';
const EVENTS = '/calendar/events/v1/events';

const run = promisify(execFile);

/**
 * Runs `scripts/mariadb-fault.sh <verb>` and resolves to what it printed. Asynchronously: a
 * synchronous child would stall this process's event loop, so requests the load had begun would
 * go out only after the script, and their measured time would include it.
 */
async function server(verb: 'start' | 'kill' | 'stop' | 'commits-waiting'): Promise<string> {
  return (await run(SCRIPT, [verb], { encoding: 'utf8' })).stdout;
}

/** Resolves once `check` holds, polling every 50 ms; fails after `limit` ms. */
async function until(check: () => Promise<boolean>, limit: number): Promise<void> {
  const deadline = performance.now() + limit;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (performance.now() > deadline) throw new Error(`Not true within ${limit} ms`);
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

/** One answered request of the load. */
interface Answered {
  readonly kind: 'write' | 'read' | 'ready';
  readonly started: number;
  readonly took: number;
  readonly status: number;
  readonly code?: string;
  readonly retryAfter: string | null;
  readonly id?: number;
}

/**
 * The database killed under load (SIGKILL, as a crash or an OOM kill) and started again on the
 * same data: the service answers 503 with Retry-After at once while it is away (no request
 * hangs, none answers 500), readiness flips within a second, the service serves again within
 * five seconds of the database's return, and every write it acknowledged is there afterwards.
 * Runs in the MariaDB pass, on a server of its own (scripts/mariadb-fault.sh), which it stops.
 */
const onMysql = process.env['DATABASE_URL'] ? describe : describe.skip;

onMysql('the database killed under load', () => {
  let sut: ServiceProcess | undefined;
  let token = '';

  jest.setTimeout(90_000);

  beforeAll(async () => {
    const url = /FAULT_DATABASE_URL=(\S+)/.exec(await server('start'))?.[1];
    if (!url) throw new Error('scripts/mariadb-fault.sh printed no URL');
    sut = await startService({
      DATABASE_URL: url,
      MIGRATE_ON_START: 'true',
      AUTH_JWT_SECRET: SECRET,
      RATE_LIMIT_MAX: '0',
      READ_CACHE_TTL_MS: '0',
    });
    token = await mintToken(SECRET, {
      sub: 1,
      role: 'administrator',
      roleClaim: 'role',
      expiresIn: '5m',
    });
  });

  afterAll(async () => {
    await sut?.stop();
    await server('stop');
  });

  it('answers 503 within a second while it is away, recovers within 5 s, loses no acknowledged write', async () => {
    const service = sut!;
    const origin = performance.now();
    const now = (): number => performance.now() - origin;
    const answers: Answered[] = [];
    let running = true;

    const send = async (kind: Answered['kind'], path: string, body?: unknown): Promise<void> => {
      const started = now();
      const response = await fetch(`${service.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const parsed = (await response.json()) as { id?: number; code?: string };
      answers.push({
        kind,
        started,
        took: now() - started,
        status: response.status,
        code: parsed.code,
        retryAfter: response.headers.get('retry-after'),
        id: kind === 'write' && response.status === 201 ? parsed.id : undefined,
      });
    };
    const loop = async (work: (step: number) => Promise<void>, pause: number): Promise<void> => {
      for (let step = 0; running; step += 1) {
        await work(step);
        await new Promise((wait) => setTimeout(wait, pause));
      }
    };
    const load = Promise.all([
      ...Array.from({ length: 6 }, (_, lane) =>
        loop(
          (step) =>
            send('write', EVENTS, eventBody({ title: `Fault ${lane}-${step}`, categories: ['F'] })),
          10,
        ),
      ),
      ...Array.from({ length: 3 }, () => loop(() => send('read', `${EVENTS}?per_page=5`), 10)),
      loop(() => send('ready', '/health/ready'), 50),
    ]);

    await new Promise((wait) => setTimeout(wait, 1500));
    // The time after the script returns: the server is gone by then (the script itself takes a
    // moment, during which requests may still be served).
    await server('kill');
    const killedAt = now();
    await new Promise((wait) => setTimeout(wait, 3000));
    // The server may accept connections at any moment of the start script: the away window ends
    // when it is called, and the recovery clock starts when it returns.
    const startingAt = now();
    await server('start');
    const backAt = now();
    await new Promise((wait) => setTimeout(wait, 6000));
    running = false;
    await load;

    // Before the kill the load was served.
    expect(
      answers.some((one) => one.kind === 'write' && one.status === 201 && one.started < killedAt),
    ).toBe(true);
    // No 500, ever; every 503 says when to come back, and why.
    const statuses = new Set(answers.map((one) => one.status));
    expect([...statuses].filter((status) => ![200, 201, 503].includes(status))).toEqual([]);
    for (const one of answers.filter(
      (answer) => answer.status === 503 && answer.kind !== 'ready',
    )) {
      expect(one.retryAfter).toBe('1');
      expect(['rest_database_unavailable', 'rest_commit_unknown', 'rest_service_busy']).toContain(
        one.code,
      );
    }
    // While the database is away, nothing hangs: every request sent then is answered within 1 s.
    const whileAway = answers.filter(
      (one) =>
        one.kind !== 'ready' && one.started > killedAt + 100 && one.started < startingAt - 100,
    );
    expect(whileAway.length).toBeGreaterThan(10);
    expect(whileAway.filter((one) => one.took > 1000)).toEqual([]);
    expect(whileAway.every((one) => one.status === 503)).toBe(true);
    // Readiness says so within a second of the kill.
    const notReady = answers.find(
      (one) => one.kind === 'ready' && one.status === 503 && one.started >= killedAt,
    );
    expect(notReady).toBeDefined();
    expect(notReady!.started + notReady!.took - killedAt).toBeLessThan(1000);
    // Within 5 s of the database's return, writes and readiness succeed again.
    const firstWrite = answers.find(
      (one) => one.kind === 'write' && one.status === 201 && one.started >= backAt,
    );
    const firstReady = answers.find(
      (one) => one.kind === 'ready' && one.status === 200 && one.started >= backAt,
    );
    expect(firstWrite && firstWrite.started + firstWrite.took - backAt).toBeLessThan(5000);
    expect(firstReady && firstReady.started + firstReady.took - backAt).toBeLessThan(5000);
    // Every acknowledged write is stored.
    const acknowledged = answers.flatMap((one) => (one.id === undefined ? [] : [one.id]));
    const missing: number[] = [];
    for (const id of acknowledged) {
      const read = await fetch(`${service.url}${EVENTS}/${id}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      if (read.status !== 200) missing.push(id);
    }
    expect(acknowledged.length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
  it('answers 503 rest_commit_unknown when the connection is lost during the commit', async () => {
    const service = sut!;
    await server('start');
    await until(async () => (await fetch(`${service.url}/health/ready`)).status === 200, 10_000);
    // Statements run, every COMMIT waits: the write's commit is in flight when the server dies.
    const holder = spawn(SCRIPT, ['hold-commits']);
    try {
      await new Promise<void>((held, failed) => {
        holder.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString('utf8').includes('held')) held();
        });
        holder.once('exit', () => failed(new Error('hold-commits ended before holding')));
      });
      const slug = `commit-cut-${Date.now()}`;
      const answer = fetch(`${service.url}${EVENTS}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(eventBody({ title: 'Commit cut', slug })),
        signal: AbortSignal.timeout(15_000),
      });
      await until(async () => Number(await server('commits-waiting')) >= 1, 10_000);
      await server('kill');
      const response = await answer;
      const body = (await response.json()) as { code?: string; message?: string };
      expect([response.status, body.code]).toEqual([503, 'rest_commit_unknown']);
      expect(response.headers.get('retry-after')).toBe('1');
      // Read before retrying, as the message says: here the commit never ran.
      await server('start');
      await until(async () => (await fetch(`${service.url}/health/ready`)).status === 200, 10_000);
      const read = await fetch(`${service.url}${EVENTS}/by-slug/${slug}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      // TEC's answer to an unknown slug: 400 with the slug as the invalid parameter.
      const unknown = (await read.json()) as { data?: { params?: Record<string, string> } };
      expect([read.status, Object.keys(unknown.data?.params ?? {})]).toEqual([400, ['slug']]);
    } finally {
      holder.kill('SIGKILL');
    }
  });
});
