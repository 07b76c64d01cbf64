import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { readCommandLine } from '../src/common/cli/command-line';
import { percentile } from './bench-common';

/**
 * `npm run bench:writes -- --token JWT [--url http://localhost:3000] [--writes 1000]
 * [--connections 32]`: concurrent writes against an already running service (an
 * administrator's token, `npm run token`), and what they left behind.
 *
 * 1. Creates: `--writes` event creates at `--connections` at a time, each naming one of 5 new
 *    venues, 5 organizers, 5 categories and 5 tags by name and one of 20 titles, so many
 *    writers create the same names and slugs at once.
 * 2. Updates with If-Match: `--writes` increments spread over 10 events, each a read, then a
 *    write of title + 1 with `If-Match`, retried on 412, at `--connections` at a time.
 *
 * It prints the answers by status, p50/p99 latency, the venues, organizers, categories and tags
 * stored under each name (1 each means no duplicates), whether the counters add up (no lost
 * update), and the service's `db_transaction_retries_total` / `db_transaction_busy_total` from
 * `/metrics` (with `METRICS_TOKEN` unset). The load average is printed with the results.
 */

const API = '/calendar/events/v1';

interface Options {
  readonly url: string;
  readonly token: string;
  readonly writes: number;
  readonly connections: number;
}

function parseOptions(): Options {
  const { values } = readCommandLine({
    usage: 'npm run bench:writes -- --token JWT [options]',
    about:
      'Concurrent creates naming shared venues, organizers and terms, then If-Match updates,\n' +
      'against a running service; prints answers by status, latency, duplicates and lost updates.',
    options: {
      url: { type: 'string', value: 'URL', help: 'The service', default: 'http://localhost:3000' },
      token: { type: 'string', value: 'JWT', help: "An administrator's token (required)" },
      writes: { type: 'string', value: 'N', help: 'Writes of each kind', default: '1000' },
      connections: { type: 'string', value: 'N', help: 'Writes at once', default: '32' },
    },
  });
  if (!values.token) {
    throw new Error('--token is required (npm run token -- --sub 1 --role administrator)');
  }
  return {
    url: values.url,
    token: values.token,
    writes: Number(values.writes),
    connections: Number(values.connections),
  };
}

interface Answer {
  readonly status: number;
  readonly ms: number;
  readonly body: Record<string, unknown>;
  readonly etag: string | null;
}

async function call(
  options: Options,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${options.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${options.token}`,
      'Content-Type': 'application/json',
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { text };
  }
  return {
    status: response.status,
    ms: performance.now() - started,
    body: parsed,
    etag: response.headers.get('etag'),
  };
}

/** Runs `count` tasks, `width` at a time. */
async function pool(count: number, width: number, task: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

function summary(name: string, answers: readonly Answer[], seconds: number): void {
  const byStatus = new Map<number, number>();
  for (const answer of answers) byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
  const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const statuses = [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  console.log(
    `${name.padEnd(24)} ${String(answers.length).padStart(5)} answers in ${seconds.toFixed(1)} s (${(answers.length / seconds).toFixed(0)}/s)  ${statuses.padEnd(22)} p50 ${percentile(times, 50).toFixed(1)} ms  p99 ${percentile(times, 99).toFixed(1)} ms`,
  );
}

async function metric(options: Options, name: string): Promise<string> {
  const response = await fetch(`${options.url}/metrics`);
  const text = await response.text();
  return new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? '?';
}

async function main(): Promise<void> {
  const options = parseOptions();
  const run = Date.now().toString(36);
  const start = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const retriesBefore = Number(await metric(options, 'db_transaction_retries_total'));
  console.log(
    `bench:writes ${options.writes} writes at ${options.connections} connections, load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );

  // 1. Creates naming the same new venues, organizers and terms, and the same titles.
  const creates: Answer[] = [];
  let began = performance.now();
  await pool(options.writes, options.connections, async (index) => {
    creates.push(
      await call(options, 'POST', `${API}/events`, {
        title: `Bench ${run} ${index % 20}`,
        start_date: `${start} 10:00:00`,
        end_date: `${start} 12:00:00`,
        venue: { venue: `Bench Hall ${run} ${index % 5}` },
        organizer: [{ organizer: `Bench Org ${run} ${index % 5}` }],
        categories: [`Bench Category ${run} ${index % 5}`],
        tags: [`Bench Tag ${run} ${index % 5}`],
      }),
    );
  });
  summary('creates', creates, (performance.now() - began) / 1000);
  const slugs = new Set(creates.map((answer) => answer.body['slug']));
  console.log(
    `  distinct slugs: ${slugs.size} of ${creates.filter((a) => a.status === 201).length}`,
  );
  for (const [path, name, field] of [
    ['venues', 'Bench Hall', 'venue'],
    ['organizers', 'Bench Org', 'organizer'],
    ['categories', 'Bench Category', 'name'],
    ['tags', 'Bench Tag', 'name'],
  ] as const) {
    const stored: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      const exact = `${name} ${run} ${index}`;
      const list = await call(
        options,
        'GET',
        `${API}/${path}?search=${encodeURIComponent(exact)}&per_page=50`,
      );
      const items = (list.body[path] ?? []) as Record<string, unknown>[];
      stored.push(items.filter((item) => item[field] === exact).length);
    }
    console.log(`  ${path} stored per name: ${stored.join(' ')} (1 each: no duplicates)`);
  }

  // 2. Read-modify-write increments with If-Match on 10 shared events.
  const counters: number[] = [];
  for (let index = 0; index < 10; index += 1) {
    const created = await call(options, 'POST', `${API}/events`, {
      title: '0',
      start_date: `${start} 10:00:00`,
      end_date: `${start} 11:00:00`,
    });
    counters.push(Number(created.body['id']));
  }
  const updates: Answer[] = [];
  let conflicts = 0;
  began = performance.now();
  await pool(options.writes, options.connections, async (index) => {
    const id = counters[index % counters.length]!;
    for (;;) {
      const read = await call(options, 'GET', `${API}/events/${id}`);
      const write = await call(
        options,
        'PATCH',
        `${API}/events/${id}`,
        { title: String(Number(read.body['title']) + 1) },
        { 'If-Match': read.etag ?? '' },
      );
      updates.push(write);
      if (write.status !== 412) return;
      conflicts += 1;
    }
  });
  summary('updates with If-Match', updates, (performance.now() - began) / 1000);
  let total = 0;
  for (const id of counters) {
    const read = await call(options, 'GET', `${API}/events/${id}`);
    total += Number(read.body['title']);
  }
  console.log(
    `  increments stored: ${total} of ${options.writes} (${options.writes - total} lost), ${conflicts} answered 412 and retried`,
  );
  const retries = Number(await metric(options, 'db_transaction_retries_total')) - retriesBefore;
  console.log(
    `  service: ${retries} transactions retried after a conflict, ${await metric(options, 'db_transaction_busy_total')} answered busy since start`,
  );
  const series = await seriesWrites(options, start);
  const failures = [...creates, ...updates, ...series].filter((answer) => answer.status >= 500);
  console.log(`5xx: ${failures.length}`);
  for (const failure of failures.slice(0, 5)) console.log(`  ${JSON.stringify(failure.body)}`);
}

/**
 * 3. Recurring series, one write at a time: single-event creates (the yardstick of this run),
 *    then creates of weekly series running two years (104 occurrences each), then edits of each
 *    series' title (every occurrence rewritten), edits of its time (every occurrence moves), and
 *    its trash, with p50 and p99 of each.
 */
async function seriesWrites(options: Options, start: string): Promise<Answer[]> {
  const runs = 10;
  const body = (title: string, recurrence?: string[]) => ({
    title,
    start_date: `${start} 18:00:00`,
    end_date: `${start} 19:30:00`,
    timezone: 'Europe/Madrid',
    categories: ['Bench classes'],
    ...(recurrence ? { recurrence } : {}),
  });
  const singles: Answer[] = [];
  const creates: Answer[] = [];
  const edits: Answer[] = [];
  for (let index = 0; index < runs; index += 1) {
    singles.push(await call(options, 'POST', `${API}/events`, body(`Single ${index}`)));
  }
  for (let index = 0; index < runs; index += 1) {
    const rule = ['RRULE:FREQ=WEEKLY;COUNT=104'];
    creates.push(await call(options, 'POST', `${API}/events`, body(`Series ${index}`, rule)));
  }
  const moves: Answer[] = [];
  const trashes: Answer[] = [];
  for (const created of creates) {
    const id = Number(created.body['id']);
    edits.push(await call(options, 'PATCH', `${API}/events/${id}`, { title: `Edited ${id}` }));
  }
  for (const created of creates) {
    const id = Number(created.body['id']);
    const later = { start_date: `${start} 18:30:00`, end_date: `${start} 20:00:00` };
    moves.push(await call(options, 'PATCH', `${API}/events/${id}`, later));
  }
  for (const created of creates) {
    trashes.push(await call(options, 'DELETE', `${API}/events/${Number(created.body['id'])}`));
  }
  const line = (name: string, answers: readonly Answer[]) => {
    const ms = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    const ok = answers.filter((answer) => answer.status < 300).length;
    console.log(
      `  ${name}: p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms (${ok}/${answers.length} ok)`,
    );
  };
  console.log(`recurring series, one at a time (load ${loadavg()[0]?.toFixed(2)}):`);
  line('single event create (yardstick)', singles);
  line('weekly series of 2 years create (104 occurrences; target 50 ms)', creates);
  line('series title edit (104 occurrences; target 100 ms)', edits);
  line('series time edit (every occurrence moves; target 100 ms)', moves);
  line('series trash (104 occurrences)', trashes);
  return [...singles, ...creates, ...edits, ...moves, ...trashes];
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
