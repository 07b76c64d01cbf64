import request from 'supertest';
import { createEvent, eventBody } from '../factories/event.factory';
import { createOrganizer, ORGANIZERS } from '../factories/organizer.factory';
import { CATEGORIES, createCategory, createTag, TAGS } from '../factories/term.factory';
import { createVenue, VENUES } from '../factories/venue.factory';
import { ChangeRetention } from '../../src/changes/change-retention';
import { bearer } from '../setup/auth';
import { TestApp, useTestApp } from '../setup/test-app';

const EVENTS = '/calendar/events/v1/events';

interface Tombstone {
  id: number;
  status: string;
  modified_utc: string;
}

interface SyncBody {
  [collection: string]: unknown;
  removed?: Tombstone[];
  rest_url: string;
  next_rest_url?: string;
  total: number;
  total_pages: number;
  next_sync_token: string;
}

function itemsOf(body: SyncBody, collection: string): { id: number; title?: string }[] {
  return body[collection] as { id: number; title?: string }[];
}

describe('incremental sync (sync_token)', () => {
  const app = useTestApp();
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });

  const get = async (path: string, role?: string): Promise<SyncBody> => {
    const call = request(sut.http).get(path);
    if (role) call.set('Authorization', await bearer(role));
    const response = await call.expect(200);
    expect(response.headers['x-sync-token']).toBe((response.body as SyncBody).next_sync_token);
    return response.body as SyncBody;
  };
  const sync = (collection: string, token: string, role?: string, perPage = 10) =>
    get(
      `/calendar/events/v1/${collection}?per_page=${perPage}&sync_token=${encodeURIComponent(token)}`,
      role,
    );

  it('answers nothing when nothing changed, and the same token again', async () => {
    await createEvent(sut.http, { title: 'Before' });
    const { next_sync_token: token } = await get(EVENTS);

    const answer = await sync('events', token);

    expect(answer.events).toEqual([]);
    expect(answer.removed).toEqual([]);
    expect(answer.total).toBe(0);
    expect(answer.next_sync_token).toBe(token);
    expect(Object.keys(answer)).toEqual([
      'events',
      'removed',
      'rest_url',
      'total',
      'total_pages',
      'next_sync_token',
    ]);
  });

  it('gives each changed event once, as it is now, and trashed ones as tombstones', async () => {
    const kept = await createEvent(sut.http, { title: 'Kept' });
    const edited = await createEvent(sut.http, { title: 'Edited' });
    const trashed = await createEvent(sut.http, { title: 'Trashed' });
    const { next_sync_token: token } = await get(EVENTS);

    const added = await createEvent(sut.http, {
      title: 'Added',
      start_date: '2031-01-01 10:00',
      end_date: '2031-01-01 11:00',
    });
    await sut.admin.post(`${EVENTS}/${edited.id}`).send({ title: 'Edited once' }).expect(200);
    await sut.admin.post(`${EVENTS}/${edited.id}`).send({ title: 'Edited twice' }).expect(200);
    await sut.admin.delete(`${EVENTS}/${trashed.id}`).expect(200);
    const answer = await sync('events', token);

    // Far outside the default window, the new event is still in the sync: a sync has no dates.
    expect(itemsOf(answer, 'events').map((event) => [event.id, event.title])).toEqual([
      [added.id, 'Added'],
      [edited.id, 'Edited twice'],
    ]);
    expect(answer.removed).toEqual([
      {
        id: trashed.id,
        status: 'trash',
        modified_utc: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      },
    ]);
    expect(itemsOf(answer, 'events').map((event) => event.id)).not.toContain(kept.id);
    expect(answer.total).toBe(4);

    const after = await sync('events', answer.next_sync_token);
    expect(after.events).toEqual([]);
    expect(after.removed).toEqual([]);
  });

  it('tells each caller what it may see: a draft is a tombstone for the public, an event for an editor', async () => {
    const { next_sync_token: token } = await get(EVENTS);
    const draft = await createEvent(sut.http, { title: 'Draft', status: 'draft' });

    const anonymous = await sync('events', token);
    const editor = await sync('events', token, 'editor');

    expect(anonymous.events).toEqual([]);
    expect(anonymous.removed?.map((tombstone) => tombstone.id)).toEqual([draft.id]);
    expect(itemsOf(editor, 'events').map((event) => event.id)).toEqual([draft.id]);
    expect(editor.removed).toEqual([]);
  });

  it('pages through many changes with next_rest_url, in the order they were made', async () => {
    const { next_sync_token: token } = await get(EVENTS);
    const created: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      created.push((await createEvent(sut.http, { title: `E${i}` })).id);
    }

    const first = await sync('events', token, undefined, 2);
    expect(first.total).toBe(5);
    expect(first.total_pages).toBe(3);
    expect(first.next_rest_url).toContain(`sync_token=${first.next_sync_token}`);
    const seen = [...itemsOf(first, 'events').map((event) => event.id)];
    let next = first.next_rest_url;
    while (next) {
      const page = await get(new URL(next).pathname + new URL(next).search);
      seen.push(...itemsOf(page, 'events').map((event) => event.id));
      next = page.next_rest_url;
    }
    expect(seen).toEqual(created);
  });

  it('syncs venues, organizers, categories and tags, deleted terms as tombstones', async () => {
    const tokens = {
      venues: (await get(VENUES)).next_sync_token,
      organizers: (await get(ORGANIZERS)).next_sync_token,
      categories: (await get(CATEGORIES)).next_sync_token,
      tags: (await get(TAGS)).next_sync_token,
    };
    const venue = await createVenue(sut.http, { venue: 'Sync Hall' });
    const organizer = await createOrganizer(sut.http, { organizer: 'Sync Org' });
    const category = await createCategory(sut.http, { name: 'Sync Cat' });
    const tag = await createTag(sut.http, { name: 'Sync Tag' });
    await sut.admin.delete(`${TAGS}/${tag.id}`).expect(200);
    await sut.admin.delete(`${VENUES}/${venue.id}`).expect(200);

    const venues = await sync('venues', tokens.venues);
    const organizers = await sync('organizers', tokens.organizers);
    const categories = await sync('categories', tokens.categories);
    const tags = await sync('tags', tokens.tags);

    expect(venues.venues).toEqual([]);
    expect(venues.removed?.map((item) => item.id)).toEqual([venue.id]);
    expect(itemsOf(organizers, 'organizers').map((item) => item.id)).toEqual([organizer.id]);
    // An empty category is still synced (a sync lists terms as hide_empty=false does).
    expect(itemsOf(categories, 'categories').map((item) => item.id)).toEqual([category.id]);
    expect(tags.tags).toEqual([]);
    expect(tags.removed?.map((item) => item.id)).toEqual([tag.id]);
  });

  it('logs inline venues, organizers and new terms an event write creates', async () => {
    const venues = (await get(VENUES)).next_sync_token;
    const tags = (await get(TAGS)).next_sync_token;

    await createEvent(sut.http, { venue: { venue: 'Inline Hall' }, tags: ['inline-tag'] });

    expect(itemsOf(await sync('venues', venues), 'venues')).toHaveLength(1);
    expect(itemsOf(await sync('tags', tags), 'tags')).toHaveLength(1);
  });

  it('refuses a token of another collection (410), a malformed one and other filters (400)', async () => {
    const venuesToken = (await get(VENUES)).next_sync_token;

    const foreign = await request(sut.http).get(`${EVENTS}?sync_token=${venuesToken}`).expect(410);
    const malformed = await request(sut.http).get(`${EVENTS}?sync_token=nonsense!`).expect(400);
    const mixed = await request(sut.http)
      .get(`${EVENTS}?sync_token=${venuesToken}&search=jazz&page=2`)
      .expect(400);

    expect(foreign.body).toMatchObject({ code: 'rest_sync_token_expired', data: { status: 410 } });
    expect(malformed.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { sync_token: expect.any(String) } },
    });
    expect(Object.keys(mixed.body.data.params as object).sort()).toEqual(['page', 'search']);
  });

  it('skips no change committed while a client syncs, whatever the order writers commit in', async () => {
    let token = (await get(EVENTS)).next_sync_token;
    const seen = new Set<number>();
    const created: number[] = [];
    const auth = await bearer('administrator');
    let writing = true;
    const writers = Array.from({ length: 4 }, async (_, writer) => {
      for (let i = 0; i < 8; i += 1) {
        const response = await request(sut.http)
          .post(EVENTS)
          .set('Authorization', auth)
          .send(eventBody({ title: `Race ${writer}-${i}` }))
          .expect(201);
        created.push((response.body as { id: number }).id);
      }
    });
    const reader = (async () => {
      while (writing) {
        const answer = await sync('events', token, undefined, 3);
        for (const event of itemsOf(answer, 'events')) seen.add(event.id);
        token = answer.next_sync_token;
      }
    })();
    await Promise.all(writers);
    writing = false;
    await reader;
    // Drain what is left after the writers stopped.
    for (;;) {
      const answer = await sync('events', token, undefined, 50);
      for (const event of itemsOf(answer, 'events')) seen.add(event.id);
      token = answer.next_sync_token;
      if (!answer.next_rest_url) break;
    }

    expect(created).toHaveLength(32);
    expect(created.filter((id) => !seen.has(id))).toEqual([]);
  });
});

describe('change log retention', () => {
  const app = useTestApp({ CHANGE_LOG_RETENTION_SECONDS: '1' });
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });

  const tokenOf = async (path: string): Promise<string> =>
    String((await request(sut.http).get(path).expect(200)).headers['x-sync-token']);
  const olderThanRetention = (): Promise<void> => new Promise((wait) => setTimeout(wait, 2100));

  it('prunes changes past the retention, and a token from before them is 410', async () => {
    const before = await tokenOf(VENUES);
    await createVenue(sut.http, { venue: 'Pruned soon' });
    await olderThanRetention();
    await sut.app.get(ChangeRetention).pass();

    const expired = await request(sut.http)
      .get(`${VENUES}?sync_token=${encodeURIComponent(before)}`)
      .expect(410);
    expect(expired.body).toMatchObject({ code: 'rest_sync_token_expired' });
    // A token from after the pruned change still works.
    const after = await tokenOf(VENUES);
    const answer = await request(sut.http)
      .get(`${VENUES}?sync_token=${encodeURIComponent(after)}`)
      .expect(200);
    expect(answer.body).toMatchObject({ venues: [], total: 0 });
  });

  it('keeps what an active webhook subscription has yet to receive', async () => {
    await sut.admin
      .post('/calendar/events/v1/webhooks')
      .send({ url: 'https://receiver.example/hook', event_types: ['*'] })
      .expect(201);
    const before = await tokenOf(VENUES);
    const venue = await createVenue(sut.http, { venue: 'Kept for the webhook' });
    await olderThanRetention();
    // This app's dispatcher is off: the change was never handed on, so it stays.
    await sut.app.get(ChangeRetention).pass();

    const answer = await request(sut.http)
      .get(`${VENUES}?sync_token=${encodeURIComponent(before)}`)
      .expect(200);
    expect((answer.body as { venues: { id: number }[] }).venues.map((v) => v.id)).toEqual([
      venue.id,
    ]);
  });
});
