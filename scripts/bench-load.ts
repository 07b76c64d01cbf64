import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readCommandLine } from '../src/common/cli/command-line';
import { monthsAhead, percentile } from './bench-common';

/**
 * `npm run bench:load -- [--url http://localhost:3000] [--connections 16] [--seconds 5]
 * [--token JWT] [--cold-runs 15] [--mixed-seconds 10] [--write-shares 0,0.5,2,10] [--only-mixed]
 * [--label TEXT] [--json FILE]`: a load
 * benchmark of an already running (and seeded) service.
 *
 * For each case it runs autocannon at `--connections` for `--seconds`, then the same load
 * against a bare `node:http` server (a child process) answering the same bytes, and prints
 * req/s, p50 and p99 of both and the service's share of the ceiling (after a warm-up of the
 * first case, unmeasured). With `--token` (an administrator's, `npm run token`) it also times
 * each list case cold: one write (holding a search's words, for a search), then one read
 * of the case, `--cold-runs` times (p50 and p99 in ms): first with the write after every row
 * of the case's page (`cold`: the page is kept and filled with its new total), then before
 * them, at the case's venue or organizer if it has one (`moved`: the page is made again);
 * times a sync (`sync_token`) after 100
 * changes (one more write before each timed read), and runs the workload users meet: Zipf over
 * at least 1,000 distinct read URLs (lists by every filter and many pages, searches, months,
 * deep pages, venues, organizers, geo, single events, other resources), after a read-only
 * warm-up, one phase of `--mixed-seconds` per share of `--write-shares` (percent of requests
 * that are published events inside the default window, each filed under a random category and
 * tag). It reports req/s (and its share of the read-only phase), p50, p99, errors, the
 * service's RSS and the share of answers and event renderings its read cache kept (read from
 * `/metrics`) for each phase, then the ceiling: a bare server answering the most read URL's
 * bytes under the same load. `--only-mixed` runs that workload alone. The load average is
 * printed with the results: this machine is shared, so compare numbers of one run, not across
 * runs.
 */

const API_PATH = '/calendar/events/v1';
const EVENTS_PATH = `${API_PATH}/events`;
const GEO = 'geoloc_lat=41.3874&geoloc_lng=2.1686&geoloc_radius=25';

interface Options {
  readonly url: string;
  readonly connections: number;
  readonly seconds: number;
  readonly token: string | null;
  readonly coldRuns: number;
  readonly mixedSeconds: number;
  /** Percentages of writes, one phase of the users' workload each. */
  readonly writeShares: readonly number[];
  readonly onlyMixed: boolean;
  readonly label: string;
  readonly json: string | null;
}

interface LoadResult {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
}

interface CaseReport {
  readonly name: string;
  readonly path: string;
  readonly service: LoadResult;
  readonly bare: LoadResult;
  readonly cold: { readonly p50: number; readonly p99: number } | null;
  /** The first read after a write before the page's rows (`aheadOf`): the page made again. */
  readonly moved: { readonly p50: number; readonly p99: number } | null;
  readonly total: string | null;
}

function parseOptions(): Options {
  const { values } = readCommandLine({
    usage: 'npm run bench:load -- [options]',
    about:
      'Load on a running, seeded service: each list case warm at --connections against a bare\n' +
      'node:http ceiling, cold after a write (with --token), sync, and the workload users meet\n' +
      '(Zipf over about 1,700 URLs) read-only and with each share of published writes.',
    options: {
      url: { type: 'string', value: 'URL', help: 'The service', default: 'http://localhost:3000' },
      connections: { type: 'string', value: 'N', help: 'Connections', default: '16' },
      seconds: { type: 'string', value: 'N', help: 'Seconds a case', default: '5' },
      token: { type: 'string', value: 'JWT', help: "An administrator's token: cold, mixed" },
      'cold-runs': { type: 'string', value: 'N', help: 'Cold reads a case', default: '15' },
      'mixed-seconds': { type: 'string', value: 'N', help: 'Seconds a phase', default: '10' },
      'write-shares': {
        type: 'string',
        value: 'LIST',
        help: 'Percent of writes, one phase each',
        default: '0,0.5,2,10',
      },
      'only-mixed': { type: 'boolean', help: "Only the users' workload" },
      label: { type: 'string', value: 'TEXT', help: 'A label for --json', default: '' },
      json: { type: 'string', value: 'FILE', help: 'Also write the results as JSON here' },
    },
  });
  const positive = (name: string, value: string): number => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < 1) {
      throw new Error(`--${name} must be a positive integer`);
    }
    return number;
  };
  const shares = (value: string): number[] => {
    const list = value.split(',').map(Number);
    if (list.some((share) => !Number.isFinite(share) || share < 0 || share > 100)) {
      throw new Error('--write-shares takes percentages from 0 to 100, separated by commas');
    }
    return list;
  };
  return {
    url: values.url.replace(/\/+$/, ''),
    connections: positive('connections', values.connections),
    seconds: positive('seconds', values.seconds),
    token: values.token ?? null,
    coldRuns: positive('cold-runs', values['cold-runs']),
    mixedSeconds: positive('mixed-seconds', values['mixed-seconds']),
    writeShares: shares(values['write-shares']),
    onlyMixed: values['only-mixed'] === true,
    label: values.label,
    json: values.json ?? null,
  };
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

function firstOf(list: unknown, key: string): Record<string, unknown> | undefined {
  const items = (list as Record<string, unknown>)[key];
  return Array.isArray(items) ? (items[0] as Record<string, unknown> | undefined) : undefined;
}

/** The cases: every list filter of the issue, single reads, other resources. */
async function cases(base: string): Promise<[string, string][]> {
  const list: [string, string][] = [
    ['GET /events', EVENTS_PATH],
    ['per_page=50', `${EVENTS_PATH}?per_page=50`],
    ['page=500', `${EVENTS_PATH}?page=500`],
    ['featured=true', `${EVENTS_PATH}?featured=true`],
    ['one month', `${EVENTS_PATH}?start_date=${monthsAhead(1)}&end_date=${monthsAhead(2)}`],
    ['search=jazz', `${EVENTS_PATH}?search=jazz`],
    ['geo 25 km', `${EVENTS_PATH}?${GEO}`],
    ['first occurrences', `${EVENTS_PATH}?hide_subsequent_recurrences=true`],
    [
      'feed one month',
      `${API_PATH}/events.ics?start_date=${monthsAhead(1)}&end_date=${monthsAhead(2)}`,
    ],
  ];
  const parent = firstOf(
    await getJson(`${base}${API_PATH}/categories?orderby=count&order=desc&per_page=50&parent=0`),
    'categories',
  );
  if (parent) list.push(['parent category', `${EVENTS_PATH}?categories=${String(parent['slug'])}`]);
  const tag = firstOf(await getJson(`${base}${API_PATH}/tags?orderby=count&order=desc`), 'tags');
  if (tag) list.push(['tag', `${EVENTS_PATH}?tags=${String(tag['slug'])}`]);
  coldTerms = {
    categories: typeof parent?.['id'] === 'number' ? [parent['id']] : [],
    tags: typeof tag?.['id'] === 'number' ? [tag['id']] : [],
  };
  // The first events of the default list with a venue and with an organizer (one in ten events
  // has no venue, three in ten no organizer, so the very first event may have neither).
  const page = (await getJson(`${base}${EVENTS_PATH}?per_page=50`)) as Record<string, unknown>;
  const events = (Array.isArray(page['events']) ? page['events'] : []) as Record<string, unknown>[];
  const event = events[0];
  const venue = events
    .map((item) => item['venue'] as Record<string, unknown> | undefined)
    .find((item) => item !== undefined && typeof item['id'] === 'number');
  if (venue) list.push(['venue', `${EVENTS_PATH}?venue=${String(venue['id'])}`]);
  const organizer = events
    .map((item) =>
      Array.isArray(item['organizer'])
        ? (item['organizer'][0] as Record<string, unknown> | undefined)
        : undefined,
    )
    .find((item) => item !== undefined && typeof item['id'] === 'number');
  if (organizer) list.push(['organizer', `${EVENTS_PATH}?organizer=${String(organizer['id'])}`]);
  if (event && typeof event['id'] === 'number') {
    list.push(['GET /events/{id}', `${EVENTS_PATH}/${event['id']}`]);
  }
  list.push(['GET /venues', `${API_PATH}/venues`], ['GET /categories', `${API_PATH}/categories`]);
  return list;
}

function summarise(result: autocannon.Result): LoadResult {
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function load(
  url: string,
  connections: number,
  seconds: number,
  extra: Partial<autocannon.Options> = {},
): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration: seconds, ...extra });
}

/** A bare `node:http` server in a child process that answers every request with `body`. */
async function bareServer(
  body: Buffer,
  headers: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const file = join(tmpdir(), `bench-bare-${process.pid}.json`);
  writeFileSync(file, JSON.stringify({ body: body.toString('base64'), headers }));
  const source = `
    const http = require('node:http');
    const { body, headers } = JSON.parse(require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8'));
    const bytes = Buffer.from(body, 'base64');
    const server = http.createServer((req, res) => { res.writeHead(200, { ...headers, 'content-length': bytes.length }); res.end(bytes); });
    server.listen(0, '127.0.0.1', () => process.send(server.address().port));`;
  const child = spawn(process.execPath, ['-e', source], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve) =>
    child.once('message', (value) => resolve(Number(value))),
  );
  return { url: `http://127.0.0.1:${port}`, child };
}

async function sampleOf(
  url: string,
): Promise<{ body: Buffer; headers: Record<string, string>; total: string | null }> {
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  for (const name of [
    'content-type',
    'x-tec-total',
    'x-tec-totalpages',
    'content-language',
    'etag',
  ]) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return { body, headers, total: response.headers.get('x-tec-total') };
}

let writeCount = 0;

/**
 * The body of the benchmark's writes: a one-hour event 30 months ahead (after every seeded one,
 * so the pages read do not change shape), a draft unless said.
 */
function eventBody(
  title: string,
  status: 'draft' | 'publish' = 'draft',
  terms: EventTerms = { categories: [], tags: [] },
  ahead?: Ahead,
): string {
  const start = monthsAhead(30);
  return JSON.stringify({
    title,
    status,
    start_date: ahead?.start ?? `${start} 10:00:00`,
    end_date: ahead?.end ?? `${start} 11:00:00`,
    ...terms,
    ...(ahead?.venue !== undefined ? { venue: ahead.venue } : {}),
    ...(ahead?.organizer !== undefined ? { organizer: [ahead.organizer] } : {}),
  });
}

/**
 * A write placed ahead of every row of a case's page (see {@link aheadOf}): its dates, and the
 * venue or organizer the case filters by.
 */
interface Ahead {
  readonly start: string;
  readonly end: string;
  readonly venue?: number;
  readonly organizer?: number;
}

/** `date` as the API reads a date and time (UTC, the seeded site's zone). */
function wallTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * A write that changes the rows of `path`'s pages, not only its total: at the first instant of
 * the case's window (its `start_date` at midnight) or, for the default window, two minutes from
 * now, so it sorts before every row of every page; at the case's venue or organizer. (A geo
 * case's write has no venue, so its list keeps its rows.)
 */
function aheadOf(path: string, base: string): Ahead {
  const params = new URL(path, base).searchParams;
  const day = /^\d{4}-\d{2}-\d{2}/.exec(params.get('start_date') ?? '')?.[0];
  const start = day ? new Date(`${day}T00:00:00Z`) : new Date(Date.now() + 120_000);
  const venue = Number(params.get('venue') ?? Number.NaN);
  const organizer = Number(params.get('organizer') ?? Number.NaN);
  return {
    start: wallTime(start),
    end: wallTime(new Date(start.getTime() + 3_600_000)),
    ...(Number.isInteger(venue) ? { venue } : {}),
    ...(Number.isInteger(organizer) ? { organizer } : {}),
  };
}

/** Term ids an event is filed under. */
interface EventTerms {
  readonly categories: readonly number[];
  readonly tags: readonly number[];
}

/**
 * The terms of the cases' category and tag filters: the cold reads' writes are filed under them,
 * so those cases' kept answers end with each write as the others' do (a write ends only the
 * term-filtered lists of the terms it touches).
 */
let coldTerms: EventTerms = { categories: [], tags: [] };

/**
 * One small write through the API (see {@link eventBody}): a published event, since a draft no
 * longer moves the read cache's version and the read after it would not be cold.
 */
async function write(base: string, token: string, words = '', ahead?: Ahead): Promise<void> {
  writeCount += 1;
  const response = await fetch(`${base}${EVENTS_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: eventBody(
      `Bench write ${writeCount}${words ? ` ${words}` : ''}`,
      'publish',
      coldTerms,
      ahead,
    ),
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`write answered ${response.status}`);
}

/**
 * p50/p99 of the first read of `path` after a write, `runs` times. A search's write holds its
 * words (a search ends only with the writes of its words), so its read is cold too. With
 * `ahead`, each write lands before the page's rows ({@link aheadOf}), so the read makes the
 * page again; without, it lands after them, and the read fills a kept page with a new total.
 */
async function cold(
  base: string,
  path: string,
  token: string,
  runs: number,
  ahead?: Ahead,
): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  const words = new URL(path, base).searchParams.get('search') ?? '';
  for (let i = 0; i < runs; i++) {
    await write(base, token, words, ahead);
    const started = performance.now();
    const response = await fetch(`${base}${path}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/**
 * A sync after 100 changes: the list's token, 100 writes, then `runs` times one more write (so
 * no answer is kept) and the first page of the changes since that token, timed.
 */
async function syncCase(
  base: string,
  token: string,
  runs: number,
): Promise<{ p50: number; p99: number }> {
  const list = (await getJson(`${base}${EVENTS_PATH}?per_page=1`)) as { next_sync_token?: string };
  const since = list.next_sync_token;
  if (!since) throw new Error('The list answer has no next_sync_token');
  for (let i = 0; i < 100; i++) await write(base, token);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await write(base, token);
    const started = performance.now();
    const response = await fetch(`${base}${EVENTS_PATH}?per_page=50&sync_token=${since}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`sync answered ${response.status}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** A Zipf (s = 1) sampler over `urls`: the first is read most, the n-th 1/n as often. */
function zipf(urls: readonly string[]): () => string {
  const weights = urls.map((_, rank) => 1 / (rank + 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const cumulative: number[] = [];
  let running = 0;
  for (const weight of weights) cumulative.push((running += weight / total));
  return () => {
    const r = Math.random();
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cumulative[mid] ?? 1) < r) low = mid + 1;
      else high = mid;
    }
    return urls[low] ?? EVENTS_PATH;
  };
}

/** Words of the seeded events' titles and descriptions, common and rare, for the searches. */
const SEARCH_WORDS = [
  'jazz',
  'concert',
  'salsa',
  'workshop',
  'tango',
  'poetry',
  'night',
  'festival',
  'blues',
  'choir',
  'ceramics',
  'swing',
  'jazz night',
  'flamenco',
  'comedy',
  'photography',
];

/** Ids of the `key` items of a list answer. */
function idsIn(list: unknown, key: string): number[] {
  const items = (list as Record<string, unknown>)[key];
  return Array.isArray(items)
    ? items
        .map((item) => (item as Record<string, unknown>)['id'])
        .filter((id): id is number => typeof id === 'number')
    : [];
}

/**
 * At least 1,000 distinct read URLs as users spread them: event lists (default, featured, by
 * category and tag, each at three page sizes and many pages), searches, months, deep pages,
 * venue and organizer filters, geo, single events and the other resources' lists. The kinds
 * are interleaved, so each is found among the most read as among the rarest.
 */
async function userUrls(base: string): Promise<string[]> {
  const categories = await getJson(`${base}${API_PATH}/categories?per_page=50`);
  const tags = await getJson(`${base}${API_PATH}/tags?per_page=50`);
  const slugsOf = (list: unknown, key: string): string[] => {
    const items = (list as Record<string, unknown>)[key];
    return Array.isArray(items)
      ? items.map((item) => String((item as Record<string, unknown>)['slug']))
      : [];
  };
  const venues = idsIn(await getJson(`${base}${API_PATH}/venues?per_page=50`), 'venues');
  const organizers = idsIn(
    await getJson(`${base}${API_PATH}/organizers?per_page=50`),
    'organizers',
  );
  const events: number[] = [];
  for (let page = 1; page <= 4; page++) {
    events.push(
      ...idsIn(await getJson(`${base}${EVENTS_PATH}?per_page=50&page=${page}`), 'events'),
    );
  }
  const kinds: string[][] = [];
  const lists: string[] = [];
  const filters = [
    '',
    'featured=true',
    ...slugsOf(categories, 'categories').map((slug) => `categories=${slug}`),
    ...slugsOf(tags, 'tags').map((slug) => `tags=${slug}`),
  ];
  for (let page = 1; page <= 12; page++) {
    for (const filter of filters) {
      for (const perPage of [10, 20, 50]) {
        lists.push(`${EVENTS_PATH}?${filter}${filter ? '&' : ''}per_page=${perPage}&page=${page}`);
      }
    }
  }
  kinds.push(lists);
  kinds.push(
    SEARCH_WORDS.flatMap((word) =>
      [1, 2, 3].map((page) => `${EVENTS_PATH}?search=${encodeURIComponent(word)}&page=${page}`),
    ),
  );
  kinds.push(
    Array.from({ length: 24 }, (_, month) => {
      const from = monthsAhead(month);
      return `${EVENTS_PATH}?start_date=${from}&end_date=${monthsAhead(month + 1)}`;
    }),
  );
  kinds.push(Array.from({ length: 40 }, (_, i) => `${EVENTS_PATH}?page=${50 + i * 25}`));
  kinds.push(venues.map((id) => `${EVENTS_PATH}?venue=${id}`));
  kinds.push(organizers.map((id) => `${EVENTS_PATH}?organizer=${id}`));
  kinds.push(
    [5, 10, 25, 50].flatMap((radius) =>
      [2.1686, 2.17, 2.15].map(
        (lng) => `${EVENTS_PATH}?geoloc_lat=41.3874&geoloc_lng=${lng}&geoloc_radius=${radius}`,
      ),
    ),
  );
  kinds.push(events.map((id) => `${EVENTS_PATH}/${id}`));
  kinds.push([
    ...[1, 2, 3, 4, 5].map((page) => `${API_PATH}/venues?page=${page}`),
    ...[1, 2, 3].map((page) => `${API_PATH}/organizers?page=${page}`),
    `${API_PATH}/categories`,
    `${API_PATH}/tags`,
  ]);
  const urls: string[] = [];
  for (let i = 0; kinds.some((kind) => i < kind.length); i++) {
    for (const kind of kinds) {
      const url = kind[i];
      if (url !== undefined) urls.push(url);
    }
  }
  return [...new Set(urls)];
}

/** What the service's `/metrics` says now: its RSS and its read cache's counts. */
interface ServiceFigures {
  readonly rss: number | null;
  /** `read_cache_answers_total` and `read_cache_renderings_total` by outcome (none: not served). */
  readonly cache: Readonly<Record<string, number>>;
}

async function serviceFigures(base: string): Promise<ServiceFigures> {
  const response = await fetch(`${base}/metrics`);
  if (!response.ok) return { rss: null, cache: {} };
  const text = await response.text();
  const rss = /^process_resident_memory_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)/m.exec(text);
  const cache: Record<string, number> = {};
  for (const [, kind, outcome, value] of text.matchAll(
    /^read_cache_(answers|renderings)_total\{outcome="(\w+)"\} (\d+)$/gm,
  )) {
    cache[`${kind} ${outcome}`] = Number(value);
  }
  return { rss: rss ? Number(rss[1]) : null, cache };
}

/**
 * "answers 91% kept (n made), renderings 98% kept" between two readings of the counts, or ""
 * when the service does not report them.
 */
function cacheShares(before: ServiceFigures, after: ServiceFigures): string {
  const delta = (name: string): number => (after.cache[name] ?? 0) - (before.cache[name] ?? 0);
  const hit = delta('answers hit');
  const made = delta('answers miss');
  const joined = delta('answers joined');
  const answers = hit + made + joined;
  const kept = delta('renderings kept');
  const renderings = kept + delta('renderings made');
  if (answers === 0) return '';
  const share = (part: number, whole: number): string =>
    whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`;
  return (
    `, answers ${share(hit, answers)} kept (${made} made, ${joined} waited), ` +
    `event renderings ${share(kept, renderings)} kept`
  );
}

/** A published one-hour event inside the default window (1 to 60 days ahead), as editors add. */
function windowEventBody(title: string, terms: EventTerms): string {
  const start = new Date(Date.now() + (1 + Math.random() * 59) * 86_400_000);
  const day = start.toISOString().slice(0, 10);
  const hour = String(8 + Math.floor(Math.random() * 12)).padStart(2, '0');
  return JSON.stringify({
    title,
    status: 'publish',
    start_date: `${day} ${hour}:00:00`,
    end_date: `${day} ${hour}:59:00`,
    ...terms,
  });
}

/** One phase of the users' workload: its numbers. */
interface MixedPhase {
  readonly share: number;
  readonly result: LoadResult;
  readonly writes: number;
  readonly rss: number | null;
}

/**
 * The workload users meet: Zipf over {@link userUrls}, read-only and then with each share of
 * `--write-shares` (percent) as published events inside the default window, each filed under
 * one category and one tag; a read-only phase first warms the cache and is not reported.
 */
async function mixed(base: string, options: Options, token: string): Promise<MixedPhase[]> {
  const categoryIds = idsIn(
    await getJson(`${base}${API_PATH}/categories?per_page=50`),
    'categories',
  );
  const tagIds = idsIn(await getJson(`${base}${API_PATH}/tags?per_page=50`), 'tags');
  const anyOf = (ids: readonly number[]): number[] =>
    ids.length === 0 ? [] : [ids[Math.floor(Math.random() * ids.length)] ?? 0];
  const urls = await userUrls(base);
  const pick = zipf(urls);
  let writes = 0;
  let share = 0;
  const requests: autocannon.Options['requests'] = [
    {
      setupRequest: (request) => {
        if (Math.random() * 100 < share) {
          writes += 1;
          return {
            ...request,
            method: 'POST',
            path: EVENTS_PATH,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: windowEventBody(`Mixed write ${writes}`, {
              categories: anyOf(categoryIds),
              tags: anyOf(tagIds),
            }),
          };
        }
        return { ...request, method: 'GET', path: pick(), headers: {}, body: undefined };
      },
    },
  ];
  console.log(
    `\nusers' workload: Zipf over ${urls.length} URLs, ${options.connections} connections, ${options.mixedSeconds} s a phase after a read-only warm-up`,
  );
  await load(base, options.connections, options.mixedSeconds, { requests });
  const phases: MixedPhase[] = [];
  for (const percent of options.writeShares) {
    share = percent;
    writes = 0;
    const before = await serviceFigures(base);
    const result = summarise(
      await load(base, options.connections, options.mixedSeconds, { requests }),
    );
    const after = await serviceFigures(base);
    const rss = after.rss;
    phases.push({ share: percent, result, writes, rss });
    const readOnly = phases.find((phase) => phase.share === 0)?.result.rps;
    console.log(
      `${`${percent}% writes`.padEnd(11)}: ${String(result.rps).padStart(6)} req/s` +
        (readOnly && percent > 0
          ? ` (${((100 * result.rps) / readOnly).toFixed(0)}% of read-only)`
          : '') +
        `, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}, ` +
        `writes ${writes}, RSS ${rss === null ? '?' : `${Math.round(rss / 1048576)} MB`}` +
        cacheShares(before, after),
    );
  }
  // The ceiling: a bare server answering the most read URL's bytes, under the same load.
  const sample = await sampleOf(`${base}${urls[0] ?? EVENTS_PATH}`);
  const bare = await bareServer(sample.body, sample.headers);
  try {
    const ceiling = summarise(await load(bare.url, options.connections, options.mixedSeconds));
    const readOnly = phases.find((phase) => phase.share === 0)?.result.rps;
    console.log(
      `bare node:http answering ${urls[0] ?? EVENTS_PATH}: ${ceiling.rps} req/s` +
        (readOnly ? `; read-only is ${((100 * readOnly) / ceiling.rps).toFixed(1)}% of it` : ''),
    );
  } finally {
    bare.child.kill();
  }
  return phases;
}

async function main(): Promise<void> {
  const options = parseOptions();
  const base = options.url;
  const list = await cases(base);
  const reports: CaseReport[] = [];
  let mixedPhases: MixedPhase[] = [];
  console.log(
    `${options.label ? `${options.label}: ` : ''}${base}, ${options.connections} connections, ${options.seconds} s a case; load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    'case                 | total   | service req/s  p50   p99 | bare req/s  p50  p99 | share | cold p50  p99 (ms) | moved p50  p99',
  );
  // A freshly started service runs its first seconds unoptimised (the JIT has not compiled the
  // hot paths yet): warm it on the first case, unmeasured, so that case is not the slowest.
  const [first] = list;
  if (first && !options.onlyMixed) {
    await load(`${base}${first[1]}`, options.connections, Math.min(3, options.seconds));
  }
  for (const [name, path] of options.onlyMixed ? [] : list) {
    const sample = await sampleOf(`${base}${path}`);
    const service = summarise(await load(`${base}${path}`, options.connections, options.seconds));
    const bare = await bareServer(sample.body, sample.headers);
    let bareResult: LoadResult;
    try {
      bareResult = summarise(await load(bare.url, options.connections, options.seconds));
    } finally {
      bare.child.kill();
    }
    // Lists are read cold (with a token to write); single reads and other resources are not.
    const token =
      path.startsWith(`${API_PATH}/events`) && !/\/events\/\d/.test(path)
        ? options.token
        : undefined;
    const coldResult = token ? await cold(base, path, token, options.coldRuns) : null;
    const movedResult = token
      ? await cold(base, path, token, options.coldRuns, aheadOf(path, base))
      : null;
    const report = {
      name,
      path,
      service,
      bare: bareResult,
      cold: coldResult,
      moved: movedResult,
      total: sample.total,
    };
    reports.push(report);
    const share =
      bareResult.rps > 0 ? `${((100 * service.rps) / bareResult.rps).toFixed(1)}%` : '-';
    console.log(
      `${name.padEnd(20)} | ${String(sample.total ?? '-').padStart(7)} | ${String(service.rps).padStart(13)} ${String(service.p50).padStart(5)} ${String(service.p99).padStart(5)} | ` +
        `${String(bareResult.rps).padStart(10)} ${String(bareResult.p50).padStart(4)} ${String(bareResult.p99).padStart(4)} | ${share.padStart(5)} | ` +
        (coldResult
          ? `${coldResult.p50.toFixed(1).padStart(8)} ${coldResult.p99.toFixed(1).padStart(5)}`
          : '       -') +
        (movedResult
          ? ` | ${movedResult.p50.toFixed(1).padStart(8)} ${movedResult.p99.toFixed(1).padStart(5)}`
          : '') +
        (service.errors + service.non2xx > 0
          ? `  (errors ${service.errors}, non-2xx ${service.non2xx})`
          : ''),
    );
  }
  if (options.token) {
    if (!options.onlyMixed) {
      const changes = await syncCase(base, options.token, options.coldRuns);
      console.log(
        `sync (100+ changes since the token, first page of 50): p50 ${changes.p50.toFixed(1)} ms, p99 ${changes.p99.toFixed(1)} ms`,
      );
    }
    mixedPhases = await mixed(base, options, options.token);
  } else {
    console.log('\n(no --token: cold reads and the mixed workload need an administrator token)');
  }
  console.log(
    `load average after: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  if (options.json) {
    writeFileSync(
      options.json,
      JSON.stringify({ label: options.label, reports, mixed: mixedPhases }, null, 2),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
