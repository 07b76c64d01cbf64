import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mintToken } from '../../src/access/tokens/mint-token';
import { eventBody } from '../factories/event.factory';
import { startService, type ServiceProcess } from '../setup/service-process';
import { onMysql } from '../setup/test-app';

const SECRET = 'tracing-test-secret-that-is-long-enough';
const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const API = '/calendar/events/v1';

/** A span as OTLP/HTTP JSON carries it, with its attributes flattened. */
interface ExportedSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  /** 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  readonly kind: number;
  readonly scope: string;
  readonly attributes: Record<string, unknown>;
}

interface OtlpAttribute {
  key: string;
  value: Record<string, unknown>;
}

interface OtlpBody {
  resourceSpans?: {
    scopeSpans?: {
      scope?: { name?: string };
      spans?: (Omit<ExportedSpan, 'scope' | 'attributes'> & { attributes?: OtlpAttribute[] })[];
    }[];
  }[];
}

/** A server on a free port of 127.0.0.1 that hands every request's headers and body to `seen`. */
async function receiver(seen: (headers: IncomingHttpHeaders, body: string) => void): Promise<{
  server: Server;
  url: string;
}> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      seen(request.headers, body);
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Waits until `found` gives something, for up to ten seconds. */
async function eventually<T>(found: () => T | undefined): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = found();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('not seen within 10 s');
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

/**
 * Distributed traces (OpenTelemetry, on when the standard `OTEL_*` variables ask for it): the
 * built service continues the trace a gateway starts, sends its spans to an OTLP/HTTP receiver,
 * writes the trace's ids in its log lines and passes the trace on to webhook receivers.
 */
describe('distributed traces', () => {
  const spans: ExportedSpan[] = [];
  const deliveries: IncomingHttpHeaders[] = [];
  const servers: Server[] = [];
  let sut: ServiceProcess;
  let collector: string;
  let hooks: string;

  jest.setTimeout(60_000);

  beforeAll(async () => {
    const otlp = await receiver((headers, body) => {
      if (!(headers['content-type'] ?? '').includes('json')) return;
      for (const resource of (JSON.parse(body) as OtlpBody).resourceSpans ?? []) {
        for (const scoped of resource.scopeSpans ?? []) {
          for (const span of scoped.spans ?? []) {
            const attributes = Object.fromEntries(
              (span.attributes ?? []).map(({ key, value }) => [key, Object.values(value)[0]]),
            );
            spans.push({ ...span, scope: scoped.scope?.name ?? '', attributes });
          }
        }
      }
    });
    const webhooks = await receiver((headers) => deliveries.push(headers));
    servers.push(otlp.server, webhooks.server);
    collector = otlp.url;
    hooks = webhooks.url;
  });

  afterEach(async () => {
    await sut?.stop();
  });

  afterAll(async () => {
    for (const server of servers) await new Promise((done) => server.close(done));
  });

  /** The service with tracing on, sending to the collector, on the suite's database and Redis. */
  async function tracedService(extra: Record<string, string> = {}): Promise<ServiceProcess> {
    return startService({
      AUTH_JWT_SECRET: SECRET,
      OTEL_EXPORTER_OTLP_ENDPOINT: collector,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      CACHE_URL: REDIS_URL,
      CACHE_PREFIX: `calendar-test:${randomUUID()}:`,
      ...(onMysql
        ? { DATABASE_URL: process.env['DATABASE_URL'] ?? '', MIGRATE_ON_START: 'true' }
        : {}),
      ...extra,
    });
  }

  it("continues the gateway's trace through HTTP, Express, Redis and the database, with the ids in the log and no secret in a span", async () => {
    sut = await tracedService();
    const traceId = randomUUID().replace(/-/g, '');
    const parent = randomUUID().replace(/-/g, '').slice(0, 16);

    const response = await fetch(`${sut.url}${API}/events?per_page=2&password=hunter2`, {
      headers: { traceparent: `00-${traceId}-${parent}-01`, 'X-Request-Id': 'traced-1' },
    });
    expect(response.status).toBe(200);
    await response.text();

    // The server span: a child of the gateway's span, in the gateway's trace.
    const server = await eventually(() =>
      spans.find((span) => span.traceId === traceId && span.kind === 2),
    );
    expect(server.parentSpanId).toBe(parent);
    expect(server.name).toMatch(/^GET/);
    expect(JSON.stringify(server.attributes)).not.toContain('hunter2');
    expect(JSON.stringify(server.attributes)).toContain('password=REDACTED');

    // Below it: Express's middleware and route handler, the read cache in Redis and, on MariaDB, the
    // statements (values masked), each with a parent inside the trace.
    await eventually(() =>
      spans.some((span) => span.traceId === traceId && span.scope.endsWith('ioredis'))
        ? true
        : undefined,
    );
    const trace = spans.filter((span) => span.traceId === traceId);
    const ids = new Set(trace.map((span) => span.spanId));
    for (const span of trace.filter((one) => one !== server)) {
      expect(ids.has(span.parentSpanId ?? '')).toBe(true);
    }
    const scopes = new Set(trace.map((span) => span.scope.replace('@opentelemetry/', '')));
    for (const scope of [
      'instrumentation-http',
      'instrumentation-express',
      'instrumentation-ioredis',
      ...(onMysql ? ['instrumentation-mysql2'] : []),
    ]) {
      expect(scopes.has(scope)).toBe(true);
    }
    if (onMysql) {
      const statements = trace.filter((span) => span.scope.endsWith('mysql2'));
      expect(statements.length).toBeGreaterThan(0);
      expect(JSON.stringify(statements)).not.toContain('hunter2');
    }

    // The request's log line carries the trace's id and the server span's.
    const line = await eventually(() => sut.logs().find((log) => log['request_id'] === 'traced-1'));
    expect(line).toMatchObject({ trace_id: traceId, span_id: server.spanId });

    // The background tasks' idle statements start no trace of their own.
    await new Promise((wait) => setTimeout(wait, 1_500));
    const statementRoots = spans.filter(
      (span) => span.parentSpanId === undefined && /mysql2|ioredis/.test(span.scope),
    );
    expect(statementRoots).toEqual([]);
  });

  it('sends a webhook delivery with a traceparent of a trace whose spans reach the collector', async () => {
    sut = await tracedService({ WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1', WEBHOOK_POLL_MS: '100' });
    const token = await mintToken(SECRET, {
      sub: 1,
      role: 'administrator',
      roleClaim: 'role',
      expiresIn: '5m',
    });
    const json = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const subscribed = await fetch(`${sut.url}${API}/webhooks`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ url: `${hooks}/hook`, event_types: ['*'] }),
    });
    expect(subscribed.status).toBe(201);
    const created = await fetch(`${sut.url}${API}/events`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(eventBody({ title: 'Traced concert' })),
    });
    expect(created.status).toBe(201);

    const delivery = await eventually(() => deliveries.find((headers) => headers['traceparent']));
    const traceparent = String(delivery['traceparent']);
    const [, traceId, spanId] = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/.exec(traceparent) ?? [];
    expect(traceId).toBeDefined();
    const client = await eventually(() =>
      spans.find((span) => span.traceId === traceId && span.spanId === spanId),
    );
    expect(client.kind).toBe(3);
    expect(client.name).toBe('POST');
  });
});
