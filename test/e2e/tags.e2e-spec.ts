import request from 'supertest';
import { createEvent } from '../factories/event.factory';
import {
  CATEGORIES,
  createCategory,
  createEventWithTerms,
  createTag,
  CreatedTerm,
  TAGS,
} from '../factories/term.factory';
import { TestApp, useTestApp } from '../setup/test-app';

const NS = 'https://api.calendar.test/calendar/events/v1';
const SITE = 'https://calendar.test:8443/site';

const TAG_KEYS = [
  'id',
  'count',
  'description',
  'name',
  'slug',
  'taxonomy',
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

const NOT_HIERARCHICAL = {
  code: 'rest_taxonomy_not_hierarchical',
  message: 'Cannot set parent term, taxonomy is not hierarchical.',
  data: { status: 400 },
};

interface TagListBody {
  rest_url: string;
  total: number;
  total_pages: number;
  tags: CreatedTerm[];
  next_rest_url?: string;
  previous_rest_url?: string;
}

describe('tags', () => {
  const app = useTestApp();
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });

  const list = async (query = ''): Promise<TagListBody> =>
    (await request(sut.http).get(`${TAGS}${query}`).expect(200)).body as TagListBody;

  const names = (body: TagListBody): string[] => body.tags.map((term) => term.name);

  /** Lists every tag, unused ones included. */
  const all = async (query = ''): Promise<TagListBody> =>
    list(`?hide_empty=false&per_page=50${query}`);

  describe('POST /tags', () => {
    it('creates a tag and answers 201 with the representation in TEC key order, without parent', async () => {
      const response = await sut.admin
        .post(TAGS)
        .send({ name: 'Open Air', description: 'Outdoors' })
        .expect(201);

      expect(Object.keys(response.body as object)).toEqual(TAG_KEYS);
      const id = (response.body as CreatedTerm).id;
      expect(response.body).toEqual({
        id,
        count: 0,
        description: 'Outdoors',
        name: 'Open Air',
        slug: 'open-air',
        taxonomy: 'post_tag',
        meta: [],
        url: `${SITE}/tag/open-air/`,
        urls: { self: `${NS}/tags/${id}`, collection: `${NS}/tags` },
        _links: {
          self: [{ href: `${NS}/tags/${id}` }],
          collection: [{ href: `${NS}/tags` }],
          'wp:post_type': [{ href: `${NS}/events?tags=${id}` }],
          curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
        },
        i18n_language: 'en',
        i18n_translations: ['en'],
      });
    });

    it('shares one id space with categories', async () => {
      const category = await createCategory(sut.http);
      const tag = await createTag(sut.http);

      expect(tag.id).toBeGreaterThan(category.id);
    });

    it('makes the slug unique among tags with -2, -3', async () => {
      const first = await createTag(sut.http, { name: 'Free' });
      const second = await createTag(sut.http, { name: 'No cost', slug: 'free' });
      const third = await createTag(sut.http, { name: 'Gratis', slug: 'FREE' });
      const symbols = await createTag(sut.http, { name: '★★★' });

      expect([first.slug, second.slug, third.slug]).toEqual(['free', 'free-2', 'free-3']);
      expect(symbols.slug).toBe('tag');
    });

    it.each([[0], [5], ['']])(
      'answers 400 rest_taxonomy_not_hierarchical when given parent %p',
      async (parent) => {
        const response = await sut.admin.post(TAGS).send({ name: 'Free', parent }).expect(400);

        expect(response.body).toEqual(NOT_HIERARCHICAL);
        expect((await all()).total).toBe(0);
      },
    );

    it('answers 400 rest_missing_callback_param when the name is missing', async () => {
      const response = await sut.admin.post(TAGS).send({}).expect(400);

      expect(response.body).toEqual({
        code: 'rest_missing_callback_param',
        message: 'Missing parameter(s): name',
        data: { status: 400, params: ['name'] },
      });
    });

    it('answers 400 term_exists in this taxonomy with data.term_id, whatever the case', async () => {
      const free = await createTag(sut.http, { name: 'Free Entry' });

      const response = await sut.admin
        .post(TAGS)
        .send({ name: 'free   ENTRY', slug: 'other' })
        .expect(400);

      expect(response.body).toEqual({
        code: 'term_exists',
        message: 'A term with the name provided already exists in this taxonomy.',
        data: { status: 400, term_id: free.id },
      });
    });

    it('accepts a tag named like a category', async () => {
      await createCategory(sut.http, { name: 'Jazz' });

      const tag = await createTag(sut.http, { name: 'Jazz' });

      expect(tag).toMatchObject({ name: 'Jazz', slug: 'jazz', taxonomy: 'post_tag' });
    });

    it('answers term_exists in Spanish in the words of the request language', async () => {
      await createTag(sut.http, { name: 'Gratis' });

      const response = await sut.admin
        .post(`${TAGS}?i18n_language=es`)
        .send({ name: 'gratis' })
        .expect(400);

      expect(response.body.message).toBe(
        'Ya existe un término con el nombre proporcionado en esta taxonomía.',
      );
    });
  });

  describe('GET, POST and DELETE /tags/:id', () => {
    it('reads, updates and deletes a tag', async () => {
      const tag = await createTag(sut.http, { name: 'Free', description: 'No cost' });

      const read = await request(sut.http).get(`${TAGS}/${tag.id}`).expect(200);
      const updated = await sut.admin
        .post(`${TAGS}/${tag.id}`)
        .send({ name: 'Free entry', slug: 'free-entry' })
        .expect(200);
      const removed = await sut.admin.delete(`${TAGS}/${tag.id}`).expect(200);

      expect(read.body).toEqual(tag);
      expect(updated.body).toMatchObject({
        name: 'Free entry',
        slug: 'free-entry',
        description: 'No cost',
        url: `${SITE}/tag/free-entry/`,
      });
      expect(Object.keys(removed.body as object)).toEqual(TAG_KEYS);
      expect(removed.body).toEqual(updated.body);
      await request(sut.http).get(`${TAGS}/${tag.id}`).expect(400);
    });

    it('answers 400 rest_invalid_param on id for a category id or a missing id', async () => {
      const category = await createCategory(sut.http);

      for (const id of [category.id, category.id + 1000]) {
        const read = await request(sut.http).get(`${TAGS}/${id}`).expect(400);
        const update = await sut.admin.post(`${TAGS}/${id}`).send({}).expect(400);
        const removal = await sut.admin.delete(`${TAGS}/${id}`).expect(400);
        expect([read.body, update.body, removal.body]).toEqual([
          INVALID_ID,
          INVALID_ID,
          INVALID_ID,
        ]);
      }
      await request(sut.http).get(`${CATEGORIES}/${category.id}`).expect(200);
    });

    it('answers 400 rest_taxonomy_not_hierarchical when an update gives a parent', async () => {
      const tag = await createTag(sut.http, { name: 'Free' });

      const response = await sut.admin
        .post(`${TAGS}/${tag.id}`)
        .send({ name: 'Gratis', parent: 0 })
        .expect(400);

      expect(response.body).toEqual(NOT_HIERARCHICAL);
      expect((await request(sut.http).get(`${TAGS}/${tag.id}`)).body.name).toBe('Free');
    });

    it('answers term_exists when renaming into another tag name', async () => {
      const free = await createTag(sut.http, { name: 'Free' });
      const paid = await createTag(sut.http, { name: 'Paid' });

      const response = await sut.admin
        .post(`${TAGS}/${paid.id}`)
        .send({ name: 'FREE' })
        .expect(400);

      expect(response.body).toMatchObject({ code: 'term_exists', data: { term_id: free.id } });
    });

    it('takes a deleted tag off its events', async () => {
      const free = await createTag(sut.http, { name: 'Free' });
      const kids = await createTag(sut.http, { name: 'Kids' });
      const event = await createEventWithTerms(sut.http, { tags: [free.id, kids.id] });

      const removed = await sut.admin.delete(`${TAGS}/${free.id}`).expect(200);

      const shown = await request(sut.http).get(`/calendar/events/v1/events/${event.id}`);
      expect(removed.body.count).toBe(1);
      expect((shown.body.tags as CreatedTerm[]).map((term) => term.id)).toEqual([kids.id]);
      expect(names(await list(`?event=${event.id}`))).toEqual(['Kids']);
    });
  });

  describe('languages', () => {
    it('shows a translation where there is one and the original elsewhere', async () => {
      const tag = await createTag(sut.http, { name: 'Free', description: 'No cost' });
      await sut.admin
        .post(`${TAGS}/${tag.id}?i18n_language=es`)
        .send({ name: 'Gratis' })
        .expect(200);

      const spanish = await request(sut.http).get(`${TAGS}/${tag.id}?i18n_language=es`);
      const catalan = await request(sut.http).get(`${TAGS}/${tag.id}`).set('Accept-Language', 'ca');

      expect(spanish.body).toMatchObject({
        name: 'Gratis',
        description: 'No cost',
        i18n_language: 'es',
        i18n_translations: ['en', 'es'],
      });
      expect(catalan.body).toMatchObject({ name: 'Free', i18n_language: 'en' });
      expect(catalan.headers['content-language']).toBe('ca');
    });
  });

  describe('GET /tags', () => {
    it('counts published events and hides unused tags unless hide_empty is false', async () => {
      const free = await createTag(sut.http, { name: 'Free' });
      const draft = await createTag(sut.http, { name: 'Draft only' });
      await createTag(sut.http, { name: 'Unused' });
      await createEventWithTerms(sut.http, { tags: [free.id] });
      await createEventWithTerms(sut.http, { tags: [free.id] }, { hide_from_listings: true });
      await createEventWithTerms(sut.http, { tags: [free.id, draft.id] }, { status: 'draft' });

      const shown = await list();
      const everything = await all();

      expect(shown.tags.map((tag) => [tag.name, tag['count']])).toEqual([['Free', 2]]);
      expect(everything.tags.map((tag) => [tag.name, tag['count']])).toEqual([
        ['Draft only', 0],
        ['Free', 2],
        ['Unused', 0],
      ]);
    });

    it('lists the tags of one event, and answers 400 for a post or event that is not an event', async () => {
      const free = await createTag(sut.http, { name: 'Free' });
      await createTag(sut.http, { name: 'Kids' });
      const event = await createEventWithTerms(sut.http, { tags: [free.id] });
      const other = await createEvent(sut.http);

      expect(names(await list(`?post=${event.id}`))).toEqual(['Free']);
      expect(names(await list(`?event=${other.id}&hide_empty=false`))).toEqual([]);
      const response = await request(sut.http)
        .get(`${TAGS}?post=${other.id + 1000}&event=foo`)
        .expect(400);
      expect(Object.keys(response.body.data.params as object)).toEqual(['event']);
    });

    it('searches, orders by name ignoring case, filters by slug and include/exclude', async () => {
      const kids = await createTag(sut.http, { name: 'kids' });
      const adults = await createTag(sut.http, { name: 'Adults' });
      const family = await createTag(sut.http, { name: 'Family', slug: 'all-ages' });
      const category = await createCategory(sut.http);

      expect(names(await all())).toEqual(['Adults', 'Family', 'kids']);
      expect(names(await all('&order=desc'))).toEqual(['kids', 'Family', 'Adults']);
      expect(names(await all('&search=A'))).toEqual(['Adults', 'Family']);
      expect(names(await all('&search=ages'))).toEqual(['Family']);
      expect(names(await all('&slug=all-ages'))).toEqual(['Family']);
      expect(names(await all(`&include=${kids.id},${adults.id}`))).toEqual(['Adults', 'kids']);
      expect(names(await all(`&exclude=${family.id}`))).toEqual(['Adults', 'kids']);
      expect(names(await all(`&parent=${category.id}`))).toEqual(['Adults', 'Family', 'kids']);
      const refused = await request(sut.http).get(`${TAGS}?include=${category.id}`).expect(400);
      expect(refused.body.data.params).toEqual({ include: 'Invalid parameter.' });
    });

    it('pages with links that keep the filters and answers 200 past the end', async () => {
      for (const name of ['T1', 'T2', 'T3']) await createTag(sut.http, { name });

      const first = await request(sut.http).get(`${TAGS}?per_page=2&hide_empty=0`).expect(200);
      const past = await list('?per_page=2&hide_empty=0&page=5');

      expect(Object.keys(first.body as object)).toEqual([
        'rest_url',
        'total',
        'total_pages',
        'tags',
        'next_rest_url',
        'next_sync_token',
      ]);
      expect(first.body).toMatchObject({
        rest_url: `${NS}/tags/?per_page=2&hide_empty=false`,
        total: 3,
        total_pages: 2,
        next_rest_url: `${NS}/tags/?per_page=2&hide_empty=false&page=2`,
      });
      expect(first.headers['x-tec-total']).toBe('3');
      expect(first.headers['x-tec-totalpages']).toBe('2');
      expect(past).toEqual({
        rest_url: `${NS}/tags/?page=5&per_page=2&hide_empty=false`,
        total: 3,
        total_pages: 2,
        tags: [],
        previous_rest_url: `${NS}/tags/?per_page=2&hide_empty=false&page=4`,
        next_sync_token: expect.any(String),
      });
    });
  });
});
