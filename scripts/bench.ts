import { performance } from 'node:perf_hooks';
import { readCommandLine } from '../src/common/cli/command-line';
import { monthsAhead, percentile } from './bench-common';

/**
 * `npm run bench -- [--url http://localhost:3000] [--runs 20] [--category SLUG] [--venue ID]
 * [--token JWT] [--against URL]`: times single sequential requests against an already running
 * server, after 3 warm-up requests each, and prints status, p50, p95, min and max in ms and the
 * `X-TEC-Total` header of every case. The category and venue of the filter cases are, unless
 * given, busy ones found through the API first (the category with most events; the busiest of the
 * venues most frequent among the first 200 events). A request that fails shows its status (or
 * `ERR` when there was no answer) instead of stopping the run. With `--token` every request
 * carries it, to measure the lists a contributor or an editor sees.
 *
 * With `--against URL` (a second server on the same data, say an older build) every run times one
 * request to each server back to back, the first one alternating, and the table gives both p50s
 * and the median of the paired differences: a machine whose speed drifts between runs slows both
 * sides of a pair alike, so a difference of a fraction of a millisecond shows.
 */

const WARM_UP = 3;
const API_PATH = '/calendar/events/v1';
const EVENTS_PATH = `${API_PATH}/events`;
/** A word of many seeded venue names, in every language (`Centre Cultural`, `Cultural Centre`). */
const VENUE_SEARCH = 'cultural';
/** Barcelona, where many seeded venues are. */
const GEO_CENTRE = { lat: 41.3874, lng: 2.1686, radius: 25 };

interface Sample {
  /** The HTTP status; 0 when the request failed without an answer. */
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

interface PairedResult {
  readonly name: string;
  readonly statuses: readonly number[];
  /** Sorted times of the first server and of the second. */
  readonly times: readonly [readonly number[], readonly number[]];
  /** Sorted differences, second minus first, of the requests of each run. */
  readonly differences: readonly number[];
}

interface Options {
  readonly url: string;
  readonly runs: number;
  readonly category: string | null;
  readonly venue: number | null;
  /** A bearer token every request carries, to measure what a signed-in role sees. */
  readonly token: string | null;
  /** A second server to compare with, request by request. */
  readonly against: string | null;
}

/** Headers of every request (the token, when given). */
let requestHeaders: Record<string, string> = {};

function parseOptions(): Options {
  const { values } = readCommandLine({
    usage: 'npm run bench -- [options]',
    about:
      'Times single sequential requests (after 3 warm-up requests each) against a running\n' +
      'service and prints status, p50, p95, min, max and X-TEC-Total per case.',
    options: {
      url: { type: 'string', value: 'URL', help: 'The service', default: 'http://localhost:3000' },
      runs: { type: 'string', value: 'N', help: 'Timed requests per case', default: '20' },
      category: { type: 'string', value: 'SLUG', help: 'The category of the filter cases' },
      venue: { type: 'string', value: 'ID', help: 'The venue of the filter cases' },
      token: { type: 'string', value: 'JWT', help: 'Sent with every request' },
      against: { type: 'string', value: 'URL', help: 'A second service timed pairwise' },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer`);
  const venue = values.venue === undefined ? null : Number(values.venue);
  if (venue !== null && (!Number.isInteger(venue) || venue < 1)) {
    throw new Error(`--venue must be a positive integer`);
  }
  return {
    url: values.url.replace(/\/+$/, ''),
    runs,
    category: values.category ?? null,
    venue,
    token: values.token ?? null,
    against: values.against?.replace(/\/+$/, '') ?? null,
  };
}

/** One request, timed until its whole body has arrived; status 0 when it got no answer. */
async function timed(url: string): Promise<Sample> {
  const started = performance.now();
  try {
    const response = await fetch(url, { headers: requestHeaders });
    await response.arrayBuffer();
    const ms = performance.now() - started;
    return { status: response.status, ms, total: response.headers.get('x-tec-total') };
  } catch {
    return { status: 0, ms: performance.now() - started, total: null };
  }
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

/** A case timed on two servers in pairs: each run asks both, the first one alternating. */
async function runPairedCase(
  name: string,
  path: string,
  bases: readonly [string, string],
  runs: number,
): Promise<PairedResult> {
  const [a, b] = bases.map((base) => `${base}${path}`) as [string, string];
  for (let i = 0; i < WARM_UP; i++) await Promise.all([timed(a), timed(b)]);
  const first: Sample[] = [];
  const second: Sample[] = [];
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      first.push(await timed(a));
      second.push(await timed(b));
    } else {
      second.push(await timed(b));
      first.push(await timed(a));
    }
  }
  const sorted = (samples: readonly Sample[]): number[] =>
    samples.map((s) => s.ms).sort((x, y) => x - y);
  return {
    name,
    statuses: [...new Set([...first, ...second].map((s) => s.status))],
    times: [sorted(first), sorted(second)],
    differences: first.map((s, i) => (second[i]?.ms ?? Number.NaN) - s.ms).sort((x, y) => x - y),
  };
}

/** The JSON body of a GET, or why there is none. */
async function getJson(url: string): Promise<{ body: unknown } | { error: string }> {
  try {
    const response = await fetch(url, { headers: requestHeaders });
    if (!response.ok) {
      await response.arrayBuffer();
      return { error: `answered ${response.status}` };
    }
    return { body: await response.json() };
  } catch (error: unknown) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** The items under `key` of a list body (`{"events": [...]}`), or none. */
function listOf(body: unknown, key: string): Record<string, unknown>[] {
  if (typeof body !== 'object' || body === null) return [];
  const list: unknown = (body as Record<string, unknown>)[key];
  return Array.isArray(list)
    ? list.filter((item): item is Record<string, unknown> => typeof item === 'object' && !!item)
    : [];
}

/** The id of the first event of the default list, for the single-event case. */
async function firstEventId(base: string): Promise<number | string> {
  const result = await getJson(`${base}${EVENTS_PATH}?per_page=1`);
  if ('error' in result) return `GET ${EVENTS_PATH} ${result.error}`;
  const id = listOf(result.body, 'events')[0]?.id;
  return typeof id === 'number' ? id : 'the default list has no events';
}

/** The slug of the category with most events, or why there is none. */
async function busiestCategory(base: string): Promise<string | { error: string }> {
  const result = await getJson(`${base}${API_PATH}/categories?orderby=count&order=desc&per_page=1`);
  if ('error' in result) return { error: `GET /categories ${result.error}` };
  const slug = listOf(result.body, 'categories')[0]?.slug;
  return typeof slug === 'string' ? slug : { error: 'GET /categories listed none' };
}

/** How many events `GET /events?venue=<id>` counts (`X-TEC-Total`), or -1. */
async function eventsAtVenue(base: string, venue: number): Promise<number> {
  try {
    const response = await fetch(`${base}${EVENTS_PATH}?venue=${venue}&per_page=1`);
    await response.arrayBuffer();
    const total = Number(response.headers.get('x-tec-total'));
    return response.ok && Number.isFinite(total) ? total : -1;
  } catch {
    return -1;
  }
}

/**
 * A busy venue: the 8 venues most frequent among the first 200 listed events are candidates, and
 * the one `GET /events?venue=` counts most events at wins. Else the first venue listed.
 */
async function busyVenue(base: string): Promise<number | { error: string }> {
  const counts = new Map<number, number>();
  for (let page = 1; page <= 4; page++) {
    const events = await getJson(`${base}${EVENTS_PATH}?per_page=50&page=${page}`);
    if ('error' in events) break;
    for (const event of listOf(events.body, 'events')) {
      const venue: unknown = event.venue;
      const id =
        typeof venue === 'object' && venue !== null && !Array.isArray(venue)
          ? (venue as Record<string, unknown>).id
          : undefined;
      if (typeof id === 'number') counts.set(id, (counts.get(id) ?? 0) + 1);
    }
  }
  const candidates = [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([id]) => id);
  let best: { id: number; total: number } | null = null;
  for (const id of candidates) {
    const total = await eventsAtVenue(base, id);
    if (!best || total > best.total) best = { id, total };
  }
  if (best) return best.id;
  const venues = await getJson(`${base}${API_PATH}/venues?per_page=1`);
  if ('error' in venues) return { error: `no event has a venue; GET /venues ${venues.error}` };
  const id = listOf(venues.body, 'venues')[0]?.id;
  return typeof id === 'number'
    ? id
    : { error: 'no event has a venue and GET /venues listed none' };
}

/** Statuses of a case, `ERR` for requests that got no answer. */
function statusCell(statuses: readonly number[]): string {
  return statuses.map((status) => (status === 0 ? 'ERR' : String(status))).join(',');
}

/** Prints a header and rows as aligned columns, the first left-aligned. */
function printColumns(header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

function printTable(results: readonly CaseResult[], base: string, runs: number): void {
  console.log(`${base}: ${runs} sequential runs per case after ${WARM_UP} warm-ups; times in ms`);
  printColumns(
    ['case', 'status', 'p50', 'p95', 'min', 'max', 'X-TEC-Total'],
    results.map((r) => [
      r.name,
      statusCell(r.statuses),
      ...[50, 95].map((p) => percentile(r.times, p).toFixed(1)),
      (r.times[0] ?? Number.NaN).toFixed(1),
      (r.times[r.times.length - 1] ?? Number.NaN).toFixed(1),
      r.total ?? '-',
    ]),
  );
}

function printPairedTable(
  results: readonly PairedResult[],
  bases: readonly [string, string],
  runs: number,
): void {
  console.log(`A = ${bases[0]}, B = ${bases[1]}`);
  console.log(`${runs} runs per case, each one request to A and one to B; times in ms`);
  printColumns(
    ['case', 'status', 'A p50', 'B p50', 'B-A p50', 'B-A p25', 'B-A p75'],
    results.map((r) => [
      r.name,
      statusCell(r.statuses),
      percentile(r.times[0], 50).toFixed(2),
      percentile(r.times[1], 50).toFixed(2),
      ...[50, 25, 75].map((p) => percentile(r.differences, p).toFixed(2)),
    ]),
  );
}

async function main(): Promise<void> {
  const options = parseOptions();
  if (options.token) requestHeaders = { Authorization: `Bearer ${options.token}` };
  const { url, runs } = options;
  const start = monthsAhead(6);
  const end = monthsAhead(7);
  const id = await firstEventId(url);
  const category = options.category ?? (await busiestCategory(url));
  const venue = options.venue ?? (await busyVenue(url));
  /** Each case's name and path below the server's address. */
  const cases: [string, string][] = [
    ['GET /events', EVENTS_PATH],
    ['?per_page=50', `${EVENTS_PATH}?per_page=50`],
    ['?page=500', `${EVENTS_PATH}?page=500`],
    ['?search=jazz', `${EVENTS_PATH}?search=jazz`],
    ['?featured=true', `${EVENTS_PATH}?featured=true`],
    [`?start_date=${start}&end_date=${end}`, `${EVENTS_PATH}?start_date=${start}&end_date=${end}`],
  ];
  if (typeof id === 'number') cases.push([`GET /events/${id}`, `${EVENTS_PATH}/${id}`]);
  else console.log(`Skipping GET /events/{id}: ${id}`);
  if (typeof category === 'string') {
    const slug = encodeURIComponent(category);
    if (typeof venue === 'number') {
      const query = `?categories=${slug}&venue=${venue}`;
      cases.push([query, `${EVENTS_PATH}${query}`]);
    }
    cases.push([`?categories=${slug}`, `${EVENTS_PATH}?categories=${slug}`]);
  } else {
    console.log(`Skipping the category cases: ${category.error}`);
  }
  if (typeof venue === 'number') cases.push([`?venue=${venue}`, `${EVENTS_PATH}?venue=${venue}`]);
  else console.log(`Skipping the venue cases: ${venue.error}`);
  const geo =
    `?geoloc_lat=${GEO_CENTRE.lat}&geoloc_lng=${GEO_CENTRE.lng}` +
    `&geoloc_radius=${GEO_CENTRE.radius}`;
  cases.push(
    [geo, `${EVENTS_PATH}${geo}`],
    ['GET /venues', `${API_PATH}/venues`],
    [`GET /venues?search=${VENUE_SEARCH}`, `${API_PATH}/venues?search=${VENUE_SEARCH}`],
    ['GET /organizers', `${API_PATH}/organizers`],
    ['GET /categories', `${API_PATH}/categories`],
    ['GET /tags', `${API_PATH}/tags`],
  );
  if (options.against) {
    const bases: [string, string] = [url, options.against];
    const results: PairedResult[] = [];
    for (const [name, path] of cases) results.push(await runPairedCase(name, path, bases, runs));
    printPairedTable(results, bases, runs);
    return;
  }
  const results: CaseResult[] = [];
  for (const [name, path] of cases) results.push(await runCase(name, `${url}${path}`, runs));
  printTable(results, url, runs);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
