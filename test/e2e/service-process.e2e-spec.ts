import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { mintToken } from '../../src/access/tokens/mint-token';
import { eventBody } from '../factories/event.factory';
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isSupportedNode } from '../../src/common/runtime/supported-node';
import {
  ensureBuilt,
  runUntilExit,
  startService,
  type ServiceProcess,
} from '../setup/service-process';
import { createConnection } from 'mysql2/promise';

const SECRET = 'process-test-secret-that-is-long-enough';

/** A Node.js older than the service needs on this machine's PATH, if there is one. */
const OLD_NODE = ['/usr/bin/node', '/usr/local/bin/node'].find((binary) => {
  if (!existsSync(binary)) return false;
  const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim();
  return !isSupportedNode(version.replace(/^v/, ''));
});

/** Sends `raw` on a new connection and resolves with everything the server answers. */
function exchange(url: string, raw: string): { socket: Socket; answer: Promise<string> } {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.write(raw);
  const answer = new Promise<string>((done, fail) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('end', () => done(text));
    socket.on('error', fail);
  });
  return { socket, answer };
}

/**
 * The built service as its own process, as `npm start` and the container run it: JSON request
 * logs without secrets, and a graceful stop at SIGTERM.
 */
describe('the service as a process', () => {
  let sut: ServiceProcess;
  const sockets: Socket[] = [];

  jest.setTimeout(30_000);

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await sut?.stop();
  });

  it('logs one JSON line per request with its id, method, path, status and duration, and no secret', async () => {
    sut = await startService({ AUTH_JWT_SECRET: SECRET });
    const token = await mintToken(SECRET, {
      sub: 3,
      role: 'editor',
      roleClaim: 'role',
      expiresIn: '5m',
    });

    const response = await fetch(
      `${sut.url}/calendar/events/v1/events?password=hunter2&per_page=2`,
      {
        headers: { Authorization: `Bearer ${token}`, 'X-Request-Id': 'trace-42' },
      },
    );
    await response.text();
    await new Promise((wait) => setTimeout(wait, 200));

    const line = sut.logs().find((log) => log['request_id'] === 'trace-42');
    expect(line).toMatchObject({
      level: 'info',
      service: 'calendar-events',
      msg: 'request completed',
      req: { method: 'GET', path: '/calendar/events/v1/events?password=[Redacted]&per_page=2' },
      res: { status: 200 },
      duration_ms: expect.any(Number),
    });
    expect(typeof line?.['time']).toBe('string');
    expect(sut.output()).not.toContain(token);
    expect(sut.output()).not.toContain('hunter2');
    expect(sut.logs().find((log) => log.msg?.startsWith('Listening on '))).toMatchObject({
      context: 'Bootstrap',
      level: 'info',
    });
  });

  it('logs JSON from the first line, names its database, keeps Nest chatter at debug and warns without SITE_URL', async () => {
    sut = await startService({ AUTH_JWT_SECRET: SECRET });
    const lines = sut
      .output()
      .split('\n')
      .filter((line) => line !== '');
    expect(lines.filter((line) => !line.startsWith('{'))).toEqual([]);
    const contexts = new Set(sut.logs().map((log) => log['context']));
    for (const chatter of ['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory']) {
      expect(contexts.has(chatter)).toBe(false);
    }
    expect(sut.logs().find((log) => log.msg?.startsWith('Listening on '))).toMatchObject({
      url: expect.stringMatching(/^http:/),
      database: { kind: 'sqlite', version: expect.stringMatching(/^3\./) },
      msg: expect.stringMatching(/on sqlite 3\./),
    });
    expect(sut.logs().find((log) => log.msg?.startsWith('SITE_URL is not set'))).toMatchObject({
      level: 'warn',
    });
    await sut.stop();

    sut = await startService({ AUTH_JWT_SECRET: SECRET, SITE_URL: 'https://calendar.example' });
    expect(sut.logs().some((log) => log.msg?.startsWith('SITE_URL is not set'))).toBe(false);
    // At debug, Nest's own start-up lines are there for whoever debugs the wiring.
    await sut.stop();
    sut = await startService({ AUTH_JWT_SECRET: SECRET, LOG_LEVEL: 'debug' });
    expect(sut.logs().some((log) => log['context'] === 'RouterExplorer')).toBe(true);
  });

  it("runs under npm start's memory settings: a 536 MiB heap limit, unless NODE_OPTIONS says otherwise", async () => {
    const heapLimit = (service: ServiceProcess): unknown =>
      service.logs().find((log) => log.msg?.startsWith('Listening on '))?.['heapLimitMiB'];
    // Started as tests start it (no settings), V8 sizes its heap from the machine's memory.
    sut = await startService({ AUTH_JWT_SECRET: SECRET });
    const unset = heapLimit(sut);
    await sut.stop();

    sut = await startService({ AUTH_JWT_SECRET: SECRET }, true);
    // 512 MiB of old generation and three young-generation spaces of 8 MiB.
    expect(heapLimit(sut)).toBe(536);
    expect(unset).not.toBe(536);
    const read = await fetch(`${sut.url}/calendar/events/v1/events`);
    expect(read.status).toBe(200);
    await sut.stop();

    sut = await startService(
      { AUTH_JWT_SECRET: SECRET, NODE_OPTIONS: '--max-old-space-size=1024' },
      true,
    );
    expect(heapLimit(sut)).toBeGreaterThan(1024);
  });

  it('stops when the npm that started it is killed, even with SIGKILL, which npm cannot pass on', async () => {
    ensureBuilt();
    const sqlite = join(tmpdir(), `calendar-npm-${randomUUID()}.sqlite`);
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: join(__dirname, '../..'),
      env: {
        PATH: process.env['PATH'] ?? '',
        PORT: '0',
        SQLITE_PATH: sqlite,
        ENV_FILE: '',
        LOG_LEVEL: 'log',
        SHUTDOWN_GRACE_MS: '300',
      },
    });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    try {
      let port = '';
      for (const deadline = Date.now() + 25_000; port === '' && Date.now() < deadline;) {
        port = /"url":"http:\/\/[^"]*:(\d+)"/.exec(output)?.[1] ?? '';
        if (port === '') await new Promise((wait) => setTimeout(wait, 100));
      }
      expect(port).not.toBe('');
      const answers = (): Promise<boolean> =>
        new Promise((done) => {
          const socket = connect(Number(port), '127.0.0.1');
          socket.once('connect', () => {
            socket.destroy();
            done(true);
          });
          socket.once('error', () => done(false));
        });
      expect(await answers()).toBe(true);
      // SIGTERM npm passes on to the script, which execs the service; SIGKILL it cannot.
      npm.kill('SIGKILL');
      let up = true;
      for (const deadline = Date.now() + 10_000; up && Date.now() < deadline;) {
        await new Promise((wait) => setTimeout(wait, 200));
        up = await answers();
      }
      expect(up).toBe(false);
    } finally {
      npm.kill('SIGKILL');
      // A service left running must not hold the test's pipes open.
      npm.stdout.destroy();
      npm.stderr.destroy();
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${sqlite}${suffix}`, { force: true });
    }
  });

  it('at SIGTERM turns not ready, serves through the grace period, finishes the request in flight, then stops', async () => {
    sut = await startService({ AUTH_JWT_SECRET: SECRET, SHUTDOWN_GRACE_MS: '1500' });
    const token = await mintToken(SECRET, {
      sub: 1,
      role: 'administrator',
      roleClaim: 'role',
      expiresIn: '5m',
    });
    const body = JSON.stringify(eventBody({ title: 'Sent across a shutdown' }));
    const half = Math.floor(body.length / 2);
    // A create whose body has only half arrived when the signal comes.
    const inFlight = exchange(
      sut.url,
      `POST /calendar/events/v1/events HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n` +
        body.slice(0, half),
    );
    sockets.push(inFlight.socket);
    await new Promise((wait) => setTimeout(wait, 200));
    expect((await fetch(`${sut.url}/health/ready`)).status).toBe(200);

    sut.child.kill('SIGTERM');
    await new Promise((wait) => setTimeout(wait, 300));
    const ready = await fetch(`${sut.url}/health/ready`, { headers: { Connection: 'close' } });
    const live = await fetch(`${sut.url}/health/live`, { headers: { Connection: 'close' } });
    const list = await fetch(`${sut.url}/calendar/events/v1/events`, {
      headers: { Connection: 'close' },
    });
    expect([ready.status, await ready.json()]).toEqual([503, { status: 'shutting_down' }]);
    expect(live.status).toBe(200);
    expect(list.status).toBe(200);

    // After the grace period the server stops taking connections but waits for this request.
    await new Promise((wait) => setTimeout(wait, 1800));
    expect(sut.child.exitCode).toBeNull();
    inFlight.socket.write(body.slice(half));
    const answer = await inFlight.answer;

    expect(answer).toMatch(/^HTTP\/1\.1 201 Created/);
    expect(answer).toContain('"title":"Sent across a shutdown"');
    // Nest closes, then lets the signal end the process, so its parent sees why it stopped.
    expect(await sut.exited).toEqual({ code: null, signal: 'SIGTERM' });
    expect(sut.logs().some((log) => /^SIGTERM: not ready/.test(log.msg ?? ''))).toBe(true);
  });

  it('refuses to start on a bad setting with one JSON line that names it, and exits 1', async () => {
    const run = await runUntilExit({ PORT: 'eighty' });

    expect(run.code).toBe(1);
    expect(run.lines).toEqual([
      expect.objectContaining({
        level: 'fatal',
        context: 'Bootstrap',
        msg: expect.stringContaining('PORT (got "eighty")'),
      }),
    ]);
  });

  // The machine's own Node (Node 20 on the CI machine) runs the built entry points.
  (OLD_NODE ? it : it.skip)(
    'says in one line which Node it needs when started on an older one, for the service and its tools',
    () => {
      ensureBuilt();
      for (const entry of [
        'dist/main.js',
        'dist/database/migrate.js',
        'dist/database/reindex.js',
      ]) {
        const run = spawnSync(OLD_NODE ?? '', [entry], {
          cwd: join(__dirname, '..', '..'),
          encoding: 'utf8',
          env: { PATH: process.env['PATH'] ?? '', ENV_FILE: '', SQLITE_PATH: ':memory:' },
        });
        expect({ entry, status: run.status, stdout: run.stdout }).toEqual({
          entry,
          status: 1,
          stdout: '',
        });
        expect(run.stderr).toMatch(
          /^This needs Node\.js 24\.9 or later and runs on 2[0-3]\.[^\n]*\n$/,
        );
      }
    },
  );

  it('names the database DATABASE_URL points at when it does not exist, in one line', async () => {
    const run = await runUntilExit({
      DATABASE_URL: 'mysql://root@127.0.0.1:3306/no_such_calendar_db',
    });

    expect(run.code).toBe(1);
    const fatal = run.lines.filter((line) => line.level === 'fatal');
    expect(fatal).toEqual([
      expect.objectContaining({
        context: 'Bootstrap',
        // The server may be down where this runs: then that is what the line says.
        msg: expect.stringMatching(
          /^(The database "no_such_calendar_db" that DATABASE_URL names does not exist on 127\.0\.0\.1:3306: create it|No database server answers at 127\.0\.0\.1:3306)/,
        ) as unknown,
      }),
    ]);
  });

  it('refuses a bad TRUST_PROXY with one line naming it, not a crash in Express', async () => {
    const run = await runUntilExit({ TRUST_PROXY: 'maybe' });

    expect(run.code).toBe(1);
    expect(run.lines).toEqual([
      expect.objectContaining({
        level: 'fatal',
        msg: expect.stringContaining('TRUST_PROXY (got "maybe")') as unknown,
      }),
    ]);
  });

  it('refuses a port another process holds with a JSON line, not a crash trace', async () => {
    const holder = createServer();
    await new Promise<void>((listening) => holder.listen(0, '::', listening));
    const { port } = holder.address() as AddressInfo;
    try {
      const run = await runUntilExit({ PORT: String(port) });
      expect(run.code).toBe(1);
      expect(run.lines.filter((line) => line.msg?.startsWith('not JSON'))).toEqual([]);
      expect(run.lines.find((line) => line.level === 'fatal')).toMatchObject({
        msg: `Cannot listen on port ${port}: another process uses it (set PORT)`,
      });
    } finally {
      await new Promise((closed) => holder.close(closed));
    }
  });

  const onMysql = process.env['DATABASE_URL'] ? it : it.skip;

  onMysql(
    'refuses to start on MariaDB while migrations are pending, unless told to apply them',
    async () => {
      const admin = await createConnection(process.env['DATABASE_URL']!);
      const database = `calendar_unmigrated_${process.pid}`;
      await admin.query(`DROP DATABASE IF EXISTS ${database}`);
      await admin.query(`CREATE DATABASE ${database} CHARACTER SET utf8mb4`);
      try {
        const url = new URL(process.env['DATABASE_URL']!);
        url.pathname = `/${database}`;
        const refused = await runUntilExit({ DATABASE_URL: url.toString() });
        expect(refused.code).toBe(1);
        // Every line is JSON; the last says why.
        expect(refused.lines.filter((line) => line.msg?.startsWith('not JSON'))).toEqual([]);
        expect(refused.lines.at(-1)).toEqual(
          expect.objectContaining({
            level: 'fatal',
            msg: expect.stringMatching(/pending migration.*npm run migrate.*MIGRATE_ON_START=true/),
          }),
        );

        sut = await startService({ DATABASE_URL: url.toString(), MIGRATE_ON_START: 'true' });
        const ready = await fetch(`${sut.url}/health/ready`);
        expect(ready.status).toBe(200);
        expect((await fetch(`${sut.url}/calendar/events/v1/events`)).status).toBe(200);
      } finally {
        await sut?.stop();
        await admin.query(`DROP DATABASE IF EXISTS ${database}`);
        await admin.end();
      }
    },
  );
});
