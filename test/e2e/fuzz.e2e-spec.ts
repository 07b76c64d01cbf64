import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { stringify } from 'qs';
import { ApiDescription } from '../../src/discovery/api-description';
import { tokenFor } from '../setup/auth';
import { random } from '../setup/random';
import { TestApp, useTestApp } from '../setup/test-app';

/** Requests the suite sends (20,000 in CI; `FUZZ_REQUESTS` makes a quick local run). */
const REQUESTS = Number(process.env['FUZZ_REQUESTS'] ?? 20_000);
const NAMESPACE = '/calendar/events/v1';

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
  $ref?: string;
}

interface Operation {
  readonly method: string;
  readonly template: string;
  readonly path: string[];
  readonly query: string[];
  readonly body: string[];
  readonly resource: string;
}

/** Strings no parameter expects, and some it does, sent as query and path values. */
const HOSTILE_TEXT: readonly string[] = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e400',
  '99999999999999999999',
  '4294967296',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  "'",
  '"',
  '\\',
  '%',
  '\u0000',
  '<script>alert(1)</script>',
  'ñ€𝄞',
  'a'.repeat(3000),
  '2027-02-30 25:61:00',
  'next monday 99pm',
  'Europe/Nowhere',
  '../../etc/passwd',
  ',,,',
  'x,y,z',
  '1,2,3',
  'publish,trash,any',
];

/** JSON values no body field expects, and some it does. */
function hostileJson(pick: () => number): unknown {
  const deep = (levels: number): unknown => (levels === 0 ? 1 : { a: deep(levels - 1) });
  const values: unknown[] = [
    null,
    true,
    false,
    0,
    -1,
    1.5,
    2 ** 31,
    2 ** 32,
    2 ** 53,
    1e300,
    -1e300,
    '',
    'x'.repeat(70_000),
    [],
    [null],
    [[[1]]],
    {},
    { constructor: 1 },
    JSON.parse('{"__proto__":{"polluted":1}}') as unknown,
    { id: { id: 1 } },
    { id: 'abc' },
    deep(40),
    Array.from({ length: 3000 }, (_, index) => index),
    ...HOSTILE_TEXT,
  ];
  return values[Math.floor(pick() * values.length)];
}

/** A valid body per resource, which one mutation at a time makes hostile. */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  events: {
    title: 'Fuzzed',
    start_date: '2031-03-01 10:00:00',
    end_date: '2031-03-01 12:00:00',
    timezone: 'Europe/Madrid',
    categories: ['Fuzz'],
    venue: { venue: 'Fuzz Hall' },
  },
  venues: { venue: 'Fuzz Venue', city: 'Olot', geo_lat: 42.18, geo_lng: 2.49 },
  organizers: { organizer: 'Fuzz Org', email: 'org@example.com' },
  categories: { name: 'Fuzz Category' },
  tags: { name: 'Fuzz Tag' },
};

const ROLES = [undefined, 'subscriber', 'contributor', 'author', 'editor', 'administrator'];

function operationsOf(document: ReturnType<ApiDescription['forServer']>): Operation[] {
  const operations: Operation[] = [];
  const resolve = (schema: Schema | undefined): Schema | undefined => {
    if (!schema?.$ref) return schema;
    const name = schema.$ref.split('/').pop() ?? '';
    return document.components?.schemas?.[name];
  };
  for (const [template, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = (operation.parameters ?? []) as { name: string; in: string }[];
      const content = (operation.requestBody as { content?: Record<string, { schema?: Schema }> })
        ?.content;
      const body = resolve(content?.['application/json']?.schema);
      const aliases = (operation as { 'x-method-aliases'?: string[] })['x-method-aliases'] ?? [];
      for (const verb of [method.toUpperCase(), ...aliases]) {
        operations.push({
          method: verb,
          template,
          path: parameters.filter((p) => p.in === 'path').map((p) => p.name),
          query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
          body: Object.keys(body?.properties ?? {}),
          resource: template.split('/')[1] ?? '',
        });
      }
    }
  }
  return operations;
}

/**
 * Requests generated from `/doc` — every operation, valid and hostile values for its path,
 * query and body parameters, as JSON and as forms, from every role — none of which may be
 * answered 5xx, and each of whose answers must match the document (the contract check every
 * e2e suite runs). Runs on both databases.
 */
describe('fuzzing every operation of /doc', () => {
  const app = useTestApp();
  let sut: TestApp;
  let server: Server;
  beforeEach(() => {
    sut = app();
  });

  jest.setTimeout(600_000);

  it(`answers ${REQUESTS} generated requests with no 5xx and nothing off the document`, async () => {
    server = sut.app.getHttpServer() as Server;
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const tokens = new Map<string | undefined, string>();
    for (const role of ROLES) {
      if (role) {
        tokens.set(role, `Bearer ${await tokenFor(role, role === 'administrator' ? 1 : 7)}`);
      }
    }
    // Items of every kind, so ids and slugs name something (creates below add more).
    const ids: Record<string, number[]> = {};
    const slugs: Record<string, string[]> = {};
    for (const [resource, body] of Object.entries(VALID_BODIES)) {
      for (const variant of [0, 1]) {
        const named = Object.fromEntries(
          Object.entries(body).map(([key, value]) => [
            key,
            ['name', 'venue', 'organizer'].includes(key) && typeof value === 'string'
              ? `${value} ${variant}`
              : value,
          ]),
        );
        const extra = resource === 'events' && variant === 1 ? { password: 'secret' } : {};
        const response = await sut.admin
          .post(`${NAMESPACE}/${resource}`)
          .send({ ...named, ...extra })
          .expect(201);
        const created = response.body as { id: number; slug: string };
        (ids[resource] ??= []).push(created.id);
        (slugs[resource] ??= []).push(created.slug);
      }
    }
    const document = sut.app.get(ApiDescription).forServer('');
    const operations = operationsOf(document).filter((op) => op.template !== '/doc');
    // FUZZ_SEED=<n> explores other requests; the default makes every run send the same ones.
    const seed = Number(process.env['FUZZ_SEED'] ?? 20261124);
    const pick = random(seed);
    const choose = <T>(values: readonly T[]): T => values[Math.floor(pick() * values.length)]!;
    const failures: string[] = [];
    const statuses = new Map<number, number>();

    const build = (index: number): { url: string; init: RequestInit; label: string } => {
      const op = operations[index % operations.length]!;
      const hostile = pick() < 0.7;
      let path = op.template;
      for (const name of op.path) {
        const own: string[] =
          name === 'id' ? (ids[op.resource] ?? []).map(String) : (slugs[op.resource] ?? []);
        const value =
          hostile && pick() < 0.3
            ? choose([
                ...HOSTILE_TEXT,
                '999999999',
                '9007199254740993',
                String(choose(ids['venues'] ?? [1])),
              ])
            : own.length > 0
              ? choose(own)
              : '1';
        path = path.replace(`{${name}}`, encodeURIComponent(value));
      }
      const query: Record<string, unknown> = {};
      for (const name of op.query) {
        if (pick() < 0.25) {
          const roll = pick();
          query[name] =
            roll < 0.7
              ? choose(HOSTILE_TEXT)
              : roll < 0.85
                ? [choose(HOSTILE_TEXT), choose(HOSTILE_TEXT)]
                : { [choose(['x', 'constructor', '0', '__proto__'])]: choose(HOSTILE_TEXT) };
        }
      }
      const headers: Record<string, string> = {};
      const role = choose(ROLES);
      const token = tokens.get(role);
      if (token) headers['Authorization'] = token;
      if (pick() < 0.05) {
        headers['Authorization'] = choose(['Bearer x.y.z', 'Basic abc', 'Bearer ']);
      }
      let body: string | undefined;
      if (op.method !== 'GET' && op.method !== 'DELETE') {
        const valid = { ...(VALID_BODIES[op.resource] ?? {}) };
        const fields = op.body.length > 0 ? op.body : Object.keys(valid);
        const mutations = hostile ? 1 + Math.floor(pick() * 3) : 0;
        for (let count = 0; count < mutations; count += 1) {
          valid[choose(fields)] = hostileJson(pick);
        }
        if (pick() < 0.2) {
          headers['Content-Type'] = 'application/x-www-form-urlencoded';
          body = stringify(valid);
        } else {
          headers['Content-Type'] = 'application/json';
          body = JSON.stringify(valid);
        }
      }
      const search = stringify(query, { encodeValuesOnly: false });
      const url = `${base}${NAMESPACE}${path === '/' ? '' : path}${search ? `?${search}` : ''}`;
      return {
        url,
        init: { method: op.method, headers, body },
        label: `#${index} ${op.method} ${url.slice(base.length, base.length + 300)} as ${role ?? 'anonymous'} ${body?.slice(0, 300) ?? ''}`,
      };
    };

    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < REQUESTS) {
        const { url, init, label } = build(next++);
        const response = await fetch(url, init);
        const text = await response.text();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500) {
          failures.push(`${response.status} ${label} → ${text.slice(0, 300)}`);
        }
        if (response.status === 201) {
          const created = JSON.parse(text) as { id?: number; slug?: string };
          const resource = new URL(url).pathname.split('/')[4] ?? '';
          if (created.id) (ids[resource] ??= []).push(created.id);
          if (created.slug) (slugs[resource] ??= []).push(created.slug);
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, () => worker()));
    await new Promise<void>((done) => server.close(() => done()));

    // FUZZ_REPORT=<file> keeps the answers by status, for the figures of a run.
    const report = process.env['FUZZ_REPORT'];
    if (report) writeFileSync(report, JSON.stringify(Object.fromEntries(statuses)));
    expect([`seed ${seed}`, ...failures.slice(0, 20)]).toEqual([`seed ${seed}`]);
    const answered = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    expect(answered).toBe(REQUESTS);
    // Valid requests get through too: the suite is not all refusals.
    expect((statuses.get(200) ?? 0) + (statuses.get(201) ?? 0)).toBeGreaterThan(REQUESTS / 20);
  });
});
