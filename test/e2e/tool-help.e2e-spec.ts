import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** Every tool of package.json's scripts: the file ts-node runs, and its usage. */
const TOOLS: readonly { readonly file: string; readonly usage: string }[] = [
  { file: 'scripts/seed/seed.ts', usage: 'npm run seed -- [options]' },
  { file: 'scripts/token.ts', usage: 'npm run -s token -- [options]' },
  { file: 'src/database/migrate.ts', usage: 'npm run migrate' },
  { file: 'src/database/reindex.ts', usage: 'npm run reindex' },
  {
    file: 'src/events/search/engine/search-command.ts',
    usage: 'npm run search:config -- --dir DIR [options], or npm run search:rebuild',
  },
  {
    file: 'src/import/import-tec.ts',
    usage: 'npm run import:tec -- --from <site>/wp-json [options]',
  },
  { file: 'scripts/serve-tec-site.ts', usage: 'npm run serve:tec-site [-- --second]' },
  { file: 'scripts/bench.ts', usage: 'npm run bench -- [options]' },
  { file: 'scripts/bench-load.ts', usage: 'npm run bench:load -- [options]' },
  { file: 'scripts/bench-writes.ts', usage: 'npm run bench:writes -- --token JWT [options]' },
  { file: 'scripts/bench-webhooks.ts', usage: 'npm run bench:webhooks -- --token JWT [options]' },
  { file: 'scripts/bench-import.ts', usage: 'npm run bench:import -- [options]' },
  { file: 'src/discovery/write-openapi.ts', usage: 'npm run openapi -- [options]' },
];

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `file` with `args` under ts-node, its database a SQLite file that does not exist yet and
 * its MySQL URL a port nothing listens on, so a tool that ran anything would create the file or
 * fail to connect.
 */
function run(file: string, args: string[], sqlitePath: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', 'ts-node/register', file, ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env['PATH'] ?? '',
        TS_NODE_TRANSPILE_ONLY: 'true',
        ENV_FILE: '',
        SQLITE_PATH: sqlitePath,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** `items` through `work`, `width` at a time, results in order. */
async function inBatches<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let at = 0; at < items.length; at += width) {
    results.push(...(await Promise.all(items.slice(at, at + width).map(work))));
  }
  return results;
}

describe('the tools', () => {
  const sqlitePath = join(tmpdir(), `tool-help-${process.pid}.sqlite`);
  afterAll(() => rmSync(sqlitePath, { force: true }));

  it('answer --help with their usage and options, exit 0, running nothing', async () => {
    const runs = await inBatches(TOOLS, 3, (tool) => run(tool.file, ['--help'], sqlitePath));
    runs.forEach((result, index) => {
      const tool = TOOLS[index];
      expect({ tool: tool?.file, status: result.status }).toEqual({ tool: tool?.file, status: 0 });
      expect(result.stdout).toContain(`Usage: ${tool?.usage}`);
      expect(result.stdout).toContain('-h, --help');
      expect(result.stderr).toBe('');
    });
    // Not even a database file was made (reindex and migrate used to run on --help).
    expect(existsSync(sqlitePath)).toBe(false);
  }, 180_000);

  it('refuse an unknown option in one line and the usage, exit 2, without a stack trace', async () => {
    const runs = await inBatches(TOOLS, 3, (tool) => run(tool.file, ['--frobnicate'], sqlitePath));
    runs.forEach((result, index) => {
      const tool = TOOLS[index];
      expect({ tool: tool?.file, status: result.status }).toEqual({ tool: tool?.file, status: 2 });
      expect(result.stderr.trimEnd().split('\n')).toEqual([
        'unknown option --frobnicate',
        `Usage: ${tool?.usage} (--help for the options)`,
      ]);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    });
    expect(existsSync(sqlitePath)).toBe(false);
  }, 180_000);

  it('refuse import:tec --prune without a user, who alone sees what the site has', async () => {
    const result = await run(
      'src/import/import-tec.ts',
      ['--from', 'http://127.0.0.1:9/wp-json', '--prune'],
      sqlitePath,
    );
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n')[0]).toMatch(
      /^--prune needs --user: anonymously the site hides/,
    );
    expect(existsSync(sqlitePath)).toBe(false);
  }, 60_000);
});
