import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createConnection } from 'mysql2/promise';
import { sphinxConfig } from '../../src/events/search/engine/sphinx-index';

/** A Sphinx `searchd` of a test's own (Debian's `sphinxsearch`; `.ci/run` installs it). */
export interface TestSearchd {
  /** `SEARCH_ENGINE_URL` for the app. */
  readonly url: string;
  readonly port: number;
  /** How many searches of the events index it has answered so far (its query log). */
  searches(): number;
  /** Stops it (and waits until it has exited); it can be started again. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its files. */
  remove(): Promise<void>;
}

const run = promisify(execFile);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function answering(port: number): Promise<void> {
  for (let tries = 0; ; tries += 1) {
    try {
      const connection = await createConnection({ host: '127.0.0.1', port });
      await connection.end();
      return;
    } catch (error) {
      if (tries > 100) throw error;
      await new Promise((done) => setTimeout(done, 100));
    }
  }
}

export async function startSearchd(index = 'events'): Promise<TestSearchd> {
  const dir = mkdtempSync(join(tmpdir(), 'calendar-searchd-'));
  const port = await freePort();
  const file = join(dir, 'sphinx.conf');
  writeFileSync(file, sphinxConfig({ dir, port, index, memoryLimit: '32M' }));
  const start = async (): Promise<void> => {
    const child = spawn('searchd', ['--config', file], { stdio: 'ignore' });
    await new Promise<void>((resolve, reject) => {
      child.once('error', (error) =>
        reject(new Error(`searchd did not start (apt-get install sphinxsearch): ${error.message}`)),
      );
      child.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`searchd exited with ${code}`)),
      );
    });
    await answering(port);
  };
  const stop = async (): Promise<void> => {
    await run('searchd', ['--config', file, '--stopwait']).catch(() => undefined);
  };
  await start();
  return {
    url: `sphinx://127.0.0.1:${port}/${index}`,
    port,
    searches: () => {
      let log: string;
      try {
        log = readFileSync(join(dir, 'query.log'), 'utf8');
      } catch {
        return 0;
      }
      return log.split('\n').filter((line) => line.includes(`FROM ${index} WHERE MATCH(`)).length;
    },
    stop,
    start,
    remove: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
