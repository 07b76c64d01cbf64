import request from 'supertest';
import { toSqlDateTime } from '../../src/database/sql-values';
import { createEvent, utcAt } from '../factories/event.factory';
import {
  CATEGORIES,
  createCategory,
  createEventWithTerms,
  createTag,
  CreatedTerm,
} from '../factories/term.factory';
import { TestApp, useTestApp } from '../setup/test-app';
import { CATEGORY, TAG } from '../../src/terms/taxonomy';
import { toEmbeddedTerm } from '../../src/terms/terms.mapper';
import { EventsRepository } from '../../src/events/events.repository';
import { TermsService } from '../../src/terms/terms.service';

const NS = 'https://api.calendar.test/calendar/events/v1';
const SITE = 'https://calendar.test:8443/site';

const CATEGORY_KEYS = [
  'id',
  'count',
  'description',
  'name',
  'slug',
  'taxonomy',
  'parent',
  'meta',
  'url',
  'urls',
  '_links',
  'i18n_language',
  'i18n_translations',
];

const INVALID_ID = {
  code: 'rest_invalid_param',
  message: 'Invalid parameter(s): id',
  data: { status: 400, params: { id: 'Invalid parameter.' }, details: [] },
};

interface TermListBody {
  rest_url: string;
  total: number;
  total_pages: number;
  categories: CreatedTerm[];
  next_rest_url?: string;
  previous_rest_url?: string;
}

describe('categories', () => {
  const app = useTestApp();
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });

  const list = async (query = ''): Promise<TermListBody> =>
    (await request(sut.http).get(`${CATEGORIES}${query}`).expect(200)).body as TermListBody;

  const names = (body: TermListBody): string[] => body.categories.map((term) => term.name);

  /** Lists every category, empty ones included. */
  const all = async (query = ''): Promise<TermListBody> =>
    list(`?hide_empty=false&per_page=50${query}`);

  describe('POST /categories', () => {
    it('creates a category and answers 201 with the representation in TEC key order', async () => {
      const response = await sut.admin
        .post(CATEGORIES)
        .send({ name: 'Jazz', description: 'Jazz music' })
        .expect(201);

      expect(Object.keys(response.body as object)).toEqual(CATEGORY_KEYS);
      const id = (response.body as CreatedTerm).id;
      expect(response.body).toEqual({
        id,
        count: 0,
        description: 'Jazz music',
        name: 'Jazz',
        slug: 'jazz',
        taxonomy: 'tribe_events_cat',
        parent: 0,
        meta: [],
        url: `${SITE}/events/category/jazz/`,
        urls: { self: `${NS}/categories/${id}`, collection: `${NS}/categories` },
        // TEC's WordPress links, to this service's routes.
        _links: {
          self: [{ href: `${NS}/categories/${id}` }],
          collection: [{ href: `${NS}/categories` }],
          'wp:post_type': [{ href: `${NS}/events?categories=${id}` }],
          curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
        },
        i18n_language: 'en',
        i18n_translations: ['en'],
      });
      // A child links up to its parent, embeddable; list items carry no `_links`, as in TEC.
      const child = await sut.admin
        .post(CATEGORIES)
        .send({ name: 'Bebop', parent: id })
        .expect(201);
      expect((child.body as { _links: unknown })._links).toMatchObject({
        up: [{ embeddable: true, href: `${NS}/categories/${id}` }],
      });
      const events = await request(sut.http)
        .get(
          String(
            (child.body as { _links: { 'wp:post_type': { href: string }[] } })._links[
              'wp:post_type'
            ][0]?.href,
          ).replace('https://api.calendar.test', ''),
        )
        .expect(200);
      expect((events.body as { total: number }).total).toBe(0);
      const listed = await all();
      expect(listed.categories.every((term) => !('_links' in term))).toBe(true);
    });

    it('links a child to its parent with urls.up and puts every ancestor slug in url', async () => {
      const music = await createCategory(sut.http, { name: 'Music' });
      const jazz = await createCategory(sut.http, { name: 'Jazz', parent: music.id });
      const bebop = await createCategory(sut.http, { name: 'Bebop', parent: String(jazz.id) });

      expect(jazz).toMatchObject({
        parent: music.id,
        url: `${SITE}/events/category/music/jazz/`,
        urls: {
          self: `${NS}/categories/${jazz.id}`,
          collection: `${NS}/categories`,
          up: `${NS}/categories/${music.id}`,
        },
      });
      expect(bebop).toMatchObject({
        parent: jazz.id,
        url: `${SITE}/events/category/music/jazz/bebop/`,
      });
    });

    it('makes the slug from the name or the given slug, unique among categories only', async () => {
      const tag = await createTag(sut.http, { name: 'Outdoor' });
      const first = await createCategory(sut.http, { name: 'Outdoor' });
      const second = await createCategory(sut.http, { name: 'Open air', slug: 'Outdoor' });
      const third = await createCategory(sut.http, { name: 'Al fresco', slug: 'outdoor' });
      const accented = await createCategory(sut.http, { name: 'Música en viu' });

      expect([tag.slug, first.slug, second.slug, third.slug]).toEqual([
        'outdoor',
        'outdoor',
        'outdoor-2',
        'outdoor-3',
      ]);
      expect(accented.slug).toBe('musica-en-viu');
    });

    it('keeps the name as plain text and the description as safe HTML, without paragraphs', async () => {
      const category = await createCategory(sut.http, {
        name: '<b>Food</b> &amp; Drink',
        description: 'Tapas <script>alert(1)</script><em>and</em> wine\n\nbars',
      });

      expect(category.name).toBe('Food &amp; Drink');
      expect(category['description']).toBe('Tapas <em>and</em> wine\n\nbars');
    });

    it('answers 400 rest_missing_callback_param when the name is missing or null', async () => {
      const missing = await sut.admin.post(CATEGORIES).send({ description: 'x' }).expect(400);
      const nullName = await sut.admin.post(CATEGORIES).send({ name: null }).expect(400);

      for (const response of [missing, nullName]) {
        expect(response.body).toEqual({
          code: 'rest_missing_callback_param',
          message: 'Missing parameter(s): name',
          data: { status: 400, params: ['name'] },
        });
      }
      expect((await all()).total).toBe(0);
    });

    it('answers 400 on an empty name or slug, a name of markup only and a name over 200 characters', async () => {
      const empty = await sut.admin.post(CATEGORIES).send({ name: '', slug: '' }).expect(400);
      const markup = await sut.admin.post(CATEGORIES).send({ name: '<b> </b>' }).expect(400);
      const long = await sut.admin
        .post(CATEGORIES)
        .send({ name: 'x'.repeat(201) })
        .expect(400);

      expect(empty.body).toMatchObject({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): name, slug',
      });
      expect(markup.body.data.params).toEqual({ name: 'Invalid parameter.' });
      expect(long.body.data.params).toEqual({ name: 'name is too long.' });
      expect((await all()).total).toBe(0);
    });

    it.each([['foo'], [''], [-1], [1.5]])(
      'answers 400 on parent %p, which is not a category id or 0',
      async (parent) => {
        const response = await sut.admin
          .post(CATEGORIES)
          .send({ name: 'Jazz', parent })
          .expect(400);

        expect(response.body.data.params).toEqual({ parent: 'Invalid parameter.' });
      },
    );

    it('answers 400 on a parent id that is a tag or no term at all', async () => {
      const tag = await createTag(sut.http);

      for (const parent of [tag.id, tag.id + 1000]) {
        const response = await sut.admin
          .post(CATEGORIES)
          .send({ name: 'Jazz', parent })
          .expect(400);
        expect(response.body.data.params).toEqual({ parent: 'Invalid parameter.' });
      }
    });

    it('answers 400 term_exists with data.term_id for a sibling with the same name in any case', async () => {
      const music = await createCategory(sut.http, { name: 'Music' });
      const jazz = await createCategory(sut.http, { name: 'Jazz', parent: music.id });

      const topLevel = await sut.admin.post(CATEGORIES).send({ name: '  MUSIC ' }).expect(400);
      const child = await sut.admin
        .post(CATEGORIES)
        .send({ name: 'jazz', parent: music.id, slug: 'other-jazz' })
        .expect(400);

      expect(topLevel.body).toEqual({
        code: 'term_exists',
        message: 'A term with the name provided already exists with this parent.',
        data: { status: 400, term_id: music.id },
      });
      expect(child.body.data).toEqual({ status: 400, term_id: jazz.id });
    });

    it('accepts the same name under another parent', async () => {
      const music = await createCategory(sut.http, { name: 'Music' });
      const jazz = await createCategory(sut.http, { name: 'Jazz' });

      const child = await createCategory(sut.http, { name: 'Jazz', parent: music.id });

      expect(child).toMatchObject({ name: 'Jazz', parent: music.id, slug: 'jazz-2' });
      expect(child.id).not.toBe(jazz.id);
    });
  });

  describe('GET, POST and DELETE /categories/:id', () => {
    it('reads a category by id', async () => {
      const category = await createCategory(sut.http, { name: 'Film', description: 'Movies' });

      const response = await request(sut.http).get(`${CATEGORIES}/${category.id}`).expect(200);

      expect(response.body).toEqual(category);
    });

    it('answers 400 rest_invalid_param on id for a missing id or a tag id, on read, update and delete', async () => {
      const tag = await createTag(sut.http);

      for (const id of [tag.id, tag.id + 1000, 0]) {
        const read = await request(sut.http).get(`${CATEGORIES}/${id}`).expect(400);
        const update = await sut.admin.post(`${CATEGORIES}/${id}`).send({ name: 'X' }).expect(400);
        const removal = await sut.admin.delete(`${CATEGORIES}/${id}`).expect(400);
        expect([read.body, update.body, removal.body]).toEqual([
          INVALID_ID,
          INVALID_ID,
          INVALID_ID,
        ]);
      }
      expect(
        (await request(sut.http).get(`/calendar/events/v1/tags/${tag.id}`).expect(200)).body,
      ).toMatchObject({ name: tag.name });
    });

    it('answers 404 rest_no_route for an id that is not a number', async () => {
      const response = await request(sut.http).get(`${CATEGORIES}/jazz`).expect(404);

      expect(response.body.code).toBe('rest_no_route');
    });

    it('updates only the fields given, with PUT and PATCH too', async () => {
      const category = await createCategory(sut.http, {
        name: 'Film',
        description: 'Movies',
      });

      const renamed = await sut.admin
        .post(`${CATEGORIES}/${category.id}`)
        .send({ name: 'Cinema' })
        .expect(200);
      const reslugged = await sut.admin
        .put(`${CATEGORIES}/${category.id}`)
        .send({ slug: 'Cinema Club' })
        .expect(200);
      const described = await sut.admin
        .patch(`${CATEGORIES}/${category.id}`)
        .send({ description: '<i>Films</i>' })
        .expect(200);

      expect(renamed.body).toMatchObject({ name: 'Cinema', slug: 'film', description: 'Movies' });
      expect(reslugged.body).toMatchObject({ name: 'Cinema', slug: 'cinema-club' });
      expect(described.body).toMatchObject({
        id: category.id,
        name: 'Cinema',
        slug: 'cinema-club',
        description: '<i>Films</i>',
        url: `${SITE}/events/category/cinema-club/`,
      });
    });

    it('clears the description with ""', async () => {
      const category = await createCategory(sut.http, { description: 'Something' });

      const response = await sut.admin
        .post(`${CATEGORIES}/${category.id}`)
        .send({ description: '' })
        .expect(200);

      expect(response.body.description).toBe('');
    });

    it('keeps a slug unique when updating it to one another category has', async () => {
      await createCategory(sut.http, { name: 'Jazz' });
      const other = await createCategory(sut.http, { name: 'Blues' });

      const response = await sut.admin
        .post(`${CATEGORIES}/${other.id}`)
        .send({ slug: 'jazz' })
        .expect(200);

      expect(response.body.slug).toBe('jazz-2');
    });

    it('answers term_exists when renaming into a sibling name, and accepts its own name', async () => {
      const jazz = await createCategory(sut.http, { name: 'Jazz' });
      const blues = await createCategory(sut.http, { name: 'Blues' });

      const clash = await sut.admin
        .post(`${CATEGORIES}/${blues.id}`)
        .send({ name: 'JAZZ' })
        .expect(400);
      const same = await sut.admin
        .post(`${CATEGORIES}/${blues.id}`)
        .send({ name: 'blues' })
        .expect(200);

      expect(clash.body).toMatchObject({ code: 'term_exists', data: { term_id: jazz.id } });
      expect(same.body.name).toBe('blues');
    });

    it('moves a category under another parent, and refuses itself or a descendant as parent', async () => {
      const music = await createCategory(sut.http, { name: 'Music' });
      const jazz = await createCategory(sut.http, { name: 'Jazz', parent: music.id });
      const bebop = await createCategory(sut.http, { name: 'Bebop', parent: jazz.id });
      const art = await createCategory(sut.http, { name: 'Art' });

      for (const parent of [music.id, jazz.id, bebop.id]) {
        const refused = await sut.admin
          .post(`${CATEGORIES}/${music.id}`)
          .send({ parent })
          .expect(400);
        expect(refused.body.data.params).toEqual({ parent: 'Invalid parameter.' });
      }
      const moved = await sut.admin
        .post(`${CATEGORIES}/${jazz.id}`)
        .send({ parent: art.id })
        .expect(200);
      const bebopNow = await request(sut.http).get(`${CATEGORIES}/${bebop.id}`).expect(200);
      const topLevel = await sut.admin
        .post(`${CATEGORIES}/${jazz.id}`)
        .send({ parent: 0 })
        .expect(200);

      expect(moved.body).toMatchObject({
        parent: art.id,
        url: `${SITE}/events/category/art/jazz/`,
      });
      expect(bebopNow.body.url).toBe(`${SITE}/events/category/art/jazz/bebop/`);
      expect(topLevel.body.parent).toBe(0);
      expect(topLevel.body.urls).not.toHaveProperty('up');
    });

    it('answers term_exists when moving a category next to a sibling with the same name', async () => {
      const music = await createCategory(sut.http, { name: 'Music' });
      const nested = await createCategory(sut.http, { name: 'Jazz', parent: music.id });
      const jazz = await createCategory(sut.http, { name: 'Jazz' });

      const response = await sut.admin
        .post(`${CATEGORIES}/${jazz.id}`)
        .send({ parent: music.id })
        .expect(400);

      expect(response.body).toMatchObject({ code: 'term_exists', data: { term_id: nested.id } });
    });

    it('deletes a category for good and answers it as it was, count included', async () => {
      const music = await createCategory(sut.http, { name: 'Music' });
      const jazz = await createCategory(sut.http, { name: 'Jazz', parent: music.id });
      await createEventWithTerms(sut.http, { categories: [jazz.id] });

      const response = await sut.admin.delete(`${CATEGORIES}/${jazz.id}`).expect(200);

      expect(Object.keys(response.body as object)).toEqual(CATEGORY_KEYS);
      expect(response.body).toMatchObject({
        id: jazz.id,
        name: 'Jazz',
        count: 1,
        parent: music.id,
        url: `${SITE}/events/category/music/jazz/`,
        urls: { up: `${NS}/categories/${music.id}` },
      });
      await request(sut.http).get(`${CATEGORIES}/${jazz.id}`).expect(400);
      await sut.admin.delete(`${CATEGORIES}/${jazz.id}`).expect(400);
    });

    it('moves the children of a deleted category up to its parent', async () => {
      const music = await createCategory(sut.http, { name: 'Music' });
      const jazz = await createCategory(sut.http, { name: 'Jazz', parent: music.id });
      const bebop = await createCategory(sut.http, { name: 'Bebop', parent: jazz.id });
      const cool = await createCategory(sut.http, { name: 'Cool', parent: jazz.id });

      await sut.admin.delete(`${CATEGORIES}/${jazz.id}`).expect(200);
      await sut.admin.delete(`${CATEGORIES}/${music.id}`).expect(200);

      const children = [bebop, cool].map((term) =>
        request(sut.http).get(`${CATEGORIES}/${term.id}`).expect(200),
      );
      for (const response of await Promise.all(children)) {
        expect(response.body).toMatchObject({ parent: 0 });
        expect(response.body.url).toBe(`${SITE}/events/category/${response.body.slug}/`);
      }
    });

    it('takes a deleted category off its events and leaves their other categories', async () => {
      const jazz = await createCategory(sut.http, { name: 'Jazz' });
      const blues = await createCategory(sut.http, { name: 'Blues' });
      const event = await createEventWithTerms(sut.http, { categories: [jazz.id, blues.id] });

      await sut.admin.delete(`${CATEGORIES}/${jazz.id}`).expect(200);

      const shown = await request(sut.http).get(`/calendar/events/v1/events/${event.id}`);
      expect((shown.body.categories as CreatedTerm[]).map((term) => term.id)).toEqual([blues.id]);
      expect(names(await list(`?event=${event.id}`))).toEqual(['Blues']);
    });
  });

  describe('languages', () => {
    it('stores a create in the request language and falls back to it in other languages', async () => {
      const category = await createCategory(
        sut.http,
        { name: 'Música', description: 'Conciertos' },
        '?i18n_language=es',
      );

      const english = await request(sut.http).get(`${CATEGORIES}/${category.id}`).expect(200);

      expect(english.body).toMatchObject({
        name: 'Música',
        description: 'Conciertos',
        i18n_language: 'es',
        i18n_translations: ['es'],
      });
      expect(english.headers['content-language']).toBe('en');
    });

    it('adds a translation on update, field by field, and leaves the other languages', async () => {
      const category = await createCategory(sut.http, { name: 'Music', description: 'Concerts' });

      await sut.admin
        .post(`${CATEGORIES}/${category.id}`)
        .send({ name: 'Música', i18n_language: 'ca' })
        .expect(200);
      const catalan = await request(sut.http)
        .get(`${CATEGORIES}/${category.id}?i18n_language=ca`)
        .expect(200);
      const english = await request(sut.http).get(`${CATEGORIES}/${category.id}`).expect(200);

      expect(catalan.body).toMatchObject({
        name: 'Música',
        description: 'Concerts',
        slug: 'music',
        i18n_language: 'ca',
        i18n_translations: ['ca', 'en'],
      });
      expect(english.body).toMatchObject({ name: 'Music', i18n_language: 'en' });
    });

    it('checks term_exists against the names a reader of the request language sees', async () => {
      const music = await createCategory(sut.http, { name: 'Music' });
      await sut.admin
        .post(`${CATEGORIES}/${music.id}?i18n_language=ca`)
        .send({ name: 'Música' })
        .expect(200);

      const catalanClash = await sut.admin
        .post(`${CATEGORIES}?i18n_language=ca`)
        .send({ name: 'música' })
        .expect(400);
      const spanishFallbackClash = await sut.admin
        .post(`${CATEGORIES}?i18n_language=es`)
        .send({ name: 'MUSIC' })
        .expect(400);
      const catalanOriginal = await sut.admin
        .post(`${CATEGORIES}?i18n_language=ca`)
        .send({ name: 'Music' })
        .expect(201);
      const englishTranslation = await sut.admin
        .post(CATEGORIES)
        .send({ name: 'Música' })
        .expect(201);

      expect(catalanClash.body.data.term_id).toBe(music.id);
      expect(spanishFallbackClash.body.data.term_id).toBe(music.id);
      expect(catalanOriginal.body).toMatchObject({ name: 'Music', i18n_language: 'ca' });
      expect(englishTranslation.body).toMatchObject({ name: 'Música', i18n_language: 'en' });
    });

    it('answers error messages in the request language', async () => {
      const response = await request(sut.http)
        .get(`${CATEGORIES}/999?i18n_language=es`)
        .expect(400);

      expect(response.body.message).toBe('Parámetro(s) no válido(s): id');
    });

    it('answers 400 on an unknown i18n_language on every route', async () => {
      const category = await createCategory(sut.http);

      await request(sut.http).get(`${CATEGORIES}?i18n_language=fr`).expect(400);
      await request(sut.http).get(`${CATEGORIES}/${category.id}?i18n_language=fr`).expect(400);
      const write = await sut.admin
        .post(`${CATEGORIES}/${category.id}`)
        .send({ name: 'X', i18n_language: 'fr' })
        .expect(400);
      expect(write.body.data.params).toHaveProperty('i18n_language');
    });
  });

  describe('count', () => {
    it('counts published events only, hidden ones and past scheduled ones included', async () => {
      const category = await createCategory(sut.http, { name: 'Music' });
      const categories = [category.id];
      await createEventWithTerms(sut.http, { categories });
      await createEventWithTerms(sut.http, { categories }, { hide_from_listings: true });
      await createEventWithTerms(sut.http, { categories }, { status: 'draft' });
      await createEventWithTerms(sut.http, { categories }, { status: 'private' });
      await createEventWithTerms(sut.http, { categories }, { date_utc: utcAt(5, 10) });
      const scheduled = await createEventWithTerms(
        sut.http,
        { categories },
        { date_utc: utcAt(6, 10) },
      );
      const trashed = await createEventWithTerms(sut.http, { categories });
      await sut.admin.delete(`/calendar/events/v1/events/${trashed.id}`).expect(200);
      await sut.changeBehind('UPDATE events SET date_utc = ? WHERE id = ?', [
        toSqlDateTime(new Date(Date.now() - 60_000)),
        scheduled.id,
      ]);

      const single = await request(sut.http).get(`${CATEGORIES}/${category.id}`).expect(200);
      const listed = await list();

      expect(single.body.count).toBe(3);
      expect(listed.categories.map((term) => [term.name, term['count']])).toEqual([['Music', 3]]);
    });
  });

  describe('GET /categories', () => {
    it('answers an empty list with 200, zero totals and the X-TEC headers', async () => {
      const response = await request(sut.http).get(CATEGORIES).expect(200);

      expect(Object.keys(response.body as object)).toEqual([
        'rest_url',
        'total',
        'total_pages',
        'categories',
        'next_sync_token',
      ]);
      expect(response.body).toEqual({
        rest_url: `${NS}/categories/?per_page=10`,
        total: 0,
        total_pages: 0,
        categories: [],
        next_sync_token: expect.any(String),
      });
      expect(response.headers['x-tec-total']).toBe('0');
      expect(response.headers['x-tec-totalpages']).toBe('0');
    });

    it('hides categories without published events unless hide_empty is false', async () => {
      const used = await createCategory(sut.http, { name: 'Used' });
      const draftOnly = await createCategory(sut.http, { name: 'Draft only' });
      await createCategory(sut.http, { name: 'Unused' });
      await createEventWithTerms(sut.http, { categories: [used.id] });
      await createEventWithTerms(sut.http, { categories: [draftOnly.id] }, { status: 'draft' });

      expect(names(await list())).toEqual(['Used']);
      expect(names(await list('?hide_empty=1'))).toEqual(['Used']);
      expect(names(await list('?hide_empty=FALSE'))).toEqual(['Draft only', 'Unused', 'Used']);
      await request(sut.http).get(`${CATEGORIES}?hide_empty=maybe`).expect(400);
    });

    it('searches the name as read in the request language, or the slug, ignoring case', async () => {
      await createCategory(sut.http, { name: 'Jazz Night', slug: 'late-sessions' });
      await createCategory(sut.http, { name: 'Blues', slug: 'blue-notes' });
      const film = await createCategory(sut.http, { name: 'Film' });
      await sut.admin
        .post(`${CATEGORIES}/${film.id}?i18n_language=ca`)
        .send({ name: 'Cinema' })
        .expect(200);
      await createCategory(sut.http, { name: '100% Rock' });

      expect(names(await all('&search=NIGHT'))).toEqual(['Jazz Night']);
      expect(names(await all('&search=session'))).toEqual(['Jazz Night']);
      expect(names(await all('&search=blue'))).toEqual(['Blues']);
      expect(names(await all('&search=cine&i18n_language=ca'))).toEqual(['Cinema']);
      expect(names(await all('&search=cine'))).toEqual([]);
      expect(names(await all('&search=fil&i18n_language=es'))).toEqual(['Film']);
      expect(names(await all('&search=0%25'))).toEqual(['100% Rock']);
      expect(names(await all('&search=_'))).toEqual([]);
      await request(sut.http).get(`${CATEGORIES}?search=`).expect(400);
    });

    it('lists only included ids and leaves out excluded ones, given as lists or CSV', async () => {
      const a = await createCategory(sut.http, { name: 'A' });
      const b = await createCategory(sut.http, { name: 'B' });
      const c = await createCategory(sut.http, { name: 'C' });

      expect(names(await all(`&include=${c.id},${a.id}`))).toEqual(['A', 'C']);
      expect(names(await all(`&include[]=${b.id}&include[]=${c.id}`))).toEqual(['B', 'C']);
      expect(names(await all(`&exclude=${b.id}`))).toEqual(['A', 'C']);
      expect(names(await all(`&include=${a.id},${b.id}&exclude=${a.id}`))).toEqual(['B']);
    });

    it('answers 400 on include or exclude ids that are not categories', async () => {
      const a = await createCategory(sut.http, { name: 'A' });
      const tag = await createTag(sut.http);

      const include = await request(sut.http)
        .get(`${CATEGORIES}?include=${a.id},${tag.id}`)
        .expect(400);
      const both = await request(sut.http)
        .get(`${CATEGORIES}?include=${tag.id + 1000}&exclude=${tag.id}`)
        .expect(400);

      expect(include.body.data.params).toEqual({ include: 'Invalid parameter.' });
      expect(Object.keys(both.body.data.params as object)).toEqual(['include', 'exclude']);
    });

    it('orders by name ignoring case by default, and by the other keys on request', async () => {
      const banana = await createCategory(sut.http, { name: 'banana', slug: 'z-banana' });
      const apple = await createCategory(sut.http, { name: 'Apple', slug: 'y-apple' });
      const cherry = await createCategory(sut.http, {
        name: 'Cherry',
        slug: 'x-cherry',
        description: 'A',
        parent: apple.id,
      });

      expect(names(await all())).toEqual(['Apple', 'banana', 'Cherry']);
      expect(names(await all('&order=DESC'))).toEqual(['Cherry', 'banana', 'Apple']);
      expect(names(await all('&orderby=NAME&order=whatever'))).toEqual([
        'Apple',
        'banana',
        'Cherry',
      ]);
      expect(names(await all('&orderby=id'))).toEqual(['banana', 'Apple', 'Cherry']);
      expect(names(await all('&orderby=none&order=desc'))).toEqual(['Cherry', 'Apple', 'banana']);
      expect(names(await all('&orderby=term_group'))).toEqual(['banana', 'Apple', 'Cherry']);
      expect(names(await all('&orderby=slug'))).toEqual(['Cherry', 'Apple', 'banana']);
      expect(names(await all('&orderby=description&order=desc'))).toEqual([
        'Cherry',
        'Apple',
        'banana',
      ]);
      expect(names(await all('&orderby=parent&order=desc'))).toEqual(['Cherry', 'Apple', 'banana']);
      expect(
        names(await all(`&orderby=include&include=${cherry.id},${banana.id},${apple.id}`)),
      ).toEqual(['Cherry', 'banana', 'Apple']);
      expect(names(await all('&orderby=include'))).toEqual(['Apple', 'banana', 'Cherry']);
      expect(names(await all('&orderby=unknown'))).toEqual(['Apple', 'banana', 'Cherry']);
      expect(names(await all('&orderby=slug__in'))).toEqual(['Apple', 'banana', 'Cherry']);
    });

    it('orders by count of published events', async () => {
      const apple = await createCategory(sut.http, { name: 'Apple' });
      const banana = await createCategory(sut.http, { name: 'Banana' });
      const cherry = await createCategory(sut.http, { name: 'Cherry' });
      await createEventWithTerms(sut.http, { categories: [apple.id, cherry.id] });
      await createEventWithTerms(sut.http, { categories: [apple.id] });
      for (let i = 0; i < 3; i++) {
        await createEventWithTerms(sut.http, { categories: [banana.id] }, { status: 'draft' });
      }

      expect(names(await all('&orderby=count&order=desc'))).toEqual(['Apple', 'Cherry', 'Banana']);
      expect(names(await all('&orderby=count'))).toEqual(['Banana', 'Cherry', 'Apple']);
    });

    it('orders by the name a reader of the request language sees', async () => {
      const apple = await createCategory(sut.http, { name: 'Apple' });
      await createCategory(sut.http, { name: 'Banana' });
      await sut.admin
        .post(`${CATEGORIES}/${apple.id}?i18n_language=es`)
        .send({ name: 'Manzana' })
        .expect(200);

      expect(names(await all('&i18n_language=es'))).toEqual(['Banana', 'Manzana']);
      expect(names(await all())).toEqual(['Apple', 'Banana']);
    });

    it('answers 400 on an empty order or orderby', async () => {
      const response = await request(sut.http).get(`${CATEGORIES}?order=&orderby=`).expect(400);

      expect(Object.keys(response.body.data.params as object)).toEqual(['order', 'orderby']);
    });

    it('lists the direct children of a parent, top-level categories with parent=0', async () => {
      const music = await createCategory(sut.http, { name: 'Music' });
      const jazz = await createCategory(sut.http, { name: 'Jazz', parent: music.id });
      await createCategory(sut.http, { name: 'Bebop', parent: jazz.id });
      await createCategory(sut.http, { name: 'Art' });

      expect(names(await all(`&parent=${music.id}`))).toEqual(['Jazz']);
      expect(names(await all('&parent=0'))).toEqual(['Art', 'Music']);
    });

    it('answers 400 on a parent that is not a category', async () => {
      const tag = await createTag(sut.http);

      for (const parent of [String(tag.id), '', 'foo', String(tag.id + 1000)]) {
        const response = await request(sut.http).get(`${CATEGORIES}?parent=${parent}`).expect(400);
        expect(response.body.data.params).toEqual({ parent: 'Invalid parameter.' });
      }
    });

    it('lists the categories of one event with post or event, event winning; a draft only for editors', async () => {
      const jazz = await createCategory(sut.http, { name: 'Jazz' });
      const blues = await createCategory(sut.http, { name: 'Blues' });
      await createCategory(sut.http, { name: 'Art' });
      const first = await createEventWithTerms(sut.http, { categories: [jazz.id, blues.id] });
      const second = await createEventWithTerms(sut.http, { categories: [jazz.id] });
      const draft = await createEventWithTerms(
        sut.http,
        { categories: [blues.id] },
        { status: 'draft' },
      );

      expect(names(await list(`?post=${first.id}`))).toEqual(['Blues', 'Jazz']);
      expect(names(await list(`?event=${second.id}`))).toEqual(['Jazz']);
      expect(names(await list(`?post=${first.id}&event=${second.id}`))).toEqual(['Jazz']);
      await request(sut.http).get(`${CATEGORIES}?event=${draft.id}`).expect(400);
      const forEditor = await sut.admin.get(`${CATEGORIES}?event=${draft.id}&hide_empty=false`);
      expect(names(forEditor.body as TermListBody)).toEqual(['Blues']);
    });

    it('answers 400 on a post or event that is not an event', async () => {
      const event = await createEvent(sut.http);

      for (const query of ['post=', 'post=foo', `event=${event.id + 1000}`, `event=0`]) {
        const response = await request(sut.http).get(`${CATEGORIES}?${query}`).expect(400);
        expect(Object.keys(response.body.data.params as object)).toEqual([query.split('=')[0]]);
      }
    });

    it('finds a category by its exact slug', async () => {
      await createCategory(sut.http, { name: 'Jazz' });
      await createCategory(sut.http, { name: 'Jazz Funk' });

      expect(names(await all('&slug=jazz'))).toEqual(['Jazz']);
      expect(names(await all('&slug=jaz'))).toEqual([]);
    });

    it('pages with links that keep the filters, page 1 carrying no page parameter', async () => {
      for (const name of ['A1', 'A2', 'A3', 'A4', 'A5']) await createCategory(sut.http, { name });
      await createCategory(sut.http, { name: 'B1' });
      const base = `${NS}/categories/`;
      const filters = 'per_page=2&hide_empty=false&search=a&order=asc';

      const first = await request(sut.http)
        .get(`${CATEGORIES}?page=1&per_page=2&hide_empty=false&search=a&order=asc`)
        .expect(200);
      const second = await list('?page=2&per_page=2&hide_empty=false&search=a&order=asc');

      expect(first.body).toMatchObject({
        rest_url: `${base}?${filters}`,
        total: 5,
        total_pages: 3,
        next_rest_url: `${base}?${filters}&page=2`,
      });
      expect(first.body).not.toHaveProperty('previous_rest_url');
      expect(first.headers['x-tec-total']).toBe('5');
      expect(first.headers['x-tec-totalpages']).toBe('3');
      expect(names(first.body as TermListBody)).toEqual(['A1', 'A2']);
      expect(Object.keys(second)).toEqual([
        'rest_url',
        'total',
        'total_pages',
        'categories',
        'next_rest_url',
        'previous_rest_url',
        'next_sync_token',
      ]);
      expect(second).toMatchObject({
        rest_url: `${base}?page=2&${filters}`,
        next_rest_url: `${base}?${filters}&page=3`,
        previous_rest_url: `${base}?${filters}`,
      });
      expect(names(second)).toEqual(['A3', 'A4']);
    });

    it('answers a page past the end with 200, an empty list and a previous link', async () => {
      await createCategory(sut.http, { name: 'Only' });

      const response = await request(sut.http)
        .get(`${CATEGORIES}?hide_empty=false&page=4`)
        .expect(200);

      expect(response.body).toEqual({
        rest_url: `${NS}/categories/?page=4&per_page=10&hide_empty=false`,
        total: 1,
        total_pages: 1,
        categories: [],
        previous_rest_url: `${NS}/categories/?per_page=10&hide_empty=false&page=3`,
        next_sync_token: expect.any(String),
      });
      expect(response.headers['x-tec-total']).toBe('1');
    });

    it('clamps per_page above 50 to 50 and answers 400 on a page or per_page below 1', async () => {
      const body = await list('?per_page=51');
      const bad = await request(sut.http).get(`${CATEGORIES}?page=0&per_page=0`).expect(400);

      expect(body.rest_url).toBe(`${NS}/categories/?per_page=50`);
      expect(Object.keys(bad.body.data.params as object)).toEqual(['page', 'per_page']);
    });
  });

  describe('what event writes, filters and representations use (TermsService)', () => {
    let terms: TermsService;
    beforeEach(() => {
      terms = sut.app.get(TermsService);
    });

    it('classifies ids, slugs and names seen in the request language, writing nothing', async () => {
      const music = await createCategory(sut.http, { name: 'Music' });
      const jazz = await createCategory(sut.http, { name: 'Jazz', parent: music.id });
      await sut.admin
        .post(`${CATEGORIES}/${music.id}?i18n_language=ca`)
        .send({ name: 'Música' })
        .expect(200);
      const tag = await createTag(sut.http, { name: 'Free' });

      const classified = await terms.findForEvent(
        CATEGORY,
        [
          String(jazz.id),
          'music',
          'MÚSICA',
          String(tag.id),
          '999999',
          'New One',
          'new  one',
          'Free',
          String(jazz.id),
        ],
        'ca',
      );

      expect(classified).toEqual({
        ids: [jazz.id, music.id],
        newNames: ['New One', 'Free'],
        unknownIds: [String(tag.id), '999999'],
      });
      expect((await all()).total).toBe(2);
    });

    it('creates top-level terms for new names in the request language, reusing existing ones', async () => {
      const free = await createTag(sut.http, { name: 'Free' });

      const ids = await terms.createNames(TAG, ['Fresca', 'FREE', '<b>Nova</b>'], 'ca');

      expect(ids[1]).toBe(free.id);
      const created = await request(sut.http).get(`/calendar/events/v1/tags/${ids[0]}`);
      const bold = await request(sut.http).get(`/calendar/events/v1/tags/${ids[2]}`);
      expect(created.body).toMatchObject({ name: 'Fresca', slug: 'fresca', i18n_language: 'ca' });
      expect(bold.body.name).toBe('Nova');
    });

    it('resolves filter ids and slugs to the terms named (the list takes in subcategories)', async () => {
      const music = await createCategory(sut.http, { name: 'Music' });
      const jazz = await createCategory(sut.http, { name: 'Jazz', parent: music.id });
      const bebop = await createCategory(sut.http, { name: 'Bebop', parent: jazz.id });
      const art = await createCategory(sut.http, { name: 'Art' });
      const tag = await createTag(sut.http, { name: 'Free' });

      const byId = await terms.resolveFilter(CATEGORY, [String(music.id)]);
      const bySlug = await terms.resolveFilter(CATEGORY, ['jazz', 'art']);
      const tags = await terms.resolveFilter(TAG, ['free', String(tag.id)]);

      expect(bebop.id).toBeGreaterThan(jazz.id);
      expect(byId).toEqual([music.id]);
      expect(bySlug?.sort((a, b) => a - b)).toEqual([jazz.id, art.id]);
      expect(tags).toEqual([tag.id]);
      expect(await terms.resolveFilter(CATEGORY, [String(tag.id)])).toBeNull();
      expect(await terms.resolveFilter(CATEGORY, ['art', 'nothing'])).toBeNull();
    });

    it('finds the terms of many events, ordered by the name seen in the language, shaped for embedding', async () => {
      const music = await createCategory(sut.http, { name: 'Music' });
      const jazz = await createCategory(sut.http, { name: 'Jazz', parent: music.id });
      const free = await createTag(sut.http, { name: 'Free' });
      await sut.admin
        .post(`/calendar/events/v1/tags/${free.id}?i18n_language=es`)
        .send({ name: 'Gratis' })
        .expect(200);
      const first = await createEventWithTerms(sut.http, {
        categories: [music.id, jazz.id],
        tags: [free.id],
      });
      const second = await createEventWithTerms(sut.http, { tags: [free.id] });
      const bare = await createEvent(sut.http);

      // The events side reads the links it owns; the terms service shapes them.
      const links = await sut.app
        .get(EventsRepository)
        .findTermLinks([first.id, second.id, bare.id]);
      const found = await terms.findForEvents(links, 'es');

      const firstViews = found.get(first.id) ?? [];
      expect(firstViews.map((view) => view.term.id)).toEqual([free.id, jazz.id, music.id]);
      expect((found.get(second.id) ?? []).map((view) => view.term.id)).toEqual([free.id]);
      expect(found.has(bare.id)).toBe(false);
      const apiLinks = { namespace: NS, site: SITE, globalIdBase: 'calendar.test/site' };
      const embedded = firstViews.map((view) =>
        toEmbeddedTerm(view, { language: 'es', links: apiLinks }),
      );
      expect(Object.keys(embedded[1] ?? {})).toEqual([
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
      expect(embedded[1]).toEqual({
        name: 'Jazz',
        slug: 'jazz',
        term_group: 0,
        term_taxonomy_id: jazz.id,
        taxonomy: 'tribe_events_cat',
        description: '',
        parent: music.id,
        count: 1,
        filter: 'raw',
        id: jazz.id,
        urls: {
          self: `${NS}/categories/${jazz.id}`,
          collection: `${NS}/categories`,
          up: `${NS}/categories/${music.id}`,
        },
        i18n_language: 'en',
        i18n_translations: ['en'],
      });
      expect(embedded[0]).toMatchObject({
        name: 'Gratis',
        taxonomy: 'post_tag',
        parent: 0,
        count: 2,
        i18n_language: 'es',
        i18n_translations: ['en', 'es'],
      });
    });
  });
});
