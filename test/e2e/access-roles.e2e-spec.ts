import request from 'supertest';
import { createEvent, eventBody } from '../factories/event.factory';
import { createOrganizer, ORGANIZERS, organizerBody } from '../factories/organizer.factory';
import { CATEGORIES, createCategory, createTag, TAGS } from '../factories/term.factory';
import { createVenue, VENUES, venueBody } from '../factories/venue.factory';
import { bearer } from '../setup/auth';
import { TestApp, useTestApp } from '../setup/test-app';

const EVENTS = '/calendar/events/v1/events';

/** Who asks: no token, a token whose role claim names no role, or one of the five roles. */
const CALLERS = [
  'anonymous',
  'no role',
  'subscriber',
  'contributor',
  'author',
  'editor',
  'administrator',
] as const;
type Caller = (typeof CALLERS)[number];

/** The user id every caller but the administrator (user 1, the items' owner) has. */
const CALLER_ID = 2;

type Kind = 'event' | 'venue' | 'organizer' | 'category' | 'tag';
type Action = 'create' | 'update' | 'delete';

interface WriteRoute {
  readonly kind: Kind;
  readonly action: Action;
  readonly by: 'id' | 'slug' | null;
}

const COLLECTIONS: Record<Kind, string> = {
  event: EVENTS,
  venue: VENUES,
  organizer: ORGANIZERS,
  category: CATEGORIES,
  tag: TAGS,
};

const POST_KINDS = ['event', 'venue', 'organizer'] as const;
const TERM_KINDS = ['category', 'tag'] as const;

/** Every write route of the API. Terms have no by-slug routes. */
const WRITE_ROUTES: WriteRoute[] = [
  ...POST_KINDS.flatMap((kind): WriteRoute[] => [
    { kind, action: 'create', by: null },
    { kind, action: 'update', by: 'id' },
    { kind, action: 'update', by: 'slug' },
    { kind, action: 'delete', by: 'id' },
    { kind, action: 'delete', by: 'slug' },
  ]),
  ...TERM_KINDS.flatMap((kind): WriteRoute[] => [
    { kind, action: 'create', by: null },
    { kind, action: 'update', by: 'id' },
    { kind, action: 'delete', by: 'id' },
  ]),
];

/** Who may do what to an item someone else published (README.md#access). */
function allowed(route: WriteRoute, caller: Caller): boolean {
  const rank = ['contributor', 'author', 'editor', 'administrator'].indexOf(caller);
  if (route.kind === 'category') return rank >= 1;
  if (route.kind === 'tag') return rank >= 2;
  return route.action === 'create' ? rank >= 0 : rank >= 2;
}

function describeRoute(route: WriteRoute): string {
  const method = route.action === 'delete' ? 'DELETE' : 'POST';
  const path = route.by === null ? '' : route.by === 'id' ? '/{id}' : '/by-slug/{slug}';
  return `${method} /${route.kind === 'category' ? 'categories' : `${route.kind}s`}${path}`;
}

describe('access: rights of each role on every write route', () => {
  const app = useTestApp();
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });

  async function headerFor(caller: Caller, sub = CALLER_ID): Promise<Record<string, string>> {
    if (caller === 'anonymous') return {};
    const role = caller === 'no role' ? 'visitor' : caller;
    return { Authorization: await bearer(role, sub) };
  }

  /** An existing item of `kind`, published by the administrator (user 1). */
  async function existing(kind: Kind): Promise<{ id: number; slug: string }> {
    switch (kind) {
      case 'event':
        return createEvent(sut.http, { title: 'Admin event' });
      case 'venue':
        return createVenue(sut.http, { venue: 'Admin venue' });
      case 'organizer':
        return createOrganizer(sut.http, { organizer: 'Admin organizer' });
      case 'category':
        return createCategory(sut.http, { name: 'Admin category' });
      case 'tag':
        return createTag(sut.http, { name: 'Admin tag' });
    }
  }

  function validBody(kind: Kind, action: Action): Record<string, unknown> {
    if (action === 'update') {
      const field = { event: 'title', venue: 'venue', organizer: 'organizer' } as const;
      return kind === 'category' || kind === 'tag'
        ? { name: 'Renamed' }
        : { [field[kind]]: 'Renamed' };
    }
    switch (kind) {
      case 'event':
        return eventBody({ title: 'New event' });
      case 'venue':
        return venueBody({ venue: 'New venue' });
      case 'organizer':
        return organizerBody({ organizer: 'New organizer' });
      case 'category':
      case 'tag':
        return { name: 'New term' };
    }
  }

  async function send(
    route: WriteRoute,
    headers: Record<string, string>,
    body: Record<string, unknown>,
    target?: { id: number; slug: string },
  ): Promise<request.Response> {
    const base = COLLECTIONS[route.kind];
    const path =
      route.by === null
        ? base
        : route.by === 'id'
          ? `${base}/${target?.id}`
          : `${base}/by-slug/${target?.slug}`;
    const call =
      route.action === 'delete' ? request(sut.http).delete(path) : request(sut.http).post(path);
    return call.set(headers).send(body);
  }

  describe.each(WRITE_ROUTES.map((route) => [describeRoute(route), route] as const))(
    '%s',
    (_name, route) => {
      it.each(CALLERS.map((caller) => [caller]))(
        'as %s: allowed only with the right, and nothing changes without it',
        async (caller) => {
          const target = route.action === 'create' ? undefined : await existing(route.kind);
          const body = validBody(route.kind, route.action);

          const response = await send(route, await headerFor(caller), body, target);

          if (allowed(route, caller)) {
            expect(response.status).toBe(route.action === 'create' ? 201 : 200);
            return;
          }
          expect(response.status).toBe(caller === 'anonymous' ? 401 : 403);
          expect(response.body).toEqual({
            code: 'rest_forbidden',
            message: 'Sorry, you are not allowed to do that.',
            data:
              caller === 'anonymous'
                ? {
                    status: 401,
                    details: {
                      authorization: {
                        code: 'missing_token',
                        message: expect.stringContaining('This needs a token') as unknown,
                      },
                    },
                  }
                : { status: 403 },
          });
          if (caller === 'anonymous') {
            expect(response.headers['www-authenticate']).toBe('Bearer realm="calendar-events"');
          }
          const collection =
            route.kind === 'category' || route.kind === 'tag'
              ? `${COLLECTIONS[route.kind]}?hide_empty=false`
              : COLLECTIONS[route.kind];
          const path = target ? `${COLLECTIONS[route.kind]}/${target.id}` : collection;
          const after = await request(sut.http)
            .get(path)
            .set('Authorization', await bearer('administrator'));
          if (target) {
            expect(after.status).toBe(200);
            const shown = after.body as Record<string, unknown>;
            expect(shown['status'] ?? 'term').not.toBe('trash');
            expect(JSON.stringify(shown)).not.toContain('Renamed');
          } else {
            const listed = after.body as Record<string, unknown[]> | unknown[];
            const items = Array.isArray(listed)
              ? listed
              : Object.values(listed).find(Array.isArray);
            expect(items ?? []).toHaveLength(0);
          }
        },
      );

      it('answers a bad request 400 even without a token (validation comes first)', async () => {
        const target = route.action === 'create' ? undefined : await existing(route.kind);
        const bad: Record<string, unknown> =
          route.action === 'create'
            ? {}
            : route.kind === 'event'
              ? { start_date: 'not a date at all' }
              : route.kind === 'category'
                ? { parent: 999999 }
                : route.kind === 'tag'
                  ? { name: '' }
                  : { website: 'not a url' };
        const response =
          route.action === 'delete'
            ? await request(sut.http).delete(
                route.kind === 'event'
                  ? `${COLLECTIONS[route.kind]}/by-slug/no-such-slug`
                  : `${COLLECTIONS[route.kind]}/999999`,
              )
            : await send(route, {}, bad, target);

        expect(response.status).toBe(400);
      });
    },
  );

  describe('own items', () => {
    it.each([
      ['contributor', 'draft', 200],
      ['contributor', 'pending', 200],
      ['contributor', 'publish', 403],
      ['author', 'publish', 200],
      ['author', 'draft', 200],
    ] as const)(
      'a %s may change and trash their own %s event: %d',
      async (role, status, expected) => {
        const own = await createEvent(sut.http, { status, author: CALLER_ID });
        const auth = await bearer(role, CALLER_ID);

        await request(sut.http)
          .post(`${EVENTS}/${own.id}`)
          .set('Authorization', auth)
          .send({ title: 'Mine' })
          .expect(expected);
        await request(sut.http)
          .delete(`${EVENTS}/${own.id}`)
          .set('Authorization', auth)
          .expect(expected);
      },
    );

    it.each(POST_KINDS.map((kind) => [kind]))(
      'a contributor may not change a %s of someone else, even a draft',
      async (kind) => {
        const draft =
          kind === 'event'
            ? await createEvent(sut.http, { status: 'draft' })
            : kind === 'venue'
              ? await createVenue(sut.http, { status: 'draft' })
              : await createOrganizer(sut.http, { status: 'draft' });

        await request(sut.http)
          .post(`${COLLECTIONS[kind]}/${draft.id}`)
          .set('Authorization', await bearer('contributor', CALLER_ID))
          .send({ phone: '555' })
          .expect(403);
      },
    );

    it('gives a new item to the caller; only editors may name another author', async () => {
      const mine = await request(sut.http)
        .post(VENUES)
        .set('Authorization', await bearer('author', 7))
        .send(venueBody({ venue: 'Seven' }))
        .expect(201);
      expect((mine.body as { author: string }).author).toBe('7');

      await request(sut.http)
        .post(EVENTS)
        .set('Authorization', await bearer('author', 7))
        .send(eventBody({ author: 8 }))
        .expect(403);
      const given = await request(sut.http)
        .post(EVENTS)
        .set('Authorization', await bearer('editor', 7))
        .send(eventBody({ author: 8 }))
        .expect(201);
      expect((given.body as { author: string }).author).toBe('8');
    });
  });

  describe('statuses scaled back for roles that may not publish', () => {
    it.each([
      ['contributor', undefined, 'draft'],
      ['contributor', 'publish', 'pending'],
      ['contributor', 'private', 'pending'],
      ['contributor', 'draft', 'draft'],
      ['author', undefined, 'publish'],
      ['author', 'private', 'private'],
      ['editor', 'pending', 'pending'],
    ] as const)('a %s asking for %s gets %s', async (role, status, expected) => {
      const response = await request(sut.http)
        .post(EVENTS)
        .set('Authorization', await bearer(role, CALLER_ID))
        .send(eventBody(status ? { status } : {}))
        .expect(201);

      expect((response.body as { status: string }).status).toBe(expected);
    });

    it('scales back an update of a contributor too, and on venues', async () => {
      const auth = await bearer('contributor', CALLER_ID);
      const own = await createEvent(sut.http, { status: 'draft', author: CALLER_ID });

      const updated = await request(sut.http)
        .post(`${EVENTS}/${own.id}`)
        .set('Authorization', auth)
        .send({ status: 'publish' })
        .expect(200);
      const venue = await request(sut.http)
        .post(VENUES)
        .set('Authorization', auth)
        .send(venueBody({ status: 'publish' }))
        .expect(201);

      expect((updated.body as { status: string }).status).toBe('pending');
      expect((venue.body as { status: string }).status).toBe('pending');
    });
  });

  describe('terms created by name in an event write', () => {
    it('need the right to manage that taxonomy', async () => {
      const auth = await bearer('author', CALLER_ID);
      await createTag(sut.http, { name: 'Known' });

      await request(sut.http)
        .post(EVENTS)
        .set('Authorization', auth)
        .send(eventBody({ tags: ['Known'], categories: ['New category'] }))
        .expect(201);
      const refused = await request(sut.http)
        .post(EVENTS)
        .set('Authorization', auth)
        .send(eventBody({ title: 'Tagged', tags: ['Brand new tag'] }))
        .expect(403);

      expect((refused.body as { code: string }).code).toBe('rest_forbidden');
      const tags = await request(sut.http).get(`${TAGS}?hide_empty=false`).expect(200);
      expect((tags.body as { tags: { name: string }[] }).tags.map((tag) => tag.name)).toEqual([
        'Known',
      ]);
    });
  });

  describe('an event id that names nothing', () => {
    it('is 401 without a token and 404 for a caller who may write events', async () => {
      await request(sut.http).post(`${EVENTS}/999999`).send({ title: 'x' }).expect(401);
      await request(sut.http)
        .delete(`${EVENTS}/999999`)
        .set('Authorization', await bearer('subscriber', CALLER_ID))
        .expect(403);
      await request(sut.http)
        .delete(`${EVENTS}/999999`)
        .set('Authorization', await bearer('contributor', CALLER_ID))
        .expect(404);
    });
  });

  describe('duplicate reuse', () => {
    it('links an existing venue the caller may not edit without changing it', async () => {
      const original = await createVenue(sut.http, { venue: 'Shared Hall', phone: '111' });

      const reused = await request(sut.http)
        .post(VENUES)
        .set('Authorization', await bearer('contributor', CALLER_ID))
        .send({ venue: 'shared hall', phone: '999' })
        .expect(201);

      expect(reused.body).toMatchObject({ id: original.id, phone: '111' });
    });
  });
});
