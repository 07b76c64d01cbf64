import { DateTime } from 'luxon';
import request from 'supertest';
import type { App } from 'supertest/types';
import { createEvent, eventBody } from '../factories/event.factory';
import { bearer } from '../setup/auth';
import { TestApp, useTestApp } from '../setup/test-app';

const BASE = '/calendar/events/v1';
const EVENTS = `${BASE}/events`;

interface Item {
  id: number;
  [key: string]: unknown;
}

async function post(http: App, path: string, body: Record<string, unknown>): Promise<Item> {
  const response = await request(http)
    .post(`${BASE}${path}`)
    .set('Authorization', await bearer('administrator'))
    .send(body)
    .expect(201);
  return response.body as Item;
}

/** Ids of the events a list answers with. */
async function listedIds(http: App, query: string): Promise<number[]> {
  const response = await request(http).get(`${EVENTS}?${query}`).expect(200);
  return (response.body as { events: Item[] }).events.map((event) => event.id);
}

describe('events: links to venues, organizers, categories and tags', () => {
  const app = useTestApp();
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });

  const count = async (table: string): Promise<number> => {
    const rows: { n: number | string }[] = await sut.dataSource.query(
      `SELECT COUNT(*) AS n FROM ${table}`,
    );
    return Number(rows[0]?.n);
  };

  describe('venue', () => {
    it('links a venue given as a number, a digit string or {id}', async () => {
      const venue = await post(sut.http, '/venues', { venue: 'Harbour Hall', city: 'Girona' });

      for (const value of [venue.id, String(venue.id), { id: venue.id }]) {
        const event = await createEvent(sut.http, { venue: value });
        expect((event.venue as Item).id).toBe(venue.id);
      }
    });

    it('embeds the venue with its own json_ld on single reads (as TEC) and none in lists, empty fields left out, i18n keys last', async () => {
      const venue = await post(sut.http, '/venues', { venue: 'Harbour Hall', city: 'Girona' });
      const event = await createEvent(sut.http, { venue: venue.id });

      const single = await request(sut.http).get(`${EVENTS}/${event.id}`).expect(200);

      const embedded = (single.body as { venue: Record<string, unknown> }).venue;
      expect(embedded).toMatchObject({ id: venue.id, venue: 'Harbour Hall', city: 'Girona' });
      expect(embedded['json_ld']).toMatchObject({ '@type': 'Place', name: 'Harbour Hall' });
      // Where TEC puts it: after the address fields, before show_map.
      const keys = Object.keys(embedded);
      expect(keys.indexOf('json_ld')).toBe(keys.indexOf('show_map') - 1);
      expect(embedded).not.toHaveProperty('address');
      expect(keys.slice(-2)).toEqual(['i18n_language', 'i18n_translations']);
      const list = await request(sut.http).get(EVENTS).expect(200);
      const listed = (list.body as { events: { venue: Record<string, unknown> }[] }).events[0];
      expect(listed?.venue).toMatchObject({ id: venue.id });
      expect(listed?.venue).not.toHaveProperty('json_ld');
    });

    it('creates a venue given inline and reuses it when the same name comes again', async () => {
      const first = await createEvent(sut.http, {
        venue: { venue: 'Sala Nova', city: 'Reus', geo_lat: 41.15, geo_lng: 1.1 },
      });
      const second = await createEvent(sut.http, { venue: { venue: 'sala nova' } });

      const venue = first.venue as Item;
      expect(venue).toMatchObject({ venue: 'Sala Nova', city: 'Reus', geo_lat: 41.15 });
      expect((second.venue as Item).id).toBe(venue.id);
      expect(await count('venues')).toBe(1);
    });

    it('creates an inline venue sent form-encoded with brackets', async () => {
      const form = new URLSearchParams(
        Object.entries(eventBody()).map(([key, value]): [string, string] => [key, String(value)]),
      );
      form.append('venue[venue]', 'Form Hall');
      form.append('venue[city]', 'Lleida');

      const response = await sut.admin.post(EVENTS).type('form').send(form.toString()).expect(201);

      expect(response.body.venue).toMatchObject({ venue: 'Form Hall', city: 'Lleida' });
    });

    it.each([[''], [0], [[]], [null]])('unlinks the venue when sent %p', async (empty) => {
      const venue = await post(sut.http, '/venues', { venue: 'Harbour Hall' });
      const event = await createEvent(sut.http, { venue: venue.id });

      const updated = await sut.admin
        .post(`${EVENTS}/${event.id}`)
        .send({ venue: empty })
        .expect(200);

      expect(updated.body.venue).toEqual([]);
    });

    it('keeps the venue when an update leaves it out', async () => {
      const venue = await post(sut.http, '/venues', { venue: 'Harbour Hall' });
      const event = await createEvent(sut.http, { venue: venue.id });

      const updated = await sut.admin
        .patch(`${EVENTS}/${event.id}`)
        .send({ title: 'Renamed' })
        .expect(200);

      expect(updated.body.venue.id).toBe(venue.id);
    });

    it('refuses an id that is not a venue, or an inline venue without a name, creating nothing', async () => {
      const organizer = await post(sut.http, '/organizers', { organizer: 'Org' });

      for (const venue of [999_999, organizer.id, { city: 'Nowhere' }, 'hall']) {
        const response = await sut.admin.post(EVENTS).send(eventBody({ venue })).expect(400);
        expect(response.body).toMatchObject({
          code: 'rest_invalid_param',
          data: { params: { venue: 'Invalid parameter.' } },
        });
      }
      expect(await count('events')).toBe(0);
      expect(await count('venues')).toBe(0);
    });

    it('creates no inline venue when another field of the event is wrong', async () => {
      await sut.admin
        .post(EVENTS)
        .send(eventBody({ venue: { venue: 'Sala Nova' }, end_date: '2001-01-01 00:00:00' }))
        .expect(400);

      expect(await count('venues')).toBe(0);
    });
  });

  describe('organizer', () => {
    it('links ids, {id} objects and inline organizers in the order given', async () => {
      const a = await post(sut.http, '/organizers', { organizer: 'Alpha' });
      const b = await post(sut.http, '/organizers', { organizer: 'Beta' });

      const event = await createEvent(sut.http, {
        organizer: [{ organizer: 'Gamma', email: 'g@example.com' }, { id: b.id }, String(a.id)],
      });

      const organizers = event.organizer as Item[];
      expect(organizers.map((o) => o['organizer'])).toEqual(['Gamma', 'Beta', 'Alpha']);
      expect(organizers[0]).toMatchObject({ email: 'g@example.com' });
      expect(organizers[0]).not.toHaveProperty('json_ld');
    });

    it('always shows organizers as an array, also for one given as a bare id', async () => {
      const a = await post(sut.http, '/organizers', { organizer: 'Alpha' });

      const event = await createEvent(sut.http, { organizer: a.id });

      expect(event.organizer).toEqual([expect.objectContaining({ id: a.id })]);
    });

    it('reads form-encoded bracket arrays of organizers', async () => {
      const a = await post(sut.http, '/organizers', { organizer: 'Alpha' });
      const body = eventBody();
      const form = new URLSearchParams(
        Object.entries(body).map(([key, value]): [string, string] => [key, String(value)]),
      );
      form.append('organizer[0][organizer]', 'Form Org');
      form.append('organizer[1][id]', String(a.id));

      const response = await sut.admin.post(EVENTS).type('form').send(form.toString()).expect(201);

      expect((response.body.organizer as Item[]).map((o) => o['organizer'])).toEqual([
        'Form Org',
        'Alpha',
      ]);
    });

    it('unlinks every organizer on an empty list and keeps them when left out', async () => {
      const a = await post(sut.http, '/organizers', { organizer: 'Alpha' });
      const event = await createEvent(sut.http, { organizer: [a.id] });

      const kept = await sut.admin
        .post(`${EVENTS}/${event.id}`)
        .send({ title: 'Still organised' })
        .expect(200);
      const cleared = await sut.admin
        .post(`${EVENTS}/${event.id}`)
        .send({ organizer: [] })
        .expect(200);

      expect(kept.body.organizer).toHaveLength(1);
      expect(cleared.body.organizer).toEqual([]);
    });

    it('creates inline organizers on an update too, replacing the previous ones', async () => {
      const a = await post(sut.http, '/organizers', { organizer: 'Alpha' });
      const event = await createEvent(sut.http, { organizer: [a.id] });

      const updated = await sut.admin
        .put(`${EVENTS}/${event.id}`)
        .send({ organizer: [{ organizer: 'Delta' }] })
        .expect(200);

      expect((updated.body.organizer as Item[]).map((o) => o['organizer'])).toEqual(['Delta']);
      expect(await count('organizers')).toBe(2);
    });

    it('refuses an unknown organizer id', async () => {
      const response = await sut.admin
        .post(EVENTS)
        .send(eventBody({ organizer: [123_456] }))
        .expect(400);

      expect(response.body.data.params).toEqual({ organizer: 'Invalid parameter.' });
    });
  });

  describe('categories and tags', () => {
    it('links terms given as ids, slugs and names, creating unknown names', async () => {
      const jazz = await post(sut.http, '/categories', { name: 'Jazz' });
      await post(sut.http, '/categories', { name: 'Live Music', slug: 'live' });

      const event = await createEvent(sut.http, {
        categories: [jazz.id, 'live', 'Brand New'],
        tags: 'outdoor, free entry',
      });

      const categories = event.categories as Item[];
      expect(categories.map((term) => term['name'])).toEqual(['Brand New', 'Jazz', 'Live Music']);
      expect((event.tags as Item[]).map((term) => term['slug'])).toEqual(['free-entry', 'outdoor']);
      expect(await count('terms')).toBe(5);
    });

    it('embeds terms in the event shape of TEC (term_group, term_taxonomy_id, filter, urls)', async () => {
      const music = await post(sut.http, '/categories', { name: 'Music' });
      const jazz = await post(sut.http, '/categories', { name: 'Jazz', parent: music.id });

      const event = await createEvent(sut.http, { categories: [jazz.id] });

      const [term] = event.categories as Record<string, unknown>[];
      expect(Object.keys(term ?? {})).toEqual([
        'name',
        'slug',
        'term_group',
        'term_taxonomy_id',
        'taxonomy',
        'description',
        'parent',
        'count',
        'filter',
        'id',
        'urls',
        'i18n_language',
        'i18n_translations',
      ]);
      expect(term).toMatchObject({
        taxonomy: 'tribe_events_cat',
        parent: music.id,
        count: 1,
        filter: 'raw',
        urls: {
          self: `https://api.calendar.test${BASE}/categories/${jazz.id}`,
          collection: `https://api.calendar.test${BASE}/categories`,
          up: `https://api.calendar.test${BASE}/categories/${music.id}`,
        },
      });
    });

    it('reads form-encoded categories[] and clears terms on an empty value', async () => {
      const body = eventBody();
      const form = new URLSearchParams(
        Object.entries(body).map(([key, value]): [string, string] => [key, String(value)]),
      );
      form.append('categories[]', 'Theatre');
      form.append('categories[]', 'Opera');
      const created = await sut.admin.post(EVENTS).type('form').send(form.toString()).expect(201);

      const cleared = await sut.admin
        .post(`${EVENTS}/${created.body.id as number}`)
        .send({ categories: '' })
        .expect(200);

      expect(created.body.categories).toHaveLength(2);
      expect(cleared.body.categories).toEqual([]);
    });

    it('changes only the taxonomy an update names', async () => {
      const event = await createEvent(sut.http, { categories: ['Jazz'], tags: ['outdoor'] });

      const updated = await sut.admin
        .post(`${EVENTS}/${event.id}`)
        .send({ categories: ['Blues'] })
        .expect(200);

      expect((updated.body.categories as Item[]).map((t) => t['name'])).toEqual(['Blues']);
      expect((updated.body.tags as Item[]).map((t) => t['name'])).toEqual(['outdoor']);
    });

    it('refuses an unknown numeric category or tag id (TEC skipped it) and creates nothing', async () => {
      const tag = await post(sut.http, '/tags', { name: 'outdoor' });

      const response = await sut.admin
        .post(EVENTS)
        .send(eventBody({ categories: [tag.id, 'New One'], tags: [987_654] }))
        .expect(400);

      expect(response.body.data.params).toEqual({
        categories: 'Invalid parameter.',
        tags: 'Invalid parameter.',
      });
      expect(await count('events')).toBe(0);
      expect(await count('terms')).toBe(1);
    });
  });

  describe('term counts', () => {
    const countOf = async (id: number): Promise<number> =>
      Number((await request(sut.http).get(`${BASE}/categories/${id}`).expect(200)).body.count);

    it('follow every write: status changes, term changes and the trash', async () => {
      const jazz = await post(sut.http, '/categories', { name: 'Jazz' });
      const blues = await post(sut.http, '/categories', { name: 'Blues' });
      const event = await createEvent(sut.http, { categories: [jazz.id] });
      const draft = await createEvent(sut.http, { categories: [jazz.id], status: 'draft' });
      expect([await countOf(jazz.id), await countOf(blues.id)]).toEqual([1, 0]);

      await sut.admin.post(`${EVENTS}/${draft.id}`).send({ status: 'publish' }).expect(200);
      expect(await countOf(jazz.id)).toBe(2);

      await sut.admin
        .post(`${EVENTS}/${event.id}`)
        .send({ categories: [blues.id] })
        .expect(200);
      expect([await countOf(jazz.id), await countOf(blues.id)]).toEqual([1, 1]);

      await sut.admin.delete(`${EVENTS}/${draft.id}`).expect(200);
      expect([await countOf(jazz.id), await countOf(blues.id)]).toEqual([0, 1]);
    });

    it('include a scheduled event once its publication date has passed', async () => {
      const jazz = await post(sut.http, '/categories', { name: 'Jazz' });
      const event = await createEvent(sut.http, {
        categories: [jazz.id],
        date_utc: '2099-01-01 00:00:00',
      });
      expect(event['status']).toBe('future');
      expect(await countOf(jazz.id)).toBe(0);

      await sut.changeBehind("UPDATE events SET date_utc = '2020-01-01 00:00:00'");

      expect(await countOf(jazz.id)).toBe(1);
      const listed = await request(sut.http).get(`${BASE}/categories`).expect(200);
      expect(listed.body.total).toBe(1);
    });
  });

  describe('list filters', () => {
    it('filters by categories (id or slug, OR within, subcategories included) and tags (AND across)', async () => {
      const music = await post(sut.http, '/categories', { name: 'Music' });
      const jazz = await post(sut.http, '/categories', { name: 'Jazz', parent: music.id });
      const film = await post(sut.http, '/categories', { name: 'Film' });
      const a = await createEvent(sut.http, { categories: [jazz.id], tags: ['outdoor'] });
      const b = await createEvent(sut.http, { categories: [film.id] });
      const c = await createEvent(sut.http, { categories: [music.id], tags: ['indoor'] });
      await createEvent(sut.http, {});

      expect(await listedIds(sut.http, `categories=${jazz.id}`)).toEqual([a.id]);
      expect(await listedIds(sut.http, 'categories=jazz,film')).toEqual([a.id, b.id]);
      expect(await listedIds(sut.http, 'categories=music')).toEqual([a.id, c.id]);
      expect(await listedIds(sut.http, 'categories[]=music&tags[]=outdoor')).toEqual([a.id]);
      expect(await listedIds(sut.http, 'tags=indoor,outdoor')).toEqual([a.id, c.id]);
    });

    it('lists and counts once an event filed under a category and its subcategory', async () => {
      const music = await post(sut.http, '/categories', { name: 'Music' });
      const jazz = await post(sut.http, '/categories', { name: 'Jazz', parent: music.id });
      const both = await createEvent(sut.http, { categories: [music.id, jazz.id] });
      const child = await createEvent(sut.http, { categories: [jazz.id] });

      for (const query of ['categories=music', 'categories=music,jazz', 'categories=jazz,music']) {
        const response = await request(sut.http).get(`${EVENTS}?${query}`).expect(200);
        const ids = (response.body as { events: Item[] }).events.map((event) => event.id);
        expect(ids).toEqual([both.id, child.id]);
        expect(response.headers['x-tec-total']).toBe('2');
        expect(response.body.total).toBe(2);
      }
      const paged = await request(sut.http)
        .get(`${EVENTS}?categories=music,jazz&per_page=1&page=2`)
        .expect(200);
      expect((paged.body as { events: Item[] }).events.map((event) => event.id)).toEqual([
        child.id,
      ]);
      expect(paged.body.total_pages).toBe(2);
    });

    it('follows the category tree: a moved category takes its events along, a deleted one leaves them to the categories above', async () => {
      const music = await post(sut.http, '/categories', { name: 'Music' });
      const art = await post(sut.http, '/categories', { name: 'Art' });
      const jazz = await post(sut.http, '/categories', { name: 'Jazz', parent: music.id });
      const bebop = await post(sut.http, '/categories', { name: 'Bebop', parent: jazz.id });
      const inJazz = await createEvent(sut.http, { categories: [jazz.id] });
      const inBebop = await createEvent(sut.http, { categories: [bebop.id] });
      const alsoArt = await createEvent(sut.http, { categories: [jazz.id, art.id] });

      await sut.admin.post(`${BASE}/categories/${jazz.id}`).send({ parent: art.id }).expect(200);

      expect(await listedIds(sut.http, 'categories=music')).toEqual([]);
      expect(await listedIds(sut.http, 'categories=art')).toEqual([
        inJazz.id,
        inBebop.id,
        alsoArt.id,
      ]);

      await sut.admin.delete(`${BASE}/categories/${jazz.id}`).expect(200);

      expect(await listedIds(sut.http, 'categories=art')).toEqual([inBebop.id, alsoArt.id]);
      expect(await listedIds(sut.http, `categories=${bebop.id}`)).toEqual([inBebop.id]);
      const total = await request(sut.http).get(`${EVENTS}?categories=art`).expect(200);
      expect(total.headers['x-tec-total']).toBe('2');
    });

    it("keeps a category's list in step with each event write: new start, hidden, trashed, new categories", async () => {
      const music = await post(sut.http, '/categories', { name: 'Music' });
      const jazz = await post(sut.http, '/categories', { name: 'Jazz', parent: music.id });
      const first = await createEvent(sut.http, { categories: [jazz.id] });
      const second = await createEvent(sut.http, {
        categories: [jazz.id],
        start_date: eventBody().start_date,
      });
      const later = DateTime.utc().plus({ days: 3 }).set({ hour: 10, minute: 0, second: 0 });
      const edit = (id: number, body: Record<string, unknown>) =>
        sut.admin.post(`${EVENTS}/${id}`).send(body).expect(200);

      expect(await listedIds(sut.http, 'categories=music')).toEqual([first.id, second.id]);
      await edit(first.id, {
        start_date: later.toFormat('yyyy-MM-dd HH:mm:ss'),
        end_date: later.plus({ hours: 1 }).toFormat('yyyy-MM-dd HH:mm:ss'),
      });
      expect(await listedIds(sut.http, 'categories=music')).toEqual([second.id, first.id]);
      await edit(second.id, { hide_from_listings: true });
      expect(await listedIds(sut.http, 'categories=music')).toEqual([first.id]);
      await edit(second.id, { hide_from_listings: false, categories: [] });
      expect(await listedIds(sut.http, 'categories=music')).toEqual([first.id]);
      await sut.admin.delete(`${EVENTS}/${first.id}`).expect(200);
      expect(await listedIds(sut.http, 'categories=music')).toEqual([]);
      await edit(second.id, { categories: [jazz.id], status: 'draft' });
      expect(await listedIds(sut.http, 'categories=music')).toEqual([]);
      await edit(second.id, { status: 'publish' });
      expect(await listedIds(sut.http, 'categories=music')).toEqual([second.id]);
    });

    it('filters by venue and organizer, OR within each list', async () => {
      const v1 = await post(sut.http, '/venues', { venue: 'One' });
      const v2 = await post(sut.http, '/venues', { venue: 'Two' });
      const o1 = await post(sut.http, '/organizers', { organizer: 'Org One' });
      const a = await createEvent(sut.http, { venue: v1.id, organizer: [o1.id] });
      const b = await createEvent(sut.http, { venue: v2.id });
      await createEvent(sut.http, {});

      expect(await listedIds(sut.http, `venue=${v1.id}`)).toEqual([a.id]);
      expect(await listedIds(sut.http, `venue=${v1.id},${v2.id}`)).toEqual([a.id, b.id]);
      expect(await listedIds(sut.http, `organizer=${o1.id}`)).toEqual([a.id]);
      expect(await listedIds(sut.http, `venue=${v2.id}&organizer=${o1.id}`)).toEqual([]);
    });

    it('answers 400 for a category, tag, venue or organizer that does not exist', async () => {
      const venue = await post(sut.http, '/venues', { venue: 'One' });

      for (const [param, value] of [
        ['categories', 'no-such-category'],
        ['tags', '424242'],
        ['venue', '424242'],
        ['organizer', String(venue.id)],
      ] as const) {
        const response = await request(sut.http).get(`${EVENTS}?${param}=${value}`).expect(400);
        expect(response.body).toMatchObject({
          code: 'rest_invalid_param',
          data: { params: { [param]: 'Invalid parameter.' } },
        });
      }
    });

    it('repeats the link filters in the list links', async () => {
      const venue = await post(sut.http, '/venues', { venue: 'One' });
      await createEvent(sut.http, { venue: venue.id, categories: ['Jazz'] });

      const response = await request(sut.http)
        .get(`${EVENTS}?categories=jazz&venue=${venue.id}`)
        .expect(200);

      const restUrl = new URL(response.body.rest_url as string);
      expect(restUrl.searchParams.get('categories')).toBe('jazz');
      expect(restUrl.searchParams.get('venue')).toBe(String(venue.id));
    });
  });

  describe('geolocation filters', () => {
    const setUp = async (): Promise<{
      barcelona: Item;
      madrid: Item;
      nowhere: Item;
      none: Item;
    }> => {
      const bcn = await post(sut.http, '/venues', {
        venue: 'Palau',
        geo_lat: 41.3875,
        geo_lng: 2.1753,
      });
      const mad = await post(sut.http, '/venues', {
        venue: 'Teatro Real',
        geo_lat: '40.4184',
        geo_lng: '-3.7109',
      });
      const unknown = await post(sut.http, '/venues', { venue: 'Somewhere' });
      return {
        barcelona: await createEvent(sut.http, { venue: bcn.id }),
        madrid: await createEvent(sut.http, { venue: mad.id }),
        nowhere: await createEvent(sut.http, { venue: unknown.id }),
        none: await createEvent(sut.http, {}),
      };
    };

    it('keeps events whose venue has coordinates with geoloc=true, the others with false', async () => {
      const { barcelona, madrid, nowhere, none } = await setUp();

      expect(await listedIds(sut.http, 'geoloc=true')).toEqual([barcelona.id, madrid.id]);
      expect(await listedIds(sut.http, 'geoloc=false')).toEqual([nowhere.id, none.id]);
    });

    it('keeps events within the radius (default 25 km) of a point', async () => {
      const { barcelona, madrid } = await setUp();

      expect(await listedIds(sut.http, 'geoloc_lat=41.40&geoloc_lng=2.17')).toEqual([barcelona.id]);
      expect(
        await listedIds(sut.http, 'geoloc_lat=41.40&geoloc_lng=2.17&geoloc_radius=600'),
      ).toEqual([barcelona.id, madrid.id]);
      expect(await listedIds(sut.http, 'geoloc_lat=0&geoloc_lng=0&geoloc_radius=100')).toEqual([]);
    });

    it('refuses a latitude without a longitude, and values out of range', async () => {
      const lone = await request(sut.http).get(`${EVENTS}?geoloc_lat=41.4`).expect(400);
      const range = await request(sut.http)
        .get(`${EVENTS}?geoloc_lat=91&geoloc_lng=2&geoloc_radius=-5`)
        .expect(400);

      expect(Object.keys(lone.body.data.params as object)).toEqual(['geoloc_lng']);
      expect(Object.keys(range.body.data.params as object)).toEqual([
        'geoloc_lat',
        'geoloc_radius',
      ]);
    });
  });

  describe('json_ld', () => {
    it('names the venue as location and the organizer on single reads only', async () => {
      const venue = await post(sut.http, '/venues', { venue: 'Palau', city: 'Barcelona' });
      const a = await post(sut.http, '/organizers', { organizer: 'Alpha' });
      const b = await post(sut.http, '/organizers', { organizer: 'Beta' });
      const one = await createEvent(sut.http, { venue: venue.id, organizer: [a.id] });
      const two = await createEvent(sut.http, { organizer: [a.id, b.id] });

      const single = await request(sut.http).get(`${EVENTS}/${one.id}`).expect(200);
      const multiple = await request(sut.http).get(`${EVENTS}/${two.id}`).expect(200);

      expect(single.body.json_ld).toMatchObject({
        location: { '@type': 'Place', name: 'Palau' },
        organizer: { '@type': 'Person', name: 'Alpha' },
      });
      // The embedded venue and organizers carry the same descriptions, as TEC embeds them.
      expect(single.body.venue.json_ld).toEqual(single.body.json_ld.location);
      expect(single.body.organizer[0].json_ld).toEqual(single.body.json_ld.organizer);
      // Several organizers: the first alone, one object, as TEC gives it.
      expect(multiple.body.json_ld.organizer).toEqual(multiple.body.organizer[0].json_ld);
      expect(multiple.body.organizer).toHaveLength(2);
      expect(multiple.body.json_ld).not.toHaveProperty('location');
    });
  });

  describe('when a linked venue or organizer is trashed', () => {
    it('the event shows it no more', async () => {
      const venue = await post(sut.http, '/venues', { venue: 'Short-lived' });
      const organizer = await post(sut.http, '/organizers', { organizer: 'Gone Soon' });
      const event = await createEvent(sut.http, { venue: venue.id, organizer: [organizer.id] });

      await sut.admin.delete(`${BASE}/venues/${venue.id}`).expect(200);
      await sut.admin.delete(`${BASE}/organizers/${organizer.id}`).expect(200);

      const read = await request(sut.http).get(`${EVENTS}/${event.id}`).expect(200);
      expect(read.body.venue).toEqual([]);
      expect(read.body.organizer).toEqual([]);
    });
  });

  describe('languages', () => {
    it('shows embedded items in the request language with fallback to their own', async () => {
      const venue = await post(sut.http, '/venues?i18n_language=ca', { venue: 'Sala Gran' });
      await sut.admin
        .post(`${BASE}/venues/${venue.id}?i18n_language=en`)
        .send({ venue: 'Great Hall' })
        .expect(200);
      const event = await createEvent(
        sut.http,
        { venue: venue.id, categories: ['Música'] },
        '?i18n_language=es',
      );

      const en = await request(sut.http).get(`${EVENTS}/${event.id}?i18n_language=en`).expect(200);
      const ca = await request(sut.http).get(`${EVENTS}/${event.id}?i18n_language=ca`).expect(200);

      expect(en.body.venue).toMatchObject({ venue: 'Great Hall', i18n_language: 'en' });
      expect(ca.body.venue).toMatchObject({ venue: 'Sala Gran', i18n_language: 'ca' });
      expect(en.body.categories[0]).toMatchObject({ name: 'Música', i18n_language: 'es' });
    });
  });
});
