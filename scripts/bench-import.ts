/**
 * How fast `npm run import:tec` moves a TEC site (issue 38: 1,000 events in ≤ 5 s, 100,000 in
 * ≤ 2 min, memory flat). Serves the recorded site (1,000 events) and, for the large case, a site
 * of N events made by repeating its 20 event pages with new ids and slugs; runs the real command
 * (the built `dist/import/import-tec.js`) against the database of the environment, emptied
 * first; and prints each time, with the command's peak RSS where GNU time is installed, next to
 * the time the same command needs to only read the site (`--dry-run`: the source's ceiling on
 * this machine). `--profile DIR` writes a CPU profile of the large import.
 *
 *   npm run bench:import                                  (SQLite file in /tmp)
 *   DATABASE_URL=mysql://root@127.0.0.1:3306/calendar_bench npm run bench:import -- --events 100000
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCommandLine } from '../src/common/cli/command-line';
import { loadRecording, Recorded, SiteRequest, startTecSite } from './lib/tec-site';

const RECORDED_EVENTS = 1_000;
const RECORDED_PAGES = 20;

/** The events pages of the recording by page number, bodies with placeholders. */
function recordedEventPages(): Map<number, string> {
  const pages = new Map<number, string>();
  for (const [key, answer] of loadRecording()) {
    const match = /^\/wp-json\/tribe\/events\/v1\/events\?(.*)$/.exec(key);
    if (!match || answer.status !== 200) continue;
    const query = new URLSearchParams(match[1]);
    pages.set(Number(query.get('page')), answer.body);
  }
  return pages;
}

/**
 * A site of `total` events: page p repeats recorded page ((p - 1) mod 20) + 1, its events' ids
 * moved up by 1,000 per repetition (past every recorded id) and their slugs suffixed, so each is
 * a new event linking to the same venues, organizers and terms.
 */
function syntheticEvents(total: number): (request: SiteRequest) => Recorded | undefined {
  const pages = recordedEventPages();
  const totalPages = Math.ceil(total / 50);
  return (request) => {
    if (request.route !== '/events' || request.page > totalPages) return undefined;
    const round = Math.floor((request.page - 1) / RECORDED_PAGES);
    const source = pages.get(((request.page - 1) % RECORDED_PAGES) + 1);
    if (source === undefined) return undefined;
    const body = JSON.parse(source) as { events: Record<string, unknown>[] } & Record<
      string,
      unknown
    >;
    const shift = round * RECORDED_EVENTS;
    body.events = body.events.map((event) => {
      const id = Number(event['id']) + shift;
      const globalId = `{{host}}?id=${id}`;
      return {
        ...event,
        id,
        global_id: globalId,
        global_id_lineage: [globalId],
        slug: round === 0 ? event['slug'] : `${String(event['slug'])}-${round + 1}`,
      };
    });
    body['total'] = total;
    body['total_pages'] = totalPages;
    return {
      status: 200,
      headers: {
        'content-type': 'application/json; charset=UTF-8',
        'x-tec-total': String(total),
        'x-tec-totalpages': String(totalPages),
      },
      body: JSON.stringify(body),
    };
  };
}

interface Timing {
  readonly seconds: number;
  readonly output: string;
  /** The command's peak RSS in MB, where GNU time could tell it. */
  readonly peakMb: number | null;
}

const GNU_TIME = '/usr/bin/time';
const PEAK_MARK = 'peak-rss-kb:';

/** ", peak RSS N MB" when known. */
function peakOf(timing: Timing): string {
  return timing.peakMb === null ? '' : `, peak RSS ${Math.round(timing.peakMb)} MB`;
}

/**
 * Runs the import command against `root` and times it (asynchronously: the site it reads is
 * served by this process).
 */
async function runImport(
  root: string,
  env: NodeJS.ProcessEnv,
  extra: string[],
  nodeArgs: readonly string[] = [],
): Promise<Timing> {
  const started = performance.now();
  const command = [
    process.execPath,
    ...nodeArgs,
    'dist/import/import-tec.js',
    '--from',
    root,
    '--concurrency',
    '8',
    ...extra,
  ];
  // GNU time, where the machine has it, tells the command's peak resident memory.
  const timed = existsSync(GNU_TIME);
  const [program = process.execPath, ...args] = timed
    ? [GNU_TIME, '-f', `${PEAK_MARK}%M`, ...command]
    : command;
  const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const status = await new Promise<number | null>((done) => child.on('close', done));
  const seconds = (performance.now() - started) / 1000;
  const peak = new RegExp(`${PEAK_MARK}(\\d+)`).exec(errors)?.[1];
  const peakMb = peak === undefined ? null : Number(peak) / 1024;
  if (status !== 0) throw new Error(`import:tec failed (${status}): ${errors}${output}`);
  return { seconds, output, peakMb };
}

/** Empties the target database: a new SQLite file, or the MariaDB database dropped and made. */
function freshDatabase(env: NodeJS.ProcessEnv): void {
  const url = env['DATABASE_URL'];
  if (!url) {
    const path = env['SQLITE_PATH'] ?? '';
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
    return;
  }
  const parsed = new URL(url);
  const name = parsed.pathname.slice(1);
  execFileSync('mysql', [
    '-h',
    parsed.hostname,
    '-P',
    parsed.port || '3306',
    '-u',
    decodeURIComponent(parsed.username),
    '-e',
    `DROP DATABASE IF EXISTS \`${name}\`; CREATE DATABASE \`${name}\``,
  ]);
  execFileSync(process.execPath, ['dist/database/migrate.js'], { env, stdio: 'ignore' });
}

async function main(): Promise<void> {
  const { values } = readCommandLine({
    usage: 'npm run bench:import -- [options]',
    about:
      'Imports a served copy of the recorded TEC site, then one of --events events, into\n' +
      'SQLITE_PATH or DATABASE_URL, and prints events per second.',
    options: {
      events: { type: 'string', value: 'N', help: 'Events of the large site', default: '100000' },
      profile: {
        type: 'string',
        value: 'DIR',
        help: 'Write a CPU profile of the large import into DIR (node --cpu-prof)',
      },
      'heap-mb': {
        type: 'string',
        value: 'MB',
        help: "Cap the large import's V8 heap (--max-old-space-size): does its memory stay flat?",
      },
    },
  });
  const large = Number(values.events);
  execFileSync(
    process.execPath,
    ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', 'scripts/build-if-stale.ts', '--quiet'],
    { stdio: 'inherit' },
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SQLITE_PATH: process.env['SQLITE_PATH'] ?? join(tmpdir(), 'calendar-bench-import.sqlite'),
    LOG_LEVEL: 'error',
  };
  const database = env['DATABASE_URL'] ? 'MariaDB/MySQL' : 'SQLite';
  process.stdout.write(
    `import:tec on ${database}, concurrency 8, load ${loadavg()[0]?.toFixed(2)}\n`,
  );

  const recorded = await startTecSite();
  try {
    freshDatabase(env);
    const read = await runImport(recorded.root, env, ['--dry-run']);
    const write = await runImport(recorded.root, env, []);
    const again = await runImport(recorded.root, env, []);
    process.stdout.write(
      `recorded site, 1,000 events: ${write.seconds.toFixed(1)} s${peakOf(write)} (target ≤ 5 s; ` +
        `reading the site alone ${read.seconds.toFixed(1)} s; a second run, all skipped, ` +
        `${again.seconds.toFixed(1)} s)\n`,
    );
  } finally {
    await recorded.close();
  }

  const synthetic = await startTecSite({ answer: syntheticEvents(large) });
  try {
    freshDatabase(env);
    const read = await runImport(synthetic.root, env, ['--dry-run']);
    const write = await runImport(
      synthetic.root,
      env,
      [],
      [
        ...(values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : []),
        ...(values['heap-mb'] ? [`--max-old-space-size=${values['heap-mb']}`] : []),
      ],
    );
    process.stdout.write(
      `synthesised site, ${large.toLocaleString('en')} events: ${write.seconds.toFixed(1)} s${peakOf(write)}, ` +
        `${Math.round(large / write.seconds)} events/s (target ≤ ${(large / 100_000) * 120} s; ` +
        `reading the site alone ${read.seconds.toFixed(1)} s), load ${loadavg()[0]?.toFixed(2)}\n`,
    );
    process.stdout.write(write.output);
  } finally {
    await synthetic.close();
  }
}

void main();
