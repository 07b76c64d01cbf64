import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const MAIN = join(ROOT, 'dist/main.js');

/** Builds `dist/` unless it is newer than every input of the build, as `npm start` does. */
export function ensureBuilt(): void {
  execFileSync(
    process.execPath,
    ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', 'scripts/build-if-stale.ts', '--quiet'],
    { cwd: ROOT },
  );
}

/** One JSON line the service logged. */
export type LogLine = Record<string, unknown> & { msg?: string };

/** The built service running as a process of its own, as `npm start` runs it. */
export interface ServiceProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Everything it wrote to standard output so far. */
  output(): string;
  /** Its log lines so far, parsed. */
  logs(): LogLine[];
  /** Resolves with its exit code, or the signal that ended it, once it has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Stops it if it still runs and removes its database. */
  stop(): Promise<void>;
}

/**
 * `node dist/main.js` started with `env` and a fresh SQLite file, its output collected; with
 * `viaStartScript`, through `scripts/start.sh` as `npm start` runs it (which execs Node, so the
 * child is the service itself).
 */
function spawnBuilt(
  env: Record<string, string>,
  viaStartScript = false,
): {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  removeDatabase: () => void;
} {
  ensureBuilt();
  const sqlite = join(tmpdir(), `calendar-process-${randomUUID()}.sqlite`);
  const [command, args] = viaStartScript
    ? ['sh', [join(ROOT, 'scripts/start.sh')]]
    : [process.execPath, [MAIN]];
  const child = spawn(command, args, {
    cwd: ROOT,
    // ENV_FILE empty: the developer's .env is not read.
    env: { PATH: process.env['PATH'] ?? '', PORT: '0', SQLITE_PATH: sqlite, ENV_FILE: '', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return {
    child,
    output: () => output,
    removeDatabase: () => {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${sqlite}${suffix}`, { force: true });
    },
  };
}

/**
 * Runs `node dist/main.js` with `env` (and a fresh SQLite file) until it exits, for services
 * that must refuse to start; gives up after 30 seconds.
 */
export async function runUntilExit(
  env: Record<string, string>,
): Promise<{ code: number | null; lines: LogLine[] }> {
  const { child, output, removeDatabase } = spawnBuilt(env);
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  // 'close', not 'exit': a process's last lines can still be in the pipes when it exits.
  const code = await new Promise<number | null>((done) => child.on('close', (exit) => done(exit)));
  clearTimeout(timer);
  removeDatabase();
  const lines = output()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        return { msg: `not JSON: ${line}` };
      }
    });
  return { code, lines };
}

/**
 * Starts `node dist/main.js` (or `npm start`'s script, see `spawnBuilt`) on a free port with a
 * fresh SQLite file and `env`, and waits until it logs that it listens.
 */
export async function startService(
  env: Record<string, string>,
  viaStartScript = false,
): Promise<ServiceProcess> {
  const { child, output, removeDatabase } = spawnBuilt(
    { LOG_LEVEL: 'log', ...env },
    viaStartScript,
  );
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => done({ code, signal })),
  );
  const parse = (): LogLine[] =>
    output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
  const deadline = Date.now() + 30_000;
  let url: string | undefined;
  while (url === undefined) {
    const listening = parse().find((line) => line.msg?.startsWith('Listening on '));
    const listeningOn = listening?.['url'];
    const port = /:(\d+)$/.exec(typeof listeningOn === 'string' ? listeningOn : '')?.[1];
    if (port) url = `http://127.0.0.1:${port}`;
    else if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      throw new Error(`The service did not start:\n${output()}`);
    } else await new Promise((wait) => setTimeout(wait, 100));
  }
  return {
    child,
    url,
    output,
    logs: parse,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      removeDatabase();
    },
  };
}
