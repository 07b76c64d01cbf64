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

/** Every route and method of the interface (§4), as the document keys them. */
const ROUTES: Record<string, string[]> = {
  '/': ['get'],
  '/doc': ['get'],
  '/events': ['get', 'post'],
  '/events/{id}': ['get', 'post', 'put', 'patch', 'delete'],
  '/events/by-slug/{slug}': ['get', 'post', 'put', 'patch', 'delete'],
  '/venues': ['get', 'post'],
  '/venues/{id}': ['get', 'post', 'put', 'patch', 'delete'],
  '/venues/by-slug/{slug}': ['get', 'post', 'put', 'patch', 'delete'],
  '/organizers': ['get', 'post'],
  '/organizers/{id}': ['get', 'post', 'put', 'patch', 'delete'],
  '/organizers/by-slug/{slug}': ['get', 'post', 'put', 'patch', 'delete'],
  '/categories': ['get', 'post'],
  '/categories/{id}': ['get', 'post', 'put', 'patch', 'delete'],
  '/tags': ['get', 'post'],
  '/tags/{id}': ['get', 'post', 'put', 'patch', 'delete'],
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

  it('makes reads open to anyone with an optional bearer token, and writes need one', async () => {
    const document = await fetchDocument();

    expect(document.components.securitySchemes?.['bearer']).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    for (const [path, verb, operation] of operations(document)) {
      const expected = verb === 'get' ? [{}, { bearer: [] }] : [{ bearer: [] }];
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
        { type: 'string', enum: ['ca', 'en', 'es'] },
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
        expect.arrayContaining(['X-TEC-Total', 'X-TEC-TotalPages']),
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

  it('lists every route and method of the document in WordPress shape', async () => {
    const document = await fetchDocument();
    const index = (await request(app().http).get('/calendar/events/v1').expect(200)).body as Index;

    expect(index.namespace).toBe('calendar/events/v1');
    expect(index._links).toEqual({
      self: [{ href: NAMESPACE_URL }],
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
        VERBS.filter((verb) => item[verb]).map((verb) => verb.toUpperCase()),
      ]);
      for (const endpoint of route?.endpoints ?? []) {
        const operation = item[endpoint.methods[0]?.toLowerCase() as (typeof VERBS)[number]];
        const names = (operation?.parameters ?? []).map((parameter) => parameter.name);
        expect(Object.keys(endpoint.args)).toEqual(expect.arrayContaining(names));
      }
      if (path.includes('{')) expect(route?._links).toBeUndefined();
      else
        expect(route?._links).toEqual({
          self: [{ href: `${NAMESPACE_URL}${path === '/' ? '' : path}` }],
        });
    }
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
