import request from 'supertest';
import { createEvent, utcAt } from '../factories/event.factory';
import { createVenue, VENUES, venueBody } from '../factories/venue.factory';
import { TestApp, useTestApp } from '../setup/test-app';

const EVENTS = '/calendar/events/v1/events';
const SITE = 'https://calendar.test:8443/site';

/** Every key a fully populated venue shows, in TEC's order, as a create or list shows it. */
const FULL_VENUE_KEYS = [
  'id',
  'author',
  'status',
  'date',
  'date_utc',
  'modified',
  'modified_utc',
  'url',
  'venue',
  'description',
  'slug',
  'image',
  'address',
  'city',
  'country',
  'province',
  'state',
  'zip',
  'phone',
  'website',
  'stateprovince',
  'geo_lat',
  'geo_lng',
  'show_map',
  'show_map_link',
  'global_id',
  'global_id_lineage',
  'i18n_language',
  'i18n_translations',
];

const fullVenue = {
  venue: 'Ogden Theatre',
  author: 7,
  description: 'A historic venue.',
  image: 'https://img.example.test/ogden.JPG',
  address: '935 E Colfax Ave',
  city: 'Denver',
  country: 'United States',
  province: 'Denver County',
  state: 'CO',
  zip: '80218',
  phone: '303-832-1874',
  website: 'https://ogden.example.test',
  geo_lat: '39.7402',
  geo_lng: -104.9753,
};

describe('venues: create, read, update, delete', () => {
  const app = useTestApp();
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });

  const storedVenues = async (): Promise<number> => {
    const rows: { n: number | string }[] = await sut.dataSource.query(
      'SELECT COUNT(*) AS n FROM venues',
    );
    return Number(rows[0]?.n);
  };

  describe('POST /venues', () => {
    it('creates a venue and answers 201 with every field in TEC order and no json_ld', async () => {
      const response = await sut.admin.post(VENUES).send(fullVenue).expect(201);

      expect(Object.keys(response.body as object)).toEqual(FULL_VENUE_KEYS);
      const id = (response.body as { id: number }).id;
      expect(response.body).toMatchObject({
        author: '7',
        status: 'publish',
        url: `${SITE}/venue/ogden-theatre/`,
        venue: 'Ogden Theatre',
        description: '<p>A historic venue.</p>',
        slug: 'ogden-theatre',
        image: { url: 'https://img.example.test/ogden.JPG', extension: 'jpg' },
        stateprovince: 'CO',
        geo_lat: 39.7402,
        geo_lng: -104.9753,
        show_map: true,
        show_map_link: true,
        global_id: `calendar.test/site?id=${id}`,
        global_id_lineage: [`calendar.test/site?id=${id}`],
        i18n_language: 'en',
        i18n_translations: ['en'],
      });
      expect(response.headers['content-language']).toBe('en');
    });

    it('leaves out every empty field but keeps the author, show_map, show_map_link and the ids at the end', async () => {
      const response = await sut.admin
        .post(VENUES)
        .send({ venue: 'Bare Room', show_map: 'false', address: '', phone: null })
        .expect(201);

      expect(Object.keys(response.body as object)).toEqual([
        'id',
        'author',
        'status',
        'date',
        'date_utc',
        'modified',
        'modified_utc',
        'url',
        'venue',
        'slug',
        'show_map',
        'show_map_link',
        'global_id',
        'global_id_lineage',
        'i18n_language',
        'i18n_translations',
      ]);
      expect(response.body).toMatchObject({ show_map: false, show_map_link: true });
    });

    it('dates a venue from date_utc and shows date in the site zone', async () => {
      const venue = await createVenue(sut.http, { date_utc: '2024-05-01 10:00:00' });

      expect(venue).toMatchObject({ date: '2024-05-01 10:00:00', date_utc: '2024-05-01 10:00:00' });
    });

    it.each([
      [{ state: 'DC', country: 'United States' }, 'DC'],
      [{ state: 'TX', country: '' }, 'TX'],
      [{ state: 'TX', country: 'US', province: 'Ignored' }, 'TX'],
      [{ province: 'ON', country: 'Canada' }, 'ON'],
      [{ state: 'Bavaria', province: 'BY', country: 'Germany' }, 'BY'],
      [{ state: 'DC', stateprovince: 'District of Columbia' }, 'District of Columbia'],
    ])('derives stateprovince from %j as %j when not given', async (fields, expected) => {
      const venue = await createVenue(sut.http, {
        state: undefined,
        country: undefined,
        ...fields,
      });

      expect(venue.stateprovince).toBe(expected);
    });

    it('shows no stateprovince when a foreign venue has a state but no province', async () => {
      const venue = await createVenue(sut.http, { state: 'Bavaria', country: 'Germany' });

      expect(venue).not.toHaveProperty('stateprovince');
    });

    it('rejects coordinates out of range or not numbers, together, and creates nothing', async () => {
      const response = await sut.admin
        .post(VENUES)
        .send(venueBody({ geo_lat: 91, geo_lng: 'east' }))
        .expect(400);

      expect(response.body).toEqual({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): geo_lat, geo_lng',
        data: {
          status: 400,
          params: {
            geo_lat: 'geo_lat must be a number from -90 to 90.',
            geo_lng: 'geo_lng must be a number from -180 to 180.',
          },
          details: [],
        },
      });
      expect(await storedVenues()).toBe(0);
    });

    it('rejects a longitude of -180.5 and accepts the edges -90 and 180', async () => {
      await sut.admin
        .post(VENUES)
        .send(venueBody({ geo_lng: '-180.5' }))
        .expect(400);
      const venue = await createVenue(sut.http, { geo_lat: -90, geo_lng: 180 });

      expect(venue).toMatchObject({ geo_lat: -90, geo_lng: 180 });
    });

    it('accepts a form-encoded body with booleans and coordinates as text', async () => {
      const response = await sut.admin
        .post(VENUES)
        .type('form')
        .send('venue=Form+Hall&show_map_link=0&geo_lat=12.5&geo_lng=-3&city=')
        .expect(201);

      expect(response.body).toMatchObject({
        venue: 'Form Hall',
        show_map: true,
        show_map_link: false,
        geo_lat: 12.5,
        geo_lng: -3,
      });
      expect(response.body).not.toHaveProperty('city');
    });

    it('shows coordinates only when both are known', async () => {
      const venue = await createVenue(sut.http, { geo_lat: 39.74 });

      expect(venue).not.toHaveProperty('geo_lat');
      expect(venue).not.toHaveProperty('geo_lng');
    });

    it('answers 400 rest_missing_callback_param without a name and creates nothing', async () => {
      const response = await sut.admin.post(VENUES).send({ city: 'Denver' }).expect(400);

      expect(response.body).toEqual({
        code: 'rest_missing_callback_param',
        message: 'Missing parameter(s): venue',
        data: { status: 400, params: ['venue'] },
      });
      expect(await storedVenues()).toBe(0);
    });

    it.each(['', '<b></b>', 42])('rejects the name %j as an invalid parameter', async (name) => {
      const response = await sut.admin.post(VENUES).send({ venue: name }).expect(400);

      expect(response.body.data.params).toEqual({ venue: 'Invalid parameter.' });
    });

    it('rejects a bad website, status and show_map together', async () => {
      const response = await sut.admin
        .post(VENUES)
        .send(venueBody({ website: 'not a url', status: 'gone', show_map: 'maybe' }))
        .expect(400);

      expect(Object.keys(response.body.data.params as object).sort()).toEqual([
        'show_map',
        'status',
        'website',
      ]);
    });

    it('stores the name as plain text, keeps safe HTML in the description and ignores unknown fields', async () => {
      const venue = await createVenue(sut.http, {
        venue: '<em>Red</em> Rocks',
        description: 'Open air<script>alert(1)</script>\n\n<strong>Amphitheatre</strong>',
        timezone: 'Europe/Madrid',
      });

      expect(venue.venue).toBe('Red Rocks');
      expect(venue.description).toBe('<p>Open air</p>\n<p><strong>Amphitheatre</strong></p>');
      expect(venue).not.toHaveProperty('timezone');
    });

    it('makes slugs unique and falls back to venue-<id> when the name has no letters', async () => {
      const first = await createVenue(sut.http, { venue: 'Hall', description: 'one' });
      const second = await createVenue(sut.http, { venue: 'Hall', description: 'two' });
      const custom = await createVenue(sut.http, { venue: 'Other', slug: 'My Place!' });
      const symbols = await createVenue(sut.http, { venue: '★★★' });

      expect([first.slug, second.slug, custom.slug]).toEqual(['hall', 'hall-2', 'my-place']);
      expect(symbols.slug).toBe(`venue-${symbols.id}`);
    });
  });

  describe('duplicate avoidance on create', () => {
    it('reuses a venue with the same name in any case, answers 201 and applies the other fields', async () => {
      const first = await createVenue(sut.http, { venue: 'A venue', phone: '111' });

      const response = await sut.admin
        .post(VENUES)
        .send({ venue: '  a  VENUE ', phone: '222', city: 'Boulder' })
        .expect(201);

      expect(response.body).toMatchObject({
        id: first.id,
        venue: 'A venue',
        phone: '222',
        city: 'Boulder',
      });
      expect(await storedVenues()).toBe(1);
    });

    it('reuses a venue when the description is the same too', async () => {
      const first = await createVenue(sut.http, { description: 'Rock <b>club</b>' });
      const again = await createVenue(sut.http, { description: 'Rock <b>club</b>' });

      expect(again.id).toBe(first.id);
    });

    it('creates a new venue when the description differs', async () => {
      const first = await createVenue(sut.http, { description: 'Rock club' });
      const other = await createVenue(sut.http, { description: 'Jazz club' });

      expect(other.id).not.toBe(first.id);
      expect(other.slug).toBe('bluebird-theater-2');
      expect(await storedVenues()).toBe(2);
    });

    it('does not reuse a trashed venue', async () => {
      const first = await createVenue(sut.http);
      await sut.admin.delete(`${VENUES}/${first.id}`).expect(200);

      const again = await createVenue(sut.http);

      expect(again.id).not.toBe(first.id);
      expect(again.status).toBe('publish');
    });

    it('compares the name a reader of the request language sees', async () => {
      const hall = await createVenue(sut.http, { venue: 'Sala Gran' }, '?i18n_language=ca');
      await sut.admin
        .post(`${VENUES}/${hall.id}?i18n_language=en`)
        .send({ venue: 'Great Hall' })
        .expect(200);

      const catalan = await createVenue(sut.http, { venue: 'sala gran' }, '?i18n_language=ca');
      const spanish = await createVenue(sut.http, { venue: 'Sala Gran' }, '?i18n_language=es');
      const english = await createVenue(sut.http, { venue: 'Sala Gran' }, '?i18n_language=en');

      expect(catalan.id).toBe(hall.id);
      expect(spanish.id).toBe(hall.id);
      expect(english.id).not.toBe(hall.id);
    });
  });

  describe('GET /venues/:id and /venues/by-slug/:slug', () => {
    it('reads a venue by id with json_ld before show_map', async () => {
      const created = await createVenue(sut.http, fullVenue);

      const response = await request(sut.http).get(`${VENUES}/${created.id}`).expect(200);

      const keys = [...FULL_VENUE_KEYS];
      keys.splice(keys.indexOf('show_map'), 0, 'json_ld');
      expect(Object.keys(response.body as object)).toEqual(keys);
      // The image after the description, as TEC places it.
      expect(Object.keys(response.body.json_ld as object).slice(0, 5)).toEqual([
        '@type',
        'name',
        'description',
        'image',
        'url',
      ]);
      expect(response.body.json_ld).toEqual({
        '@type': 'Place',
        name: 'Ogden Theatre',
        description: 'A historic venue.',
        image: 'https://img.example.test/ogden.JPG',
        url: '',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '935 E Colfax Ave',
          addressLocality: 'Denver',
          addressRegion: 'CO',
          postalCode: '80218',
          addressCountry: 'United States',
        },
        telephone: '303-832-1874',
        sameAs: 'https://ogden.example.test',
        geo: { '@type': 'GeoCoordinates', latitude: 39.7402, longitude: -104.9753 },
      });
    });

    it('leaves empty members out of json_ld and keeps name, description and url', async () => {
      const created = await createVenue(sut.http, { venue: 'Just a name' });
      await sut.admin
        .post(`${VENUES}/${created.id}`)
        .send({ address: '', city: '', country: '', state: '', zip: '', phone: '', website: '' })
        .expect(200);

      const response = await request(sut.http).get(`${VENUES}/${created.id}`).expect(200);

      expect(response.body.json_ld).toEqual({
        '@type': 'Place',
        name: 'Just a name',
        description: '',
        url: '',
        address: { '@type': 'PostalAddress' },
      });
    });

    it('reads a venue by slug, the same as by id', async () => {
      const created = await createVenue(sut.http);

      const bySlug = await request(sut.http).get(`${VENUES}/by-slug/${created.slug}`).expect(200);
      const byId = await request(sut.http).get(`${VENUES}/${created.id}`).expect(200);

      expect(bySlug.body).toEqual(byId.body);
    });

    it('answers 400 on id for an id that is no venue, as TEC', async () => {
      const response = await request(sut.http).get(`${VENUES}/999999`).expect(400);

      expect(response.body).toEqual({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): id',
        data: { status: 400, params: { id: 'Invalid parameter.' }, details: [] },
      });
    });

    it('answers 400 on id for the id of an event', async () => {
      const event = await createEvent(sut.http);

      const response = await request(sut.http).get(`${VENUES}/${event.id}`).expect(400);

      expect(response.body.data.params).toEqual({ id: 'Invalid parameter.' });
    });

    it('answers 400 on slug for an unknown slug, on read, update and delete', async () => {
      for (const method of ['get', 'post', 'delete'] as const) {
        const response = await request(sut.http)[method](`${VENUES}/by-slug/nowhere`).expect(400);
        expect(response.body.data.params).toEqual({ slug: 'Invalid parameter.' });
      }
    });

    it('answers 404 rest_no_route for an id that is not digits', async () => {
      const response = await request(sut.http).get(`${VENUES}/abc`).expect(404);

      expect(response.body.code).toBe('rest_no_route');
    });

    it('answers 403 venue-not-accessible to an anonymous reader of a draft', async () => {
      const draft = await createVenue(sut.http, { status: 'draft' });

      const response = await request(sut.http).get(`${VENUES}/${draft.id}`).expect(403);

      expect(response.body).toEqual({
        code: 'venue-not-accessible',
        message: 'The requested venue is not accessible',
        data: { status: 403 },
      });
    });

    it('shows a scheduled venue whose date has passed as published', async () => {
      const venue = await createVenue(sut.http, {
        status: 'future',
        date_utc: '2020-01-01 00:00:00',
      });

      const response = await request(sut.http).get(`${VENUES}/${venue.id}`).expect(200);

      expect(response.body.status).toBe('publish');
    });

    it('answers 400 on i18n_language for a language it does not serve', async () => {
      const venue = await createVenue(sut.http);

      const response = await request(sut.http)
        .get(`${VENUES}/${venue.id}?i18n_language=fr`)
        .expect(400);

      expect(Object.keys(response.body.data.params as object)).toEqual(['i18n_language']);
    });
  });

  describe('updates', () => {
    it('changes only the fields given (TEC reset show_map to true; here it is kept)', async () => {
      const venue = await createVenue(sut.http, { show_map: false, geo_lat: 1.5, geo_lng: 2.5 });

      const response = await sut.admin
        .post(`${VENUES}/${venue.id}`)
        .send({ city: 'Aurora' })
        .expect(200);

      expect(response.body).toMatchObject({
        id: venue.id,
        venue: 'Bluebird Theater',
        address: '3317 E Colfax Ave',
        city: 'Aurora',
        phone: '303-377-1666',
        show_map: false,
        geo_lat: 1.5,
        geo_lng: 2.5,
      });
      expect(response.body).not.toHaveProperty('json_ld');
    });

    it('clears fields given as "" and coordinates given as "" or null', async () => {
      const venue = await createVenue(sut.http, { geo_lat: 1.5, geo_lng: 2.5 });

      const response = await sut.admin
        .post(`${VENUES}/${venue.id}`)
        .send({ address: '', phone: '', website: '', geo_lat: '', geo_lng: null })
        .expect(200);

      for (const key of ['address', 'phone', 'website', 'geo_lat', 'geo_lng']) {
        expect(response.body).not.toHaveProperty(key);
      }
      expect(response.body.city).toBe('Denver');
    });

    it('accepts PUT and PATCH as updates, by id and by slug', async () => {
      const venue = await createVenue(sut.http);

      await sut.admin.put(`${VENUES}/${venue.id}`).send({ zip: '80001' }).expect(200);
      const patched = await sut.admin
        .patch(`${VENUES}/by-slug/${venue.slug}`)
        .send({ phone: '555' })
        .expect(200);

      expect(patched.body).toMatchObject({ zip: '80001', phone: '555' });
    });

    it('renames and re-slugs only when asked', async () => {
      const venue = await createVenue(sut.http);

      const renamed = await sut.admin
        .post(`${VENUES}/${venue.id}`)
        .send({ venue: 'Blue Bird' })
        .expect(200);
      const reslugged = await sut.admin
        .post(`${VENUES}/${venue.id}`)
        .send({ slug: 'the-bluebird' })
        .expect(200);

      expect(renamed.body).toMatchObject({ venue: 'Blue Bird', slug: 'bluebird-theater' });
      expect(reslugged.body).toMatchObject({
        slug: 'the-bluebird',
        url: `${SITE}/venue/the-bluebird/`,
      });
    });

    it('derives stateprovince again when state or country changes, and only then', async () => {
      const venue = await createVenue(sut.http, { state: 'CO', province: 'Alberta' });

      const city = await sut.admin
        .post(`${VENUES}/${venue.id}`)
        .send({ city: 'Calgary' })
        .expect(200);
      const country = await sut.admin
        .post(`${VENUES}/${venue.id}`)
        .send({ country: 'Canada' })
        .expect(200);

      expect(city.body.stateprovince).toBe('CO');
      expect(country.body.stateprovince).toBe('Alberta');
    });

    it('answers 400 on id when updating an id that is no venue, before anything else', async () => {
      const response = await sut.admin.post(`${VENUES}/424242`).send({ city: 'x' }).expect(400);

      expect(response.body.data.params).toEqual({ id: 'Invalid parameter.' });
    });

    it('rejects an empty name on update', async () => {
      const venue = await createVenue(sut.http);

      const response = await sut.admin
        .post(`${VENUES}/${venue.id}`)
        .send({ venue: '' })
        .expect(400);

      expect(response.body.data.params).toEqual({ venue: 'Invalid parameter.' });
    });
  });

  describe('languages', () => {
    it('stores a create as its language and falls back to it for other readers', async () => {
      const venue = await createVenue(
        sut.http,
        { venue: 'Sala Apolo', description: 'Sala de conciertos' },
        '?i18n_language=es',
      );

      const english = await request(sut.http)
        .get(`${VENUES}/${venue.id}?i18n_language=en`)
        .expect(200);

      expect(venue).toMatchObject({ i18n_language: 'es', i18n_translations: ['es'] });
      expect(english.body).toMatchObject({
        venue: 'Sala Apolo',
        description: '<p>Sala de conciertos</p>',
        i18n_language: 'es',
        i18n_translations: ['es'],
      });
      expect(english.headers['content-language']).toBe('en');
    });

    it('adds a translation on update and leaves the other languages as they were', async () => {
      const venue = await createVenue(
        sut.http,
        { venue: 'Sala Apolo', description: 'Sala de conciertos' },
        '?i18n_language=es',
      );

      const updated = await sut.admin
        .post(`${VENUES}/${venue.id}`)
        .send({ venue: 'Sala Apol·lo', i18n_language: 'ca' })
        .expect(200);
      const spanish = await request(sut.http)
        .get(`${VENUES}/${venue.id}`)
        .set('Accept-Language', 'es')
        .expect(200);

      expect(updated.body).toMatchObject({
        venue: 'Sala Apol·lo',
        description: '<p>Sala de conciertos</p>',
        i18n_language: 'ca',
        i18n_translations: ['ca', 'es'],
      });
      expect(spanish.body).toMatchObject({ venue: 'Sala Apolo', i18n_language: 'es' });
    });

    it('serves the language given as a path segment', async () => {
      const venue = await createVenue(sut.http, { venue: 'Teatre' }, '?i18n_language=ca');

      const response = await request(sut.http)
        .get(`/es/calendar/events/v1/venues/${venue.id}`)
        .expect(200);

      expect(response.body).toMatchObject({ venue: 'Teatre', i18n_language: 'ca' });
      expect(response.headers['content-language']).toBe('es');
    });
  });

  describe('DELETE /venues/:id', () => {
    it('moves a venue to the trash (200 with status trash), then answers 410', async () => {
      const venue = await createVenue(sut.http);

      const trashed = await sut.admin.delete(`${VENUES}/${venue.id}`).expect(200);
      const again = await sut.admin.delete(`${VENUES}/${venue.id}`).expect(410);

      expect(trashed.body).toMatchObject({
        id: venue.id,
        status: 'trash',
        venue: 'Bluebird Theater',
      });
      expect(trashed.body).not.toHaveProperty('json_ld');
      expect(again.body).toEqual({
        code: 'venue-is-in-trash',
        message: 'The venue is already trashed',
        data: { status: 410 },
      });
      await request(sut.http).get(`${VENUES}/${venue.id}`).expect(403);
      expect(await storedVenues()).toBe(1);
    });

    it('trashes by slug too', async () => {
      const venue = await createVenue(sut.http);

      const response = await sut.admin.delete(`${VENUES}/by-slug/${venue.slug}`).expect(200);

      expect(response.body.status).toBe('trash');
    });

    it('answers 400 on id when deleting an id that is no venue', async () => {
      const response = await sut.admin.delete(`${VENUES}/31337`).expect(400);

      expect(response.body.data.params).toEqual({ id: 'Invalid parameter.' });
    });

    it('unlinks the trashed venue from its events', async () => {
      const venue = await createVenue(sut.http);
      const event = await createEvent(sut.http, { venue: venue.id });
      expect(event.venue).toMatchObject({ id: venue.id });

      await sut.admin.delete(`${VENUES}/${venue.id}`).expect(200);

      const read = await request(sut.http).get(`${EVENTS}/${event.id}`).expect(200);
      expect(read.body.venue).toEqual([]);
      const rows: { venue_id: number | null }[] = await sut.dataSource.query(
        'SELECT venue_id FROM events WHERE id = ?',
        [event.id],
      );
      expect(rows).toEqual([{ venue_id: null }]);
    });
  });
});

describe('GET /venues', () => {
  const app = useTestApp();
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });

  const names = (body: { venues: { venue: string }[] }): string[] =>
    body.venues.map((venue) => venue.venue);

  /** Venues named `names`, published a day apart: the last is the newest. */
  const createDated = async (...venueNames: string[]): Promise<number[]> => {
    const ids: number[] = [];
    for (const [index, venue] of venueNames.entries()) {
      const day = String(index + 1).padStart(2, '0');
      ids.push((await createVenue(sut.http, { venue, date_utc: `2024-01-${day} 12:00:00` })).id);
    }
    return ids;
  };

  it('answers 200 with an empty list, zero totals and TEC headers when there are none', async () => {
    const response = await request(sut.http).get(VENUES).expect(200);

    expect(response.body).toEqual({
      venues: [],
      rest_url:
        'https://api.calendar.test/calendar/events/v1/venues/?page=1&per_page=10&status=publish',
      total: 0,
      total_pages: 0,
      next_sync_token: expect.any(String),
    });
    expect(response.headers['x-tec-total']).toBe('0');
    expect(response.headers['x-tec-totalpages']).toBe('0');
  });

  it('lists the newest first, ties by id descending, with paging links and headers', async () => {
    await createDated('First', 'Second', 'Third', 'Fourth');
    await createVenue(sut.http, { venue: 'Twin', date_utc: '2024-01-04 12:00:00' });

    const first = await request(sut.http).get(`${VENUES}?per_page=2`).expect(200);
    const second = await request(sut.http).get(`${VENUES}?per_page=2&page=2`).expect(200);

    expect(names(first.body)).toEqual(['Twin', 'Fourth']);
    expect(names(second.body)).toEqual(['Third', 'Second']);
    const base = 'https://api.calendar.test/calendar/events/v1/venues/';
    expect(second.body).toMatchObject({
      rest_url: `${base}?page=2&per_page=2&status=publish`,
      next_rest_url: `${base}?per_page=2&status=publish&page=3`,
      previous_rest_url: `${base}?per_page=2&status=publish`,
      total: 5,
      total_pages: 3,
    });
    expect(Object.keys(second.body as object)).toEqual([
      'venues',
      'rest_url',
      'next_rest_url',
      'previous_rest_url',
      'total',
      'total_pages',
      'next_sync_token',
    ]);
    expect(second.headers['x-tec-total']).toBe('5');
    expect(second.headers['x-tec-totalpages']).toBe('3');
    expect(first.body.venues[0]).not.toHaveProperty('json_ld');
  });

  it('answers 404 venue-archive-page-not-found past the last page', async () => {
    await createDated('Only');

    const response = await request(sut.http).get(`${VENUES}?page=2`).expect(404);

    expect(response.body).toEqual({
      code: 'venue-archive-page-not-found',
      message: 'The requested venue archive page does not exist',
      data: { status: 404 },
    });
  });

  it('clamps per_page to 50 and rejects a per_page of 0', async () => {
    const clamped = await request(sut.http).get(`${VENUES}?per_page=80`).expect(200);
    const zero = await request(sut.http).get(`${VENUES}?per_page=0`).expect(400);

    expect(clamped.body.rest_url).toContain('per_page=50');
    expect(zero.body.data.params).toEqual({ per_page: 'Invalid parameter.' });
  });

  it('lists published venues only to anonymous callers and refuses other statuses', async () => {
    await createVenue(sut.http, { venue: 'Open' });
    await createVenue(sut.http, { venue: 'Hidden', status: 'draft' });

    const list = await request(sut.http).get(VENUES).expect(200);
    const drafts = await request(sut.http).get(`${VENUES}?status=draft`).expect(400);
    const published = await request(sut.http).get(`${VENUES}?status[]=publish`).expect(200);

    expect(names(list.body)).toEqual(['Open']);
    expect(drafts.body.data.params).toEqual({ status: 'Invalid parameter.' });
    expect(names(published.body)).toEqual(['Open']);
  });

  describe('search', () => {
    it('matches when one field holds every word, in any order, and counts only matches', async () => {
      await createVenue(sut.http, { venue: 'Le Temple', address: '100, Avenue du Temple' });
      await createVenue(sut.http, { venue: 'Avenue Bar', address: 'Rue du Temple' });
      await createVenue(sut.http, { venue: 'Elsewhere', address: 'Main St' });

      const response = await request(sut.http)
        .get(`${VENUES}?search=${encodeURIComponent('temple, AVENUE!')}`)
        .expect(200);

      expect(names(response.body)).toEqual(['Le Temple']);
      expect(response.body.total).toBe(1);
      expect(response.body.rest_url).toContain('search=temple%2C+AVENUE%21');
    });

    it.each([
      ['city', { city: 'Golden' }, 'golden'],
      ['zip', { zip: '80401' }, '804'],
      ['phone', { phone: '303-279-3500' }, '279-3500'],
      ['state', { state: 'Wyoming' }, 'wyoming'],
      ['stateprovince', { stateprovince: 'Front Range' }, 'range front'],
      ['description', { description: 'Craft beer hall' }, 'beer craft'],
    ])('searches the %s', async (_field, fields, search) => {
      await createVenue(sut.http, { venue: 'Target', ...fields });
      await createVenue(sut.http, {
        venue: 'Other',
        description: 'x',
        city: 'x',
        zip: 'x',
        phone: 'x',
      });

      const response = await request(sut.http).get(`${VENUES}?search=${search}`).expect(200);

      expect(names(response.body)).toEqual(['Target']);
    });

    it('does not search the country, and treats LIKE wildcards as text', async () => {
      await createVenue(sut.http, { venue: 'Hall', country: 'Norway' });
      await createVenue(sut.http, { venue: '100% Club' });

      const country = await request(sut.http).get(`${VENUES}?search=norway`).expect(200);
      const percent = await request(sut.http).get(`${VENUES}?search=_`).expect(200);

      expect(country.body.total).toBe(0);
      expect(names(percent.body)).toEqual(['100% Club', 'Hall']);
    });

    it('looks at the text of the request language, falling back to the original', async () => {
      const venue = await createVenue(sut.http, { venue: 'Sala Gran' }, '?i18n_language=ca');
      await sut.admin
        .post(`${VENUES}/${venue.id}?i18n_language=en`)
        .send({ venue: 'Great Hall' })
        .expect(200);

      const english = await request(sut.http).get(`${VENUES}?search=great&i18n_language=en`);
      const englishOld = await request(sut.http).get(`${VENUES}?search=gran&i18n_language=en`);
      const spanish = await request(sut.http).get(`${VENUES}?search=gran&i18n_language=es`);

      expect(english.body.total).toBe(1);
      expect(englishOld.body.total).toBe(0);
      expect(spanish.body.total).toBe(1);
    });
  });

  describe('event filters', () => {
    it('lists the venue of one event and answers 400 on event for an id that is no event', async () => {
      const [mine] = await createDated('Mine', 'Not mine');
      const event = await createEvent(sut.http, { venue: mine });

      const response = await request(sut.http).get(`${VENUES}?event=${event.id}`).expect(200);
      const bad = await request(sut.http).get(`${VENUES}?event=${mine}`).expect(400);

      expect(names(response.body)).toEqual(['Mine']);
      expect(response.body.rest_url).toContain(`event=${event.id}`);
      expect(bad.body.data.params).toEqual({ event: 'Invalid parameter.' });
    });

    it('has_events keeps venues of published events; false keeps the others', async () => {
      const [published, draftOnly] = await createDated('Published', 'Draft only', 'Unused');
      await createEvent(sut.http, { venue: published });
      await createEvent(sut.http, { venue: draftOnly, status: 'draft' });

      const withEvents = await request(sut.http).get(`${VENUES}?has_events=true`).expect(200);
      const without = await request(sut.http).get(`${VENUES}?has_events=0`).expect(200);

      expect(names(withEvents.body)).toEqual(['Published']);
      expect(names(without.body)).toEqual(['Unused', 'Draft only']);
      expect(without.body.rest_url).toContain('has_events=false');
    });

    it('only_with_upcoming keeps venues with a published event starting from now', async () => {
      const [upcoming, past, draft] = await createDated('Upcoming', 'Past', 'Draft', 'None');
      await createEvent(sut.http, { venue: upcoming });
      await createEvent(sut.http, {
        venue: past,
        start_date: utcAt(-3, 10),
        end_date: utcAt(-3, 12),
      });
      await createEvent(sut.http, { venue: draft, status: 'draft' });

      const only = await request(sut.http).get(`${VENUES}?only_with_upcoming=true`).expect(200);
      const all = await request(sut.http).get(`${VENUES}?only_with_upcoming=false`).expect(200);

      expect(names(only.body)).toEqual(['Upcoming']);
      expect(all.body.total).toBe(4);
    });
  });
});
