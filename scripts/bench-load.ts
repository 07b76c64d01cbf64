import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { monthsAhead, percentile } from './bench-common';

/**
 * `npm run bench:load -- [--url http://localhost:3000] [--connections 16] [--seconds 5]
 * [--token JWT] [--cold-runs 15] [--mixed-seconds 10] [--only-mixed] [--label TEXT] [--json FILE]`: a load
 * benchmark of an already running (and seeded) service.
 *
 * For each case it runs autocannon at `--connections` for `--seconds`, then the same load
 * against a bare `node:http` server (a child process) answering the same bytes, and prints
 * req/s, p50 and p99 of both and the service's share of the ceiling (after a warm-up of the
 * first case, unmeasured). With `--token` (an administrator's, `npm run token`) it also times
 * each list case cold: one write, then one read
 * of the case, `--cold-runs` times (p50 and p99 in ms), times a sync (`sync_token`) after 100
 * changes (one more write before each timed read), and runs a mixed workload twice: Zipf over
 * 1,000 distinct list URLs with 2% writes (each event filed under a random category and tag),
 * once with drafts as the writes (no anonymous answer changes) and once with published events
 * (the unfiltered lists and those of the event's terms end), each in two phases of
 * `--mixed-seconds`: the first from an empty read cache, the second on what the first kept. It
 * reports req/s, errors and the service's RSS (read from `/metrics`) for each phase. `--only-mixed`
 * runs the mixed workloads alone. The load average is printed with the results: this
 * machine is shared, so compare numbers of one run, not across runs.
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
  readonly total: string | null;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://localhost:3000' },
      connections: { type: 'string', default: '16' },
      seconds: { type: 'string', default: '5' },
      token: { type: 'string' },
      'cold-runs': { type: 'string', default: '15' },
      'mixed-seconds': { type: 'string', default: '10' },
      'only-mixed': { type: 'boolean', default: false },
      label: { type: 'string', default: '' },
      json: { type: 'string' },
    },
    strict: true,
  });
  const positive = (name: string, value: string): number => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < 1) {
      throw new Error(`--${name} must be a positive integer`);
    }
    return number;
  };
  return {
    url: values.url.replace(/\/+$/, ''),
    connections: positive('connections', values.connections),
    seconds: positive('seconds', values.seconds),
    token: values.token ?? null,
    coldRuns: positive('cold-runs', values['cold-runs']),
    mixedSeconds: positive('mixed-seconds', values['mixed-seconds']),
    onlyMixed: values['only-mixed'],
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
): string {
  const start = monthsAhead(30);
  return JSON.stringify({
    title,
    status,
    start_date: `${start} 10:00:00`,
    end_date: `${start} 11:00:00`,
    ...terms,
  });
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
async function write(base: string, token: string): Promise<void> {
  writeCount += 1;
  const response = await fetch(`${base}${EVENTS_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: eventBody(`Bench write ${writeCount}`, 'publish', coldTerms),
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`write answered ${response.status}`);
}

/** p50/p99 of the first read of `path` after a write, `runs` times. */
async function cold(
  base: string,
  path: string,
  token: string,
  runs: number,
): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await write(base, token);
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

/** 1,000 distinct list URLs and a Zipf (s = 1) sampler over them. */
function zipfUrls(slugs: { categories: string[]; tags: string[] }): {
  urls: string[];
  pick: () => string;
} {
  const urls: string[] = [];
  const filters = [
    '',
    'featured=true',
    ...slugs.categories.map((slug) => `categories=${slug}`),
    ...slugs.tags.map((slug) => `tags=${slug}`),
  ];
  for (let page = 1; urls.length < 1000; page++) {
    for (const filter of filters) {
      for (const perPage of [10, 20, 50]) {
        if (urls.length >= 1000) break;
        urls.push(`${EVENTS_PATH}?${filter}${filter ? '&' : ''}per_page=${perPage}&page=${page}`);
      }
    }
    if (page > 50) break;
  }
  const weights = urls.map((_, rank) => 1 / (rank + 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const cumulative: number[] = [];
  let running = 0;
  for (const weight of weights) cumulative.push((running += weight / total));
  const pick = (): string => {
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
  return { urls, pick };
}

async function rssBytes(base: string): Promise<number | null> {
  const response = await fetch(`${base}/metrics`);
  if (!response.ok) return null;
  const match = /^process_resident_memory_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)/m.exec(
    await response.text(),
  );
  return match ? Number(match[1]) : null;
}

async function mixed(
  base: string,
  options: Options,
  token: string,
  status: 'draft' | 'publish',
): Promise<void> {
  const categories = await getJson(`${base}${API_PATH}/categories?per_page=50`);
  const tags = await getJson(`${base}${API_PATH}/tags?per_page=50`);
  const itemsOf = (list: unknown, key: string): Record<string, unknown>[] =>
    (list as Record<string, unknown>)[key] as Record<string, unknown>[];
  const slugsOf = (list: unknown, key: string): string[] =>
    itemsOf(list, key).map((item) => String(item['slug']));
  const idsOf = (list: unknown, key: string): number[] =>
    itemsOf(list, key).map((item) => Number(item['id']));
  const categoryIds = idsOf(categories, 'categories');
  const tagIds = idsOf(tags, 'tags');
  const anyOf = (ids: readonly number[]): number[] =>
    ids.length === 0 ? [] : [ids[Math.floor(Math.random() * ids.length)] ?? 0];
  const { urls, pick } = zipfUrls({
    categories: slugsOf(categories, 'categories'),
    tags: slugsOf(tags, 'tags'),
  });
  let writes = 0;
  const requests: autocannon.Options['requests'] = [
    {
      setupRequest: (request) => {
        if (Math.random() < 0.02) {
          writes += 1;
          return {
            ...request,
            method: 'POST',
            path: EVENTS_PATH,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            // Filed under one category and one tag, as events are.
            body: eventBody(`Mixed write ${writes}`, status, {
              categories: anyOf(categoryIds),
              tags: anyOf(tagIds),
            }),
          };
        }
        return { ...request, method: 'GET', path: pick(), headers: {}, body: undefined };
      },
    },
  ];
  // A venue's creation ends every kept answer, so the first phase starts from nothing kept; the
  // second runs on what the first kept (the steady state of the workload).
  const venue = await fetch(`${base}${API_PATH}/venues`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ venue: `Bench hall ${Date.now()}` }),
  });
  await venue.arrayBuffer();
  if (venue.status !== 201) throw new Error(`venue write answered ${venue.status}`);
  for (const phase of ['from an empty cache', 'then'] as const) {
    writes = 0;
    const result = await load(base, options.connections, options.mixedSeconds, { requests });
    const rss = await rssBytes(base);
    const summary = summarise(result);
    console.log(
      `\nmixed (Zipf over ${urls.length} list URLs, 2% writes of ${status === 'draft' ? 'drafts' : 'published events'}, ${options.connections} connections, ${options.mixedSeconds} s ${phase}): ` +
        `${summary.rps} req/s, p50 ${summary.p50} ms, p99 ${summary.p99} ms, errors ${summary.errors}, non-2xx ${summary.non2xx}, ` +
        `writes ${writes}, RSS ${rss === null ? '?' : `${Math.round(rss / 1048576)} MB`}`,
    );
  }
}

async function main(): Promise<void> {
  const options = parseOptions();
  const base = options.url;
  const list = await cases(base);
  const reports: CaseReport[] = [];
  console.log(
    `${options.label ? `${options.label}: ` : ''}${base}, ${options.connections} connections, ${options.seconds} s a case; load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    'case                 | total   | service req/s  p50   p99 | bare req/s  p50  p99 | share | cold p50  p99 (ms)',
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
    const coldResult =
      options.token && path.startsWith(`${API_PATH}/events`) && !/\/events\/\d/.test(path)
        ? await cold(base, path, options.token, options.coldRuns)
        : null;
    const report = { name, path, service, bare: bareResult, cold: coldResult, total: sample.total };
    reports.push(report);
    const share =
      bareResult.rps > 0 ? `${((100 * service.rps) / bareResult.rps).toFixed(1)}%` : '-';
    console.log(
      `${name.padEnd(20)} | ${String(sample.total ?? '-').padStart(7)} | ${String(service.rps).padStart(13)} ${String(service.p50).padStart(5)} ${String(service.p99).padStart(5)} | ` +
        `${String(bareResult.rps).padStart(10)} ${String(bareResult.p50).padStart(4)} ${String(bareResult.p99).padStart(4)} | ${share.padStart(5)} | ` +
        (coldResult
          ? `${coldResult.p50.toFixed(1).padStart(8)} ${coldResult.p99.toFixed(1).padStart(5)}`
          : '       -') +
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
    await mixed(base, options, options.token, 'draft');
    await mixed(base, options, options.token, 'publish');
  } else {
    console.log('\n(no --token: cold reads and the mixed workload need an administrator token)');
  }
  console.log(
    `load average after: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  if (options.json) {
    writeFileSync(options.json, JSON.stringify({ label: options.label, reports }, null, 2));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
