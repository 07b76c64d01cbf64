import request from 'supertest';
import { createEvent, eventBody, utcAt } from '../factories/event.factory';
import { TestApp, useTestApp } from '../setup/test-app';

const EVENTS = '/calendar/events/v1/events';

const EVENT_KEYS = [
  'id',
  'global_id',
  'global_id_lineage',
  'author',
  'status',
  'date',
  'date_utc',
  'modified',
  'modified_utc',
  'url',
  'rest_url',
  'title',
  'description',
  'excerpt',
  'slug',
  'image',
  'all_day',
  'start_date',
  'start_date_details',
  'end_date',
  'end_date_details',
  'utc_start_date',
  'utc_start_date_details',
  'utc_end_date',
  'utc_end_date_details',
  'timezone',
  'timezone_abbr',
  'cost',
  'cost_details',
  'website',
  'show_map',
  'show_map_link',
  'hide_from_listings',
  'sticky',
  'featured',
  'post_parent',
  'categories',
  'tags',
  'venue',
  'organizer',
  'custom_fields',
  'is_recurring',
  'series_id',
  'recurrence',
];

describe('events: create, read, update, delete', () => {
  const app = useTestApp();
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });

  /** Events stored in the database, whatever their status. */
  const storedEvents = async (): Promise<number> => {
    const rows: { n: number | string }[] = await sut.dataSource.query(
      'SELECT COUNT(*) AS n FROM events',
    );
    return Number(rows[0]?.n);
  };

  /** Whether the list shows the event with `id` (its date window aside). */
  const listed = async (id: number): Promise<boolean> =>
    Number((await request(sut.http).get(`${EVENTS}?include=${id}`).expect(200)).body.total) === 1;

  describe('POST /events', () => {
    it('creates an event and answers 201 with the representation in TEC key order', async () => {
      const response = await sut.admin
        .post(EVENTS)
        .send(eventBody({ title: 'Jazz on the roof', description: 'Quartet', cost: '$23' }))
        .expect(201);

      expect(Object.keys(response.body as object)).toEqual([
        ...EVENT_KEYS,
        'i18n_language',
        'i18n_translations',
      ]);
      expect(response.body).toMatchObject({
        author: '1',
        status: 'publish',
        title: 'Jazz on the roof',
        description: '<p>Quartet</p>',
        excerpt: '',
        slug: 'jazz-on-the-roof',
        image: false,
        all_day: false,
        cost: '$23',
        cost_details: {
          currency_symbol: '$',
          currency_code: '',
          currency_position: 'prefix',
          values: ['23'],
        },
        show_map: true,
        show_map_link: true,
        hide_from_listings: false,
        sticky: false,
        featured: false,
        categories: [],
        tags: [],
        venue: [],
        organizer: [],
        custom_fields: [],
        i18n_language: 'en',
        i18n_translations: ['en'],
      });
      const body = response.body as {
        id: number;
        rest_url: string;
        url: string;
        website: string;
        global_id: string;
      };
      expect(body.rest_url).toBe(`https://api.calendar.test/calendar/events/v1/events/${body.id}`);
      expect(body.url).toBe('https://calendar.test:8443/site/event/jazz-on-the-roof/');
      expect(body.website).toBe(body.url);
      expect(body.global_id).toBe(`calendar.test/site?id=${body.id}`);
      expect(response.body).not.toHaveProperty('json_ld');
    });

    it('reports missing required parameters in declaration order and creates nothing', async () => {
      const response = await sut.admin.post(EVENTS).send({ description: 'x' }).expect(400);

      expect(response.body).toEqual({
        code: 'rest_missing_callback_param',
        message: 'Missing parameter(s): title, start_date, end_date',
        data: { status: 400, params: ['title', 'start_date', 'end_date'] },
      });
      expect(await storedEvents()).toBe(0);
    });

    it('reports missing dates only when the title is there', async () => {
      const response = await sut.admin.post(EVENTS).send({ title: 'x' }).expect(400);

      expect(response.body.message).toBe('Missing parameter(s): start_date, end_date');
    });

    it('rejects an empty title, a bad date and a bad website together', async () => {
      const response = await sut.admin
        .post(EVENTS)
        .send(eventBody({ title: '', start_date: 'someday', website: 'foo' }))
        .expect(400);

      expect(response.body.code).toBe('rest_invalid_param');
      expect(response.body.data.params).toEqual({
        title: 'Invalid parameter.',
        start_date: 'Invalid parameter.',
        website: 'Invalid parameter.',
      });
    });

    it('rejects an end before the start on end_date (TEC silently moved it) and creates nothing', async () => {
      const response = await sut.admin
        .post(EVENTS)
        .send(eventBody({ start_date: '2031-01-01 10:00:00', end_date: '2031-01-01 09:00:00' }))
        .expect(400);

      expect(response.body.data.params).toEqual({
        end_date: 'The end date must not be before the start date.',
      });
      expect(await storedEvents()).toBe(0);
    });

    it("reads dates in the event's zone: TEC's Hong Kong example", async () => {
      const event = await createEvent(sut.http, {
        start_date: '2018-01-01 4pm',
        end_date: '2018-01-01 5pm',
        timezone: 'Asia/Hong_Kong',
      });

      expect(event).toMatchObject({
        start_date: '2018-01-01 16:00:00',
        end_date: '2018-01-01 17:00:00',
        utc_start_date: '2018-01-01 08:00:00',
        utc_end_date: '2018-01-01 09:00:00',
        timezone: 'Asia/Hong_Kong',
        timezone_abbr: 'HKT',
        start_date_details: {
          year: '2018',
          month: '01',
          day: '01',
          hour: '16',
          minutes: '00',
          seconds: '00',
        },
      });
    });

    it('converts an input with its own offset into the event zone', async () => {
      const event = await createEvent(sut.http, {
        start_date: '2030-06-01T19:00:00Z',
        end_date: '2030-06-01T21:00:00+02:00',
        timezone: 'Europe/Madrid',
      });

      expect(event).toMatchObject({
        start_date: '2030-06-01 21:00:00',
        end_date: '2030-06-01 21:00:00',
        utc_start_date: '2030-06-01 19:00:00',
        timezone_abbr: 'CEST',
      });
    });

    it('follows daylight saving time in the event zone', async () => {
      const summer = await createEvent(sut.http, {
        start_date: '2030-07-04 18:00:00',
        end_date: '2030-07-04 20:00:00',
        timezone: 'America/New_York',
      });
      const winter = await createEvent(sut.http, {
        start_date: '2030-01-04 18:00:00',
        end_date: '2030-01-04 20:00:00',
        timezone: 'America/New_York',
      });

      expect(summer).toMatchObject({ utc_start_date: '2030-07-04 22:00:00', timezone_abbr: 'EDT' });
      expect(winter).toMatchObject({ utc_start_date: '2030-01-04 23:00:00', timezone_abbr: 'EST' });
    });

    it('accepts relative dates, Unix timestamps and UTC offsets as zones', async () => {
      const relative = await createEvent(sut.http, {
        start_date: 'tomorrow 9am',
        end_date: 'tomorrow 11am',
        timezone: 'UTC+2',
      });
      const stamp = await createEvent(sut.http, {
        start_date: 1924992000,
        end_date: '1925000000',
        timezone: 'UTC',
      });

      expect(relative['start_date']).toMatch(/ 09:00:00$/);
      expect(relative['utc_start_date']).toMatch(/ 07:00:00$/);
      expect(relative['timezone']).toBe('UTC+2');
      expect(relative['timezone_abbr']).toBe('UTC+2');
      expect(stamp['utc_start_date']).toBe('2031-01-01 00:00:00');
    });

    it('normalises an all-day event to whole days', async () => {
      const event = await createEvent(sut.http, {
        all_day: 'true',
        start_date: '2031-02-01 11:00',
        end_date: '2031-02-03 09:00',
        timezone: 'Europe/Madrid',
      });

      expect(event).toMatchObject({
        all_day: true,
        start_date: '2031-02-01 00:00:00',
        end_date: '2031-02-03 23:59:59',
        utc_start_date: '2031-01-31 23:00:00',
      });
    });

    it('parses cost lists and keeps cost text', async () => {
      const range = await createEvent(sut.http, { cost: ['0$', '20$', '30$'] });
      const text = await createEvent(sut.http, { cost: 'Donation' });

      expect(range['cost']).toBe('Free – 30$');
      expect(range['cost_details']).toEqual({
        currency_symbol: '$',
        currency_code: '',
        currency_position: 'postfix',
        values: ['0', '20', '30'],
      });
      expect(text['cost']).toBe('Donation');
    });

    it('makes slugs unique and readable', async () => {
      const first = await createEvent(sut.http, { title: 'Festa Major de Gràcia' });
      const second = await createEvent(sut.http, { title: 'Festa Major de Gràcia' });
      const chosen = await createEvent(sut.http, { title: 'Other', slug: 'festa-major-de-gracia' });

      expect(first.slug).toBe('festa-major-de-gracia');
      expect(second.slug).toBe('festa-major-de-gracia-2');
      expect(chosen.slug).toBe('festa-major-de-gracia-3');
    });

    it('transliterates titles in other scripts into readable slugs', async () => {
      const titles = ['Джазовый вечер', 'Φεστιβάλ Αθηνών', '東京ジャズ', '서울 재즈 페스티벌'];
      const slugs = [];
      for (const title of titles) slugs.push((await createEvent(sut.http, { title })).slug);
      expect(slugs).toEqual([
        'dzhazovyy-vecher',
        'festival-athinon',
        'dong-jing-jiyazu',
        'seo-ul-jae-jeu-pe-seu-ti-beol',
      ]);
    });

    it('keeps safe HTML only and plain text titles', async () => {
      const event = await createEvent(sut.http, {
        title: '<script>alert(1)</script><b>Safe</b> title',
        description:
          '<p onclick="steal()">Hi <a href="javascript:alert(1)">there</a></p><script>alert(2)</script>',
        excerpt: 'One line\nnext line',
      });

      expect(event['title']).toBe('Safe title');
      expect(event['description']).not.toMatch(/script|onclick|javascript/);
      expect(event['description']).toContain('Hi ');
      expect(event['excerpt']).toBe('<p>One line<br />\nnext line</p>');
    });

    it('shows an image URL or id as far as it is known, and rejects anything else', async () => {
      const byUrl = await createEvent(sut.http, { image: 'https://cdn.example.com/a/poster.PNG' });
      const byId = await createEvent(sut.http, { image: '42' });
      const bad = await sut.admin
        .post(EVENTS)
        .send(eventBody({ image: 'ftp://x/y.png' }))
        .expect(400);

      expect(byUrl['image']).toEqual({
        url: 'https://cdn.example.com/a/poster.PNG',
        extension: 'png',
      });
      expect(byId['image']).toEqual({ id: 42 });
      expect(bad.body.data.params).toHaveProperty('image');
    });

    it('ignores read-only and unknown fields', async () => {
      const event = await createEvent(sut.http, {
        utc_start_date: '1999-01-01 00:00:00',
        rest_url: 'http://evil.example',
        id: 5000,
      });

      expect(event.id).not.toBe(5000);
      expect(event['utc_start_date']).not.toBe('1999-01-01 00:00:00');
    });

    it('accepts form-encoded bodies with bracket arrays', async () => {
      const response = await sut.admin
        .post(EVENTS)
        .type('form')
        .send(
          'title=Form+event&start_date=2031-01-01+10:00&end_date=2031-01-01+12:00&cost[]=5$&cost[]=10$&featured=1',
        )
        .expect(201);

      expect(response.body).toMatchObject({
        title: 'Form event',
        cost: '5$ – 10$',
        featured: true,
      });
    });

    it('answers malformed JSON with rest_invalid_json', async () => {
      const response = await sut.admin
        .post(EVENTS)
        .set('Content-Type', 'application/json')
        .send('{"title": ')
        .expect(400);

      expect(response.body).toMatchObject({
        code: 'rest_invalid_json',
        message: 'Invalid JSON body passed.',
        data: { status: 400, json_error_code: 4 },
      });
    });

    it('answers a body over 1 MB with 413 in the error shape', async () => {
      const response = await sut.admin
        .post(EVENTS)
        .send(eventBody({ description: 'x'.repeat(1_100_000) }))
        .expect(413);

      expect(response.body).toMatchObject({
        code: 'rest_payload_too_large',
        data: { status: 413 },
      });
    });

    it('publishes an event dated in the future as scheduled', async () => {
      const event = await createEvent(sut.http, { date: utcAt(3, 10) });

      expect(event['status']).toBe('future');
    });
  });

  describe('GET /events/:id and /events/by-slug/:slug', () => {
    it('reads an event with json_ld', async () => {
      const created = await createEvent(sut.http, {
        title: 'Poetry',
        cost: '10€',
        timezone: 'Europe/Madrid',
      });

      const response = await request(sut.http).get(`${EVENTS}/${created.id}`).expect(200);
      const bySlug = await request(sut.http).get(`${EVENTS}/by-slug/${created.slug}`).expect(200);

      expect(Object.keys(response.body as object)).toEqual([
        ...EVENT_KEYS,
        'json_ld',
        'i18n_language',
        'i18n_translations',
      ]);
      expect(response.body.json_ld).toMatchObject({
        '@context': 'http://schema.org',
        '@type': 'Event',
        name: 'Poetry',
        startDate: expect.stringMatching(/T19:00:00\+01:00$/),
        offers: { '@type': 'Offer', price: '10', priceCurrency: 'EUR' },
      });
      expect(bySlug.body).toEqual(response.body);
    });

    it('answers 404 rest-event-not-found for an unknown id', async () => {
      const response = await request(sut.http).get(`${EVENTS}/999999`).expect(404);

      expect(response.body).toEqual({
        code: 'rest-event-not-found',
        message: 'Event with ID 999999 does not exist.',
        data: { status: 404 },
      });
    });

    it('answers 400 rest-invalid-event-id for an id that names a venue', async () => {
      await sut.changeBehind("INSERT INTO posts (id, kind) VALUES (777, 'venue')");

      const response = await request(sut.http).get(`${EVENTS}/777`).expect(400);

      expect(response.body).toEqual({
        code: 'rest-invalid-event-id',
        message: 'The specified ID is not a valid event.',
        data: { status: 400 },
      });
    });

    it('answers 400 on slug for an unknown slug', async () => {
      const response = await request(sut.http).get(`${EVENTS}/by-slug/nothing-here`).expect(400);

      expect(response.body).toEqual({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): slug',
        data: { status: 400, params: { slug: 'Invalid parameter.' }, details: [] },
      });
    });

    it.each([`${EVENTS}/foo`, `${EVENTS}/by-slug/`, '/calendar/events/v1/nothing', '/elsewhere'])(
      'answers 404 rest_no_route for %s',
      async (path) => {
        const response = await request(sut.http).get(path).expect(404);

        expect(response.body).toEqual({
          code: 'rest_no_route',
          message: 'No route was found matching the URL and request method.',
          data: { status: 404 },
        });
      },
    );

    it('answers 404 rest_no_route for a method the route does not have', async () => {
      await sut.admin.put(EVENTS).send({}).expect(404);
    });

    it('hides drafts from anonymous readers with 403 event-not-accessible', async () => {
      const draft = await createEvent(sut.http, { status: 'draft' });

      const response = await request(sut.http).get(`${EVENTS}/${draft.id}`).expect(403);

      expect(response.body).toEqual({
        code: 'event-not-accessible',
        message: 'The requested event is not accessible',
        data: { status: 403 },
      });
    });
  });

  describe('updates', () => {
    it('changes only the fields sent (TEC reset flags, zone and organizers)', async () => {
      const created = await createEvent(sut.http, {
        title: 'Before',
        featured: true,
        sticky: true,
        show_map: false,
        timezone: 'Asia/Tokyo',
        start_date: '2031-04-01 10:00:00',
        end_date: '2031-04-01 12:00:00',
        cost: '5€',
      });

      const response = await sut.admin
        .post(`${EVENTS}/${created.id}`)
        .send({ title: 'After' })
        .expect(200);

      expect(response.body).toMatchObject({
        title: 'After',
        featured: true,
        sticky: true,
        show_map: false,
        timezone: 'Asia/Tokyo',
        start_date: '2031-04-01 10:00:00',
        cost: '5€',
        slug: created.slug,
      });
      expect(response.body).not.toHaveProperty('json_ld');
    });

    it('accepts PUT and PATCH as the same update, by id and by slug', async () => {
      const created = await createEvent(sut.http, { title: 'Verbs' });

      await sut.admin.put(`${EVENTS}/${created.id}`).send({ featured: true }).expect(200);
      await sut.admin
        .patch(`${EVENTS}/by-slug/${created.slug}`)
        .send({ sticky: 'true' })
        .expect(200);
      const bySlug = await sut.admin
        .post(`${EVENTS}/by-slug/${created.slug}`)
        .send({ excerpt: 'Short' })
        .expect(200);

      expect(bySlug.body).toMatchObject({ featured: true, sticky: true, excerpt: '<p>Short</p>' });
    });

    it('keeps wall-clock times when only the zone changes', async () => {
      const created = await createEvent(sut.http, {
        start_date: '2031-04-01 10:00:00',
        end_date: '2031-04-01 12:00:00',
        timezone: 'UTC',
      });

      const response = await sut.admin
        .patch(`${EVENTS}/${created.id}`)
        .send({ timezone: 'Europe/Madrid' })
        .expect(200);

      expect(response.body).toMatchObject({
        start_date: '2031-04-01 10:00:00',
        utc_start_date: '2031-04-01 08:00:00',
        timezone_abbr: 'CEST',
      });
    });

    it('checks a lone new end against the stored start and changes nothing when it is earlier', async () => {
      const created = await createEvent(sut.http, {
        start_date: '2031-04-01 10:00:00',
        end_date: '2031-04-01 12:00:00',
      });

      await sut.admin
        .post(`${EVENTS}/${created.id}`)
        .send({ end_date: '2031-04-01 09:00:00', title: 'X' })
        .expect(400);
      const moved = await sut.admin
        .post(`${EVENTS}/${created.id}`)
        .send({ end_date: '2031-04-01 15:00:00' })
        .expect(200);
      const unchanged = await request(sut.http).get(`${EVENTS}/${created.id}`).expect(200);

      expect(moved.body).toMatchObject({
        start_date: '2031-04-01 10:00:00',
        end_date: '2031-04-01 15:00:00',
      });
      expect(unchanged.body.title).toBe('Concert in the park');
    });

    it('clears description, excerpt, cost and website with empty values', async () => {
      const created = await createEvent(sut.http, {
        description: 'Text',
        excerpt: 'Short',
        cost: '5$',
        website: 'https://example.com',
      });

      const response = await sut.admin
        .post(`${EVENTS}/${created.id}`)
        .send({ description: '', excerpt: '', cost: '', website: '' })
        .expect(200);

      expect(response.body).toMatchObject({ description: '', excerpt: '', cost: '' });
      expect(response.body.website).toBe(response.body.url);
    });

    it('answers 404 for an update of an unknown id', async () => {
      await sut.admin.post(`${EVENTS}/424242`).send({ title: 'x' }).expect(404);
    });
  });

  describe('DELETE', () => {
    it('moves the event to the trash, then answers 410, and trashed events vanish from reads', async () => {
      const created = await createEvent(sut.http);
      expect(await listed(created.id)).toBe(true);

      const first = await sut.admin.delete(`${EVENTS}/${created.id}`).expect(200);
      const second = await sut.admin.delete(`${EVENTS}/${created.id}`).expect(410);
      const read = await request(sut.http).get(`${EVENTS}/${created.id}`).expect(403);

      expect(first.body).toMatchObject({ id: created.id, status: 'trash' });
      expect(first.body).not.toHaveProperty('json_ld');
      expect(second.body).toEqual({
        code: 'event-is-in-trash',
        message: 'The event is already trashed',
        data: { status: 410 },
      });
      expect(read.body.code).toBe('event-no-longer-available');
      expect(await listed(created.id)).toBe(false);
    });

    it('deletes by slug and answers 404 for an unknown id', async () => {
      const created = await createEvent(sut.http);

      await sut.admin.delete(`${EVENTS}/by-slug/${created.slug}`).expect(200);
      await sut.admin.delete(`${EVENTS}/by-slug/${created.slug}`).expect(410);
      await sut.admin.delete(`${EVENTS}/987654`).expect(404);
    });
  });
});

describe('event costs, read as a TEC site reads them', () => {
  const app = useTestApp({ DEFAULT_CURRENCY_SYMBOL: '€', DEFAULT_CURRENCY_POSITION: 'postfix' });
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });

  it('shows amounts as written, words as slugs, and the site currency where a cost names none', async () => {
    const cases: Array<[unknown, string, Record<string, unknown>]> = [
      [
        '10 - 20',
        '10€ – 20€',
        { currency_symbol: '', currency_position: '', values: ['10', '20'] },
      ],
      [
        '$12.50',
        '$12.50',
        { currency_symbol: '$', currency_position: 'prefix', values: ['12.50'] },
      ],
      ['1,000 kr', '1,000€', { currency_symbol: '', values: ['1000'] }],
      ['Pay what you can', 'Pay what you can', { values: ['pay-what-you-can'] }],
      // The word is listed but, not being an amount, is neither the lowest nor the highest.
      [['Free', '20$', '30$'], '20$ – 30$', { currency_symbol: '$', values: ['free', '20', '30'] }],
      [['0$', '20$'], 'Free – 20$', { currency_symbol: '$', values: ['0', '20'] }],
    ];
    for (const [cost, shown, details] of cases) {
      const created = await createEvent(sut.http, { cost });
      const single = await request(sut.http).get(`${EVENTS}/${created.id}`).expect(200);
      const list = await request(sut.http)
        .get(`${EVENTS}?include=${created.id}&start_date=2000-01-01`)
        .expect(200);
      for (const event of [created, single.body, list.body.events[0]]) {
        expect(event).toMatchObject({
          cost: shown,
          cost_details: { currency_code: '', ...details },
        });
      }
    }
  });

  it('offers the lowest amount in json_ld, 0 for a free cost', async () => {
    const offers = async (cost: unknown) => {
      const created = await createEvent(sut.http, { cost });
      const single = await request(sut.http).get(`${EVENTS}/${created.id}`).expect(200);
      return single.body.json_ld.offers as Record<string, unknown> | undefined;
    };
    expect(await offers(['0$', '20$'])).toMatchObject({ price: '0', priceCurrency: 'USD' });
    expect(await offers('Free')).toMatchObject({ price: '0' });
    expect(await offers('€12.50')).toMatchObject({ price: '12.50', priceCurrency: 'EUR' });
    expect(await offers('Pay what you can')).toBeUndefined();
  });
});
