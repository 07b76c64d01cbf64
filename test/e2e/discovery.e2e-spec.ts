import request from 'supertest';
import { useTestApp } from '../setup/test-app';

const NAMESPACE_URL = 'https://api.calendar.test/calendar/events/v1';

interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { name: string }[];
}
type PathItem = Partial<Record<'get' | 'post' | 'delete', Operation>>;
interface Document {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, PathItem>;
  components: { securitySchemes?: Record<string, { type: string; scheme: string }> };
}
interface Index {
  namespace: string;
  routes: Record<
    string,
    {
      namespace: string;
      methods: string[];
      endpoints: { methods: string[]; args: Record<string, { required: boolean }> | [] }[];
      _links?: { self: { href: string }[] };
    }
  >;
  _links: Record<string, { href: string }[]>;
}

describe('discovery: /doc and the namespace index', () => {
  const app = useTestApp();

  it('serves an OpenAPI 3 document whose server is the absolute namespace URL', async () => {
    const response = await request(app().http).get('/calendar/events/v1/doc').expect(200);
    const document = response.body as Document;

    expect(document.openapi).toMatch(/^3\./);
    expect(document.servers).toEqual([{ url: NAMESPACE_URL }]);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/events',
        '/events/{id}',
        '/events/by-slug/{slug}',
        '/venues',
        '/venues/{id}',
        '/organizers/by-slug/{slug}',
        '/categories/{id}',
        '/tags',
        '/doc',
      ]),
    );
    expect(Object.keys(document.paths).some((path) => path.startsWith('/calendar'))).toBe(false);
  });

  it('names the bearer scheme on write routes only', async () => {
    const document = (await request(app().http).get('/calendar/events/v1/doc')).body as Document;

    expect(document.components.securitySchemes?.['bearer']).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    for (const [path, item] of Object.entries(document.paths)) {
      expect([path, item.get?.security]).toEqual([path, undefined]);
      for (const write of [item.post, item.delete]) {
        if (write) expect([path, write.security]).toEqual([path, [{ bearer: [] }]]);
      }
    }
  });

  it('follows the language segment and needs no token', async () => {
    const response = await request(app().http).get('/es/calendar/events/v1/doc').expect(200);

    expect((response.body as Document).servers[0]?.url).toBe(
      'https://api.calendar.test/es/calendar/events/v1',
    );
  });

  it('lists every route of the document in WordPress shape, from the same source', async () => {
    const [docResponse, indexResponse] = await Promise.all([
      request(app().http).get('/calendar/events/v1/doc').expect(200),
      request(app().http).get('/calendar/events/v1').expect(200),
    ]);
    const document = docResponse.body as Document;
    const index = indexResponse.body as Index;

    expect(index.namespace).toBe('calendar/events/v1');
    expect(index._links['self']).toEqual([{ href: NAMESPACE_URL }]);
    expect(index.routes['/calendar/events/v1']?.methods).toEqual(['GET']);
    for (const [path, item] of Object.entries(document.paths)) {
      const key = `/calendar/events/v1${path}`
        .replace('{id}', '(?P<id>\\d+)')
        .replace('{slug}', '(?P<slug>[^/]+)');
      const route = index.routes[key];
      const verbs = (['get', 'post', 'delete'] as const).filter((verb) => item[verb]);
      expect([key, route?.endpoints.length]).toEqual([key, verbs.length]);
      verbs.forEach((verb, i) => {
        const endpoint = route?.endpoints[i];
        expect(endpoint?.methods[0]).toBe(verb.toUpperCase());
        const names = (item[verb]?.parameters ?? []).map((parameter) => parameter.name);
        expect(Object.keys(endpoint?.args ?? {})).toEqual(expect.arrayContaining(names));
      });
      if (path.includes('{')) expect(route?._links).toBeUndefined();
      else expect(route?._links).toEqual({ self: [{ href: `${NAMESPACE_URL}${path}` }] });
    }
  });

  it('gives item routes GET, POST, PUT, PATCH and DELETE, and list arguments their defaults', async () => {
    const index = (await request(app().http).get('/calendar/events/v1')).body as Index;

    expect(index.routes['/calendar/events/v1/events/(?P<id>\\d+)']?.methods).toEqual([
      'GET',
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
    ]);
    const list = index.routes['/calendar/events/v1/events']?.endpoints[0]?.args;
    expect(list).toMatchObject({
      page: { required: false },
      per_page: { required: false },
      i18n_language: { required: false },
    });
  });
});
