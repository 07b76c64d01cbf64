import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

/**
 * `npm run bench -- [--url http://localhost:3000] [--runs 20]`: times single sequential requests
 * against an already running server, after 3 warm-up requests each, and prints status, p50, p95,
 * min and max in ms and the `X-TEC-Total` header of every case.
 */

const WARM_UP = 3;
const EVENTS_PATH = '/calendar/events/v1/events';

interface Sample {
  readonly status: number;
  readonly ms: number;
  readonly total: string | null;
}

interface CaseResult {
  readonly name: string;
  readonly statuses: readonly number[];
  readonly times: readonly number[];
  readonly total: string | null;
}

function parseOptions(): { url: string; runs: number } {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://localhost:3000' },
      runs: { type: 'string', default: '20' },
    },
    strict: true,
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer`);
  return { url: values.url.replace(/\/+$/, ''), runs };
}

/** `YYYY-MM-DD` of today (UTC) plus `months`. */
function monthsAhead(months: number): string {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/** One request, timed until its whole body has arrived. */
async function timed(url: string): Promise<Sample> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  const ms = performance.now() - started;
  return { status: response.status, ms, total: response.headers.get('x-tec-total') };
}

/** The nearest-rank percentile `p` (0–100) of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

async function runCase(name: string, url: string, runs: number): Promise<CaseResult> {
  for (let i = 0; i < WARM_UP; i++) await timed(url);
  const samples: Sample[] = [];
  for (let i = 0; i < runs; i++) samples.push(await timed(url));
  return {
    name,
    statuses: [...new Set(samples.map((s) => s.status))],
    times: samples.map((s) => s.ms).sort((a, b) => a - b),
    total: samples[samples.length - 1]?.total ?? null,
  };
}

/** The id of the first event of the default list, for the single-event case. */
async function firstEventId(base: string): Promise<number> {
  const response = await fetch(`${base}${EVENTS_PATH}?per_page=1`);
  if (!response.ok) throw new Error(`GET ${EVENTS_PATH} answered ${response.status}`);
  const body = (await response.json()) as { events?: { id?: unknown }[] };
  const id = body.events?.[0]?.id;
  if (typeof id !== 'number') throw new Error('The default list has no events to read one of');
  return id;
}

function printTable(results: readonly CaseResult[], base: string, runs: number): void {
  const header = ['case', 'status', 'p50', 'p95', 'min', 'max', 'X-TEC-Total'];
  const rows = results.map((r) => [
    r.name,
    r.statuses.join(','),
    ...[50, 95].map((p) => percentile(r.times, p).toFixed(1)),
    (r.times[0] ?? Number.NaN).toFixed(1),
    (r.times[r.times.length - 1] ?? Number.NaN).toFixed(1),
    r.total ?? '-',
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(`${base}: ${runs} sequential runs per case after ${WARM_UP} warm-ups; times in ms`);
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

async function main(): Promise<void> {
  const { url, runs } = parseOptions();
  const events = `${url}${EVENTS_PATH}`;
  const start = monthsAhead(6);
  const end = monthsAhead(7);
  const id = await firstEventId(url);
  const cases: [string, string][] = [
    ['GET /events', events],
    ['?per_page=50', `${events}?per_page=50`],
    ['?page=500', `${events}?page=500`],
    ['?search=jazz', `${events}?search=jazz`],
    ['?featured=true', `${events}?featured=true`],
    [`?start_date=${start}&end_date=${end}`, `${events}?start_date=${start}&end_date=${end}`],
    [`GET /events/${id}`, `${events}/${id}`],
  ];
  const results: CaseResult[] = [];
  for (const [name, target] of cases) results.push(await runCase(name, target, runs));
  printTable(results, url, runs);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
