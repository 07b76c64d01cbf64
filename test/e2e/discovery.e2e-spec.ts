import request from 'supertest';
import { useTestApp } from '../setup/test-app';

const NAMESPACE_URL = 'https://api.calendar.test/calendar/events/v1';

type Schema = Record<string, unknown> & {
  properties?: Record<string, Schema>;
  required?: string[];
  oneOf?: Schema[];
};
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { headers?: Record<string, unknown>; content?: unknown }>;
  'x-method-aliases'?: string[];
}
const VERBS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type PathItem = Partial<Record<(typeof VERBS)[number], Operation>>;
interface Document {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, Schema>;
    securitySchemes?: Record<string, { type: string; scheme: string }>;
  };
}
interface Index {
  namespace: string;
  routes: Record<
    string,
    {
      namespace: string;
      methods: string[];
      endpoints: { methods: string[]; args: Record<string, Record<string, unknown>> | [] }[];
      _links?: { self: { href: string }[] };
    }
  >;
  _links: Record<string, { href: string }[]>;
}

/**
 * Every route and method of the interface, as the document keys them: PUT and PATCH on item
 * routes are named on the POST update as `x-method-aliases`, not described again.
 */
const ROUTES: Record<string, string[]> = {
  '/': ['get'],
  '/doc': ['get'],
  '/events': ['get', 'post'],
  '/events/{id}': ['get', 'post', 'delete'],
  '/events/by-slug/{slug}': ['get', 'post', 'delete'],
  '/events.ics': ['get'],
  '/events/{id}.ics': ['get'],
  '/venues': ['get', 'post'],
  '/venues/{id}': ['get', 'post', 'delete'],
  '/venues/by-slug/{slug}': ['get', 'post', 'delete'],
  '/organizers': ['get', 'post'],
  '/organizers/{id}': ['get', 'post', 'delete'],
  '/organizers/by-slug/{slug}': ['get', 'post', 'delete'],
  '/categories': ['get', 'post'],
  '/categories/{id}': ['get', 'post', 'delete'],
  '/tags': ['get', 'post'],
  '/tags/{id}': ['get', 'post', 'delete'],
  '/webhooks': ['get', 'post'],
  '/webhooks/{id}': ['get', 'post', 'delete'],
  '/webhooks/{id}/deliveries': ['get'],
};

function operations(document: Document): [string, string, Operation][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    VERBS.flatMap((verb) => {
      const operation = item[verb];
      return operation ? [[path, verb, operation] as [string, string, Operation]] : [];
    }),
  );
}

describe('discovery: /doc and the namespace index', () => {
  const app = useTestApp();
  const fetchDocument = async (path = '/calendar/events/v1/doc'): Promise<Document> =>
    (await request(app().http).get(path).expect(200)).body as Document;

  it('serves an OpenAPI 3.0 document whose server is the absolute namespace URL', async () => {
    const document = await fetchDocument();

    expect(document.openapi).toMatch(/^3\.0\.\d+$/);
    expect(document.servers).toEqual([{ url: NAMESPACE_URL }]);
  });

  it('describes every route and method of the interface, and nothing else', async () => {
    const document = await fetchDocument();

    const described = Object.fromEntries(
      Object.entries(document.paths).map(([path, item]) => [
        path,
        VERBS.filter((verb) => item[verb]),
      ]),
    );
    expect(described).toEqual(ROUTES);
  });

  it('names the schemas of the contract, the list wrappers and the error body', async () => {
    const document = await fetchDocument();

    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        'Event',
        'Venue',
        'Organizer',
        'Term',
        'Image',
        'DateDetails',
        'CostDetails',
        'EventList',
        'VenueList',
        'OrganizerList',
        'CategoryList',
        'TagList',
        'Error',
      ]),
    );
  });

  it('describes the wire shapes: string date parts, venue object or [], image or false, no empty venue fields', async () => {
    const { schemas } = (await fetchDocument()).components;

    expect(schemas['DateDetails']?.properties?.['year']).toMatchObject({ type: 'string' });
    expect(schemas['Event']?.properties?.['venue']?.oneOf).toEqual([
      { $ref: '#/components/schemas/Venue' },
      { type: 'array', maxItems: 0, items: {} },
    ]);
    expect(schemas['Event']?.properties?.['image']?.oneOf).toEqual([
      { $ref: '#/components/schemas/Image' },
      { type: 'boolean', enum: [false] },
    ]);
    expect(schemas['Event']?.properties?.['author']).toMatchObject({ type: 'string' });
    expect(schemas['Event']?.properties?.['id']).toMatchObject({ type: 'integer' });
    expect([...(schemas['Venue']?.required ?? [])].sort()).toEqual([
      'i18n_language',
      'i18n_translations',
      'show_map',
      'show_map_link',
    ]);
    expect(schemas['Error']?.required).toEqual(['code', 'message', 'data']);
  });

  it('makes reads open to anyone with an optional bearer token, and writes (and webhooks) need one', async () => {
    const document = await fetchDocument();

    expect(document.components.securitySchemes?.['bearer']).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    for (const [path, verb, operation] of operations(document)) {
      // Webhooks are for administrators only, reads included.
      const open = verb === 'get' && !path.startsWith('/webhooks');
      const expected = open ? [{}, { bearer: [] }] : [{ bearer: [] }];
      expect([path, verb, operation.security]).toEqual([path, verb, expected]);
    }
  });

  it('gives every parameter its type, and per_page its default, minimum and maximum', async () => {
    const document = await fetchDocument();

    for (const [path, verb, operation] of operations(document)) {
      const language = operation.parameters?.find((p) => p.name === 'i18n_language');
      expect([path, verb, language?.schema]).toEqual([
        path,
        verb,
        { type: 'string', enum: ['ca', 'en', 'es'], example: 'en' },
      ]);
      for (const parameter of operation.parameters ?? []) {
        expect([path, parameter.name, typeof parameter.schema.type]).toEqual([
          path,
          parameter.name,
          'string',
        ]);
      }
    }
    for (const list of ['/events', '/venues', '/organizers', '/categories', '/tags']) {
      const parameters = document.paths[list]?.get?.parameters ?? [];
      expect(parameters.find((p) => p.name === 'per_page')?.schema).toEqual({
        type: 'integer',
        minimum: 1,
        maximum: 50,
        default: 10,
      });
      expect(parameters.find((p) => p.name === 'page')?.schema).toEqual({
        type: 'integer',
        minimum: 1,
        // The first item's offset stays an exact integer at 50 a page.
        maximum: Math.floor(Number.MAX_SAFE_INTEGER / 50),
        default: 1,
      });
    }
    expect(document.paths['/events/{id}']?.get?.parameters?.[0]).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
      schema: { type: 'integer', minimum: 1 },
    });
  });

  it('accepts write bodies as JSON and form-encoded, with the create fields required', async () => {
    const document = await fetchDocument();

    for (const [path, verb, operation] of operations(document)) {
      if (verb !== 'post' && verb !== 'put' && verb !== 'patch') continue;
      expect([path, verb, Object.keys(operation.requestBody?.content ?? {})]).toEqual([
        path,
        verb,
        ['application/json', 'application/x-www-form-urlencoded'],
      ]);
    }
    expect(document.components.schemas['CreateEvent']?.required).toEqual([
      'title',
      'start_date',
      'end_date',
    ]);
    expect(document.components.schemas['UpdateEvent']?.required).toBeUndefined();
  });

  it('documents the X-TEC-* headers on lists and an error body on every error status', async () => {
    const document = await fetchDocument();

    for (const [path, verb, operation] of operations(document)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        expect([path, verb, status, response.content]).toEqual([
          path,
          verb,
          status,
          expect.objectContaining({
            'application/json': expect.objectContaining({
              schema: { $ref: '#/components/schemas/Error' },
            }),
          }),
        ]);
      }
    }
    for (const list of ['/events', '/venues', '/organizers', '/categories', '/tags']) {
      expect(Object.keys(document.paths[list]?.get?.responses['200']?.headers ?? {})).toEqual(
        expect.arrayContaining(['X-TEC-Total', 'X-TEC-TotalPages', 'X-Sync-Token']),
      );
    }
    expect(Object.keys(document.paths['/events/{id}']?.delete?.responses ?? {})).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '410',
      '412',
      '414',
      '429',
      '500',
      '503',
    ]);
    expect(Object.keys(document.paths['/events']?.get?.responses ?? {})).toEqual([
      '200',
      '304',
      '400',
      '401',
      '404',
      '410',
      '414',
      '429',
      '500',
      '503',
    ]);
  });

  it('follows the language segment and needs no token', async () => {
    const document = await fetchDocument('/es/calendar/events/v1/doc');

    expect(document.servers[0]?.url).toBe('https://api.calendar.test/es/calendar/events/v1');
  });

  it('answers the API root, where the namespace index links up, with the way to the namespace and Swagger UI', async () => {
    const root = await request(app().http).get('/').expect(200);
    expect(root.body).toEqual({
      name: 'Calendar Events API',
      description: expect.any(String) as unknown,
      url: 'https://api.calendar.test/',
      home: expect.any(String) as unknown,
      namespaces: ['calendar/events/v1'],
      _links: {
        item: [{ href: NAMESPACE_URL }],
        help: [{ href: 'https://api.calendar.test/docs' }],
        describedby: [{ href: `${NAMESPACE_URL}/doc` }],
      },
    });
    await request(app().http).get('/docs').expect(200);
  });

  it('lists every route and method of the document in WordPress shape', async () => {
    const document = await fetchDocument();
    const index = (await request(app().http).get('/calendar/events/v1').expect(200)).body as Index;

    expect(index.namespace).toBe('calendar/events/v1');
    expect(index._links).toEqual({
      self: [{ href: NAMESPACE_URL }],
      up: [{ href: 'https://api.calendar.test/' }],
      describedby: [{ href: `${NAMESPACE_URL}/doc` }],
    });
    const keyOf = (path: string): string =>
      `/calendar/events/v1${path === '/' ? '' : path}`
        .replace('{id}', '(?P<id>\\d+)')
        .replace('{slug}', '(?P<slug>[^/]+)');
    expect(Object.keys(index.routes)).toEqual(Object.keys(document.paths).map(keyOf));
    for (const [path, item] of Object.entries(document.paths)) {
      const route = index.routes[keyOf(path)];
      expect([path, route?.methods]).toEqual([
        path,
        VERBS.flatMap((verb) => {
          const operation = item[verb];
          return operation ? [verb.toUpperCase(), ...(operation['x-method-aliases'] ?? [])] : [];
        }),
      ]);
      for (const endpoint of route?.endpoints ?? []) {
        const operation = item[endpoint.methods[0]?.toLowerCase() as (typeof VERBS)[number]];
        const names = (operation?.parameters ?? []).map((parameter) => parameter.name);
        expect(Object.keys(endpoint.args)).toEqual(expect.arrayContaining(names));
      }
      if (path.includes('{')) expect(route?._links).toBeUndefined();
      else {
        expect(route?._links).toEqual({
          self: [{ href: `${NAMESPACE_URL}${path === '/' ? '' : path}` }],
        });
      }
    }
  });

  it('describes each update once, under POST, naming PUT and PATCH as its aliases', async () => {
    const document = (await request(app().http).get('/calendar/events/v1/doc').expect(200))
      .body as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const updates = Object.entries(document.paths).filter(([, item]) => item['post']);
    expect(updates.length).toBeGreaterThan(0);
    for (const [path, item] of updates) {
      expect([path, item['put'], item['patch']]).toEqual([path, undefined, undefined]);
      expect([path, item['post']?.['x-method-aliases']]).toEqual([
        path,
        path.includes('{') ? ['PUT', 'PATCH'] : undefined,
      ]);
    }
    // ...and both verbs still reach the update.
    const created = await app()
      .admin.post('/calendar/events/v1/tags')
      .send({ name: 'Alias Check' })
      .expect(201);
    const id = (created.body as { id: number }).id;
    await app().admin.put(`/calendar/events/v1/tags/${id}`).send({ name: 'Alias Put' }).expect(200);
    const patched = await app()
      .admin.patch(`/calendar/events/v1/tags/${id}`)
      .send({ description: 'patched' })
      .expect(200);
    expect(patched.body).toMatchObject({ name: 'Alias Put', description: 'patched' });
  });

  it('gives item routes one update endpoint for POST, PUT and PATCH, and arguments their schema', async () => {
    const index = (await request(app().http).get('/calendar/events/v1')).body as Index;

    const item = index.routes['/calendar/events/v1/events/(?P<id>\\d+)'];
    expect(item?.endpoints.map((endpoint) => endpoint.methods)).toEqual([
      ['GET'],
      ['POST', 'PUT', 'PATCH'],
      ['DELETE'],
    ]);
    const [list, create] = index.routes['/calendar/events/v1/events']?.endpoints ?? [];
    expect(list?.args).toMatchObject({
      page: { type: 'integer', default: 1, required: false },
      per_page: { type: 'integer', default: 10, maximum: 50, required: false },
      i18n_language: { enum: ['ca', 'en', 'es'], required: false },
    });
    expect(create?.args).toMatchObject({
      title: { type: 'string', required: true },
      start_date: { required: true },
      all_day: { type: 'boolean', required: false },
    });
    expect(index.routes['/calendar/events/v1']?.endpoints[0]?.args).toMatchObject({
      namespace: { default: 'calendar/events/v1', required: false },
      context: { default: 'view', required: false },
    });
  });

  it('shows a recorded answer as the example of every success, matching its schema', async () => {
    const document = (await request(app().http).get('/calendar/events/v1/doc').expect(200))
      .body as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>>;
    };
    const missing: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      if (path === '/' || path === '/doc') continue;
      for (const [verb, operation] of Object.entries(item)) {
        for (const status of ['200', '201']) {
          const content = operation.responses[status]?.content as
            Record<string, { example?: unknown }> | undefined;
          const json = content?.['application/json'];
          if (json && json.example === undefined) missing.push(`${verb} ${path} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(app().contract.exampleProblems()).toEqual([]);
    // Answers, not placeholders: an event shows its real dates and links.
    const event = document.paths['/events/{id}']?.['get']?.responses['200']?.content as Record<
      string,
      { example: { start_date_details: { month: string }; rest_url: string } }
    >;
    expect(event['application/json']?.example.start_date_details.month).toMatch(
      /^(0[1-9]|1[0-2])$/,
    );
    expect(event['application/json']?.example.rest_url).toMatch(
      /^http:\/\/localhost:3000\/calendar\/events\/v1\/events\/\d+$/,
    );
  });

  it('gives every create and update a body example that succeeds as it is, in English', async () => {
    const document = (await request(app().http).get('/calendar/events/v1/doc').expect(200))
      .body as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: {
              content: Record<string, { examples?: Record<string, { value: object }> }>;
            };
          }
        >
      >;
    };
    const exampleOf = (path: string, verb: string): object => {
      const examples =
        document.paths[path]?.[verb]?.requestBody?.content['application/json']?.examples;
      const value = Object.values(examples ?? {})[0]?.value;
      if (!value) throw new Error(`No body example for ${verb} ${path}`);
      return value;
    };
    const NS = '/calendar/events/v1';
    for (const resource of ['events', 'venues', 'organizers', 'categories', 'tags']) {
      const created = await app()
        .admin.post(`${NS}/${resource}`)
        .send(exampleOf(`/${resource}`, 'post'));
      expect([resource, created.status]).toEqual([resource, 201]);
      const item = created.body as { id: number; slug: string };
      const updated = await app()
        .admin.post(`${NS}/${resource}/${item.id}`)
        .send(exampleOf(`/${resource}/{id}`, 'post'));
      expect([resource, updated.status]).toEqual([resource, 200]);
      if (document.paths[`/${resource}/by-slug/{slug}`]?.['post']) {
        const bySlug = await app()
          .admin.post(`${NS}/${resource}/by-slug/${item.slug}`)
          .send(exampleOf(`/${resource}/by-slug/{slug}`, 'post'));
        expect([resource, bySlug.status]).toEqual([resource, 200]);
      }
    }
  });

  it('refuses another namespace or context on the index', async () => {
    const response = await request(app().http)
      .get('/calendar/events/v1?namespace=wp/v2&context=nope')
      .expect(400);

    expect(response.body).toMatchObject({
      code: 'rest_invalid_param',
      data: {
        status: 400,
        params: { namespace: 'Invalid parameter.', context: 'Invalid parameter.' },
      },
    });
  });
});
