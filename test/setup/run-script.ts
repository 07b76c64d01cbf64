import { type ChildProcess, spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** The test app's database, as a script reads it from its environment. */
interface ScriptDatabase {
  readonly DATABASE_URL?: string;
  readonly SQLITE_PATH: string;
}

/** How a script is started: node with ts-node, at the root, with no `.env` read. */
function invocation(
  path: string,
  args: readonly string[],
  database: ScriptDatabase,
): { argv: string[]; options: { cwd: string; env: NodeJS.ProcessEnv } } {
  const { DATABASE_URL, SQLITE_PATH } = database;
  return {
    argv: ['-r', 'ts-node/register', '-r', 'tsconfig-paths/register', path, ...args],
    options: {
      cwd: ROOT,
      env: {
        PATH: process.env['PATH'] ?? '',
        TS_NODE_TRANSPILE_ONLY: 'true',
        ENV_FILE: '',
        ...(DATABASE_URL ? { DATABASE_URL } : { SQLITE_PATH }),
      },
    },
  };
}

/**
 * Runs one of the project's TypeScript entry points (`src/database/reindex.ts`,
 * `scripts/seed/seed.ts`, ...) in a process of its own, compiled by ts-node, against the test
 * app's database, with no `.env` read, and waits for it: returns what it printed and its exit
 * status.
 */
export function runScript(
  path: string,
  args: readonly string[],
  database: ScriptDatabase,
): SpawnSyncReturns<string> {
  const { argv, options } = invocation(path, args, database);
  return spawnSync(process.execPath, argv, { ...options, encoding: 'utf8' });
}

/** Starts the script as {@link runScript} runs it, without waiting: for tests that signal it. */
export function startScript(
  path: string,
  args: readonly string[],
  database: ScriptDatabase,
): ChildProcess {
  const { argv, options } = invocation(path, args, database);
  return spawn(process.execPath, argv, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
}
