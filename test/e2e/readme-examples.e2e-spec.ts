import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startService, type ServiceProcess } from '../setup/service-process';

const ROOT = resolve(__dirname, '../..');

/** The first ```sh block after the heading `heading` in the README. */
function shellBlock(heading: string): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const from = readme.indexOf(`${heading}\n`);
  if (from < 0) throw new Error(`No heading ${heading} in the README`);
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(from));
  if (!block?.[1]) throw new Error(`No sh block under ${heading}`);
  return block[1];
}

/** One curl call of the README: its status, method and URL. */
interface Answer {
  readonly status: number;
  readonly request: string;
}

/**
 * Runs `script` with bash from the project's root, as a reader would paste it, against the
 * service at `url` (every `localhost:3000` pointed there) and with `envFile` as the `.env` the
 * reader keeps (so the developer's own is neither read nor written). Each curl call prints its
 * status on a line of its own; the statuses come back in order.
 */
function runAsReader(script: string, url: string, envFile: string): Answer[] {
  const prelude = [
    'set -eo pipefail',
    `curl() { command curl --max-time 15 -w '\\n@@%{http_code} %{method} %{url_effective}@@\\n' "$@"; }`,
  ].join('\n');
  const body = script
    .replaceAll('localhost:3000', url.replace(/^http:\/\//, ''))
    .replaceAll('>> .env', '>> "$ENV_FILE"');
  const run = spawnSync('bash', ['-c', `${prelude}\n${body}`], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '/tmp',
      ENV_FILE: envFile,
    },
    timeout: 120_000,
  });
  if (run.status !== 0) {
    throw new Error(`The README's commands failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
  }
  return [...run.stdout.matchAll(/@@(\d{3}) (\S+) (\S+)@@/g)].map((match) => ({
    status: Number(match[1]),
    request: `${match[2]} ${match[3]}`,
  }));
}

/**
 * The README's Examples and its walk-through, run in order on a fresh service the way a reader
 * runs them: an example that drifts from the service fails here.
 */
describe('the README', () => {
  let sut: ServiceProcess | undefined;
  let folder: string;

  jest.setTimeout(180_000);

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'calendar-readme-'));
  });

  afterEach(async () => {
    await sut?.stop();
    sut = undefined;
    rmSync(folder, { recursive: true, force: true });
  });

  it('walk-through: a secret in .env, npm start, a token, a created event, a read, a refusal', async () => {
    const envFile = join(folder, '.env');
    writeFileSync(envFile, '');
    const lines = shellBlock('### From `npm start` to a created event in a minute').split('\n');
    // The test installs and starts the service itself (on a free port, on the .env the
    // walk-through wrote): `npm ci` and `npm start &` are the only lines it does not run.
    const startAt = lines.findIndex((line) => line.startsWith('npm start'));
    expect(lines[0]).toBe('npm ci');
    runAsReader(lines.slice(1, startAt).join('\n'), 'http://localhost:3000', envFile);
    expect(readFileSync(envFile, 'utf8')).toMatch(/^AUTH_JWT_SECRET=[0-9a-f]{64}\n$/);
    sut = await startService({ ENV_FILE: envFile, NODE_ENV: 'development' });
    const answers = runAsReader(lines.slice(startAt + 1).join('\n'), sut.url, envFile);
    expect(answers.map((answer) => answer.status)).toEqual([201, 200, 401]);
  });

  it('examples: every command succeeds, in order, on a fresh database', async () => {
    const envFile = join(folder, '.env');
    writeFileSync(envFile, `AUTH_JWT_SECRET=${'readme-examples-secret-'.repeat(2)}\n`);
    sut = await startService({ ENV_FILE: envFile, NODE_ENV: 'development' });
    const examples = shellBlock('## Examples');
    const answers = runAsReader(examples, sut.url, envFile);
    expect(answers.length).toBeGreaterThan(15);
    expect(answers.filter((answer) => answer.status >= 400)).toEqual([]);
    // Every call goes to the service itself, and no item is named by an id the examples did
    // not get from an answer of their own.
    expect(answers.filter((answer) => !answer.request.includes(sut?.url ?? '-'))).toEqual([]);
    expect(examples).not.toMatch(/\/(?:events|venues|organizers|categories|tags|webhooks)\/\d/);
  });
});
