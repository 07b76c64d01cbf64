import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/**
 * Runs one of the project's TypeScript entry points (`src/database/reindex.ts`,
 * `scripts/seed/seed.ts`, ...) in a process of its own, compiled by ts-node, against the test
 * app's database, with no `.env` read, and waits for it: returns what it printed and its exit
 * status.
 */
export function runScript(
  path: string,
  args: readonly string[],
  database: { readonly DATABASE_URL?: string; readonly SQLITE_PATH: string },
): SpawnSyncReturns<string> {
  const { DATABASE_URL, SQLITE_PATH } = database;
  return spawnSync(
    process.execPath,
    ['-r', 'ts-node/register', '-r', 'tsconfig-paths/register', path, ...args],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: {
        PATH: process.env['PATH'] ?? '',
        TS_NODE_TRANSPILE_ONLY: 'true',
        ENV_FILE: '',
        ...(DATABASE_URL ? { DATABASE_URL } : { SQLITE_PATH }),
      },
    },
  );
}
