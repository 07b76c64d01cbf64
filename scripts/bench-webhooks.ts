import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { readCommandLine } from '../src/common/cli/command-line';
import { percentile } from './bench-common';

/**
 * `npm run bench:webhooks -- --token JWT [--url http://localhost:3000] [--changes 1000]
 * [--subscribers 10] [--connections 8] [--against http://localhost:3001]`: webhook fan-out and
 * the cost of a write, against an already running service (an administrator's token).
 *
 * 1. Write cost: 200 venue creates one after another, then 200 at `--connections` at a time,
 *    p50/p99 of each; with `--against`, the same on a second server (an older build without
 *    the change log, say), so the difference is what the log (the outbox) adds to a write.
 * 2. Fan-out: `--subscribers` subscriptions to `venue.created` on a receiver in this process
 *    (answers 204 at once), then `--changes` venue creates at `--connections` at a time; it
 *    prints how long until every change reached every subscriber, counted from the first write
 *    and from the last, and how many deliveries came twice. The subscriptions are deleted after.
 *
 * Run it with the service's dispatcher on (the default) and `WEBHOOK_POLL_MS` as deployed, and
 * `WEBHOOK_ALLOWED_NETWORKS=127.0.0.1`: the receiver listens on this host.
 */

const API = '/calendar/events/v1';

interface Options {
  readonly url: string;
  readonly token: string;
  readonly changes: number;
  readonly subscribers: number;
  readonly connections: number;
  readonly against?: string;
}

function parseOptions(): Options {
  const { values } = readCommandLine({
    usage: 'npm run bench:webhooks -- --token JWT [options]',
    about:
      'The cost of a write with the change log, and webhook fan-out to subscribers on a receiver\n' +
      'in this process, against a running service with its dispatcher on.',
    notes: 'Start the service with WEBHOOK_ALLOWED_NETWORKS=127.0.0.1: the receiver listens here.',
    options: {
      url: { type: 'string', value: 'URL', help: 'The service', default: 'http://localhost:3000' },
      token: { type: 'string', value: 'JWT', help: "An administrator's token (required)" },
      changes: { type: 'string', value: 'N', help: 'Venue creates fanned out', default: '1000' },
      subscribers: { type: 'string', value: 'N', help: 'Subscriptions', default: '10' },
      connections: { type: 'string', value: 'N', help: 'Writes at once', default: '8' },
      against: { type: 'string', value: 'URL', help: 'A second service for the write cost' },
    },
  });
  if (!values.token) {
    throw new Error('--token is required (npm run token -- --sub 1 --role administrator)');
  }
  return {
    url: values.url,
    token: values.token,
    changes: Number(values.changes),
    subscribers: Number(values.subscribers),
    connections: Number(values.connections),
    ...(values.against ? { against: values.against } : {}),
  };
}

async function post(url: string, token: string, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${url}${API}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer: unknown = await response.json();
  if (response.status >= 300) {
    throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  }
  return answer;
}

/** Runs `count` venue creates, `connections` at a time; answers each one's milliseconds. */
async function createVenues(
  url: string,
  token: string,
  count: number,
  connections: number,
  label: string,
  created?: Set<number>,
): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const index = next;
      next += 1;
      const start = performance.now();
      const venue = (await post(url, token, '/venues', {
        venue: `${label} ${index}`,
        city: 'Barcelona',
      })) as { id: number };
      times.push(performance.now() - start);
      created?.add(venue.id);
    }
  };
  await Promise.all(Array.from({ length: connections }, () => worker()));
  return times.sort((a, b) => a - b);
}

function latency(times: readonly number[]): string {
  return `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`;
}

async function writeCost(options: Options, run: string): Promise<void> {
  const servers = [
    ['this server', options.url],
    ...(options.against ? [['--against', options.against]] : []),
  ];
  for (const [name, url] of servers) {
    const one = await createVenues(url ?? '', options.token, 200, 1, `Cost ${run} one`);
    const many = await createVenues(
      url ?? '',
      options.token,
      200,
      options.connections,
      `Cost ${run} many`,
    );
    console.log(
      `write cost, ${name}: one at a time ${latency(one)}; ${options.connections} at a time ${latency(many)}`,
    );
  }
}

async function fanOut(options: Options, run: string): Promise<void> {
  // Deliveries by subscriber and message, with the venue each names and when it came.
  const seen = new Map<string, { count: number; venue: number; at: number }>();
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { id: number } };
      const key = `${request.url ?? ''} ${String(request.headers['webhook-id'])}`;
      const entry = seen.get(key) ?? { count: 0, venue: body.data.id, at: performance.now() };
      entry.count += 1;
      seen.set(key, entry);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  const port = (receiver.address() as AddressInfo).port;
  const ids: number[] = [];
  try {
    for (let index = 0; index < options.subscribers; index += 1) {
      const hook = (await post(options.url, options.token, '/webhooks', {
        url: `http://127.0.0.1:${port}/hook/${index}`,
        event_types: ['venue.created'],
      })) as { id: number };
      ids.push(hook.id);
    }
    const expected = options.changes * options.subscribers;
    // Venues made before (the write-cost phase) may still be on their way: not counted.
    const venues = new Set<number>();
    const start = performance.now();
    const writes = await createVenues(
      options.url,
      options.token,
      options.changes,
      options.connections,
      `Fan-out ${run}`,
      venues,
    );
    const written = performance.now();
    const deadline = written + 120_000;
    const counted = () => [...seen.values()].filter((entry) => venues.has(entry.venue));
    while (counted().length < expected && performance.now() < deadline) {
      await new Promise((wait) => setTimeout(wait, 10));
    }
    const received = counted();
    const lastAt = Math.max(...received.map((entry) => entry.at));
    const twice = received.filter((entry) => entry.count > 1).length;
    console.log(
      `fan-out: ${options.changes} changes x ${options.subscribers} subscribers = ${expected} deliveries; ` +
        `${received.length} received (${twice} more than once); writes ${latency(writes)}`,
    );
    console.log(
      `  every delivery in ${((lastAt - start) / 1000).toFixed(2)} s from the first write, ` +
        `${((lastAt - written) / 1000).toFixed(2)} s after the last (target: 10 s); ` +
        `${Math.round(seen.size / ((lastAt - start) / 1000))} deliveries/s`,
    );
  } finally {
    for (const id of ids) {
      await fetch(`${options.url}${API}/webhooks/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${options.token}` },
      });
    }
    receiver.closeAllConnections();
    receiver.close();
  }
}

async function main(): Promise<void> {
  const options = parseOptions();
  const run = Date.now().toString(36);
  console.log(
    `load average before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  await writeCost(options, run);
  await fanOut(options, run);
  console.log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
