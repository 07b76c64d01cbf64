import request from 'supertest';
import { createEvent, utcAt } from '../factories/event.factory';
import { createOrganizer, ORGANIZERS, organizerBody } from '../factories/organizer.factory';
import { createVenue } from '../factories/venue.factory';
import { TestApp, useTestApp } from '../setup/test-app';

const EVENTS = '/calendar/events/v1/events';

describe('organizers: create, read, update, delete', () => {
  const app = useTestApp();
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });

  const organizerCount = async (): Promise<number> => {
    const [row]: { total: number | string }[] = await sut.dataSource.query(
      'SELECT COUNT(*) AS total FROM organizers',
    );
    return Number(row?.total);
  };

  describe('POST /organizers', () => {
    it('answers 201 with the organizer in TEC key order, without json_ld', async () => {
      const response = await sut.admin
        .post(ORGANIZERS)
        .send(organizerBody({ author: 12, description: 'Promoters since 1999' }))
        .expect(201);

      const body = response.body as { id: number };
      expect(Object.keys(body)).toEqual([
        'id',
        'author',
        'status',
        'date',
        'date_utc',
        'modified',
        'modified_utc',
        'url',
        'organizer',
        'description',
        'slug',
        'phone',
        'website',
        'email',
        'global_id',
        'global_id_lineage',
        'i18n_language',
        'i18n_translations',
      ]);
      expect(body).toEqual(
        expect.objectContaining({
          author: '12',
          status: 'publish',
          url: 'https://calendar.test:8443/site/organizer/mountain-sounds-collective/',
          organizer: 'Mountain Sounds Collective',
          description: '<p>Promoters since 1999</p>',
          email: 'hello@mountain-sounds.example.test',
          global_id_lineage: [`calendar.test/site?id=${body.id}`],
          i18n_translations: ['en'],
        }),
      );
    });

    it('shows an organizer with only a name and an author without any empty field', async () => {
      const organizer = await createOrganizer(sut.http, {
        phone: '',
        website: undefined,
        email: null,
      });

      expect(Object.keys(organizer)).toEqual([
        'id',
        'author',
        'status',
        'date',
        'date_utc',
        'modified',
        'modified_utc',
        'url',
        'organizer',
        'slug',
        'global_id',
        'global_id_lineage',
        'i18n_language',
        'i18n_translations',
      ]);
    });

    it('accepts any text as email, as TEC does, and an image id', async () => {
      const organizer = await createOrganizer(sut.http, { email: 'call us maybe', image: '77' });

      expect(organizer).toMatchObject({ email: 'call us maybe', image: { id: 77 } });
    });

    it('refuses a create without an organizer name: 400 missing parameter, nothing stored', async () => {
      const response = await sut.admin.post(ORGANIZERS).send({ email: 'a@b.test' }).expect(400);

      expect(response.body.code).toBe('rest_missing_callback_param');
      expect(response.body.data.params).toEqual(['organizer']);
      expect(await organizerCount()).toBe(0);
    });

    it('refuses a website that is not an http(s) URL and a non-integer author', async () => {
      const response = await sut.admin
        .post(ORGANIZERS)
        .send(organizerBody({ website: 'ftp://files.test', author: 'me' }))
        .expect(400);

      expect(response.body.data.params).toEqual({
        author: 'Invalid parameter.',
        website: 'Invalid parameter.',
      });
    });

    it('schedules an organizer dated later when published (status future)', async () => {
      const organizer = await createOrganizer(sut.http, { date: '2099-01-01 10:00:00' });

      expect(organizer.status).toBe('future');
    });
  });

  describe('duplicates', () => {
    it('answers 201 with the existing organizer for "organizer a" after "Organizer A"', async () => {
      const original = await createOrganizer(sut.http, { organizer: 'Organizer A', email: '' });

      const again = await createOrganizer(sut.http, { organizer: 'organizer a' });

      expect(again).toMatchObject({
        id: original.id,
        organizer: 'Organizer A',
        email: 'hello@mountain-sounds.example.test',
      });
      expect(await organizerCount()).toBe(1);
    });

    it('reuses only when a given description matches as well', async () => {
      const withText = await createOrganizer(sut.http, { description: 'Folk nights' });

      const same = await createOrganizer(sut.http, { description: 'Folk nights' });
      const different = await createOrganizer(sut.http, { description: 'Jazz nights' });
      const noDescription = await createOrganizer(sut.http, { phone: '000' });

      expect(same.id).toBe(withText.id);
      expect(different.id).not.toBe(withText.id);
      expect(noDescription.id).toBe(withText.id);
    });
  });

  describe('reads', () => {
    it('shows json_ld (schema.org Person) on a single read, with the email in plain text', async () => {
      const created = await createOrganizer(sut.http, {
        description: '<p>Live <em>music</em></p>',
      });

      const response = await request(sut.http).get(`${ORGANIZERS}/${created.id}`).expect(200);

      expect(Object.keys(response.body as object).slice(-5)).toEqual([
        'json_ld',
        'global_id',
        'global_id_lineage',
        'i18n_language',
        'i18n_translations',
      ]);
      expect(response.body.json_ld).toEqual({
        '@type': 'Person',
        name: 'Mountain Sounds Collective',
        description: 'Live music',
        url: 'https://mountain-sounds.example.test',
        telephone: '555-0210',
        email: 'hello@mountain-sounds.example.test',
        sameAs: 'https://mountain-sounds.example.test',
      });
    });

    it("puts the organizer's image in its json_ld after the description, as TEC does", async () => {
      const created = await createOrganizer(sut.http, {
        image: 'https://img.example.test/collective.png',
      });

      const response = await request(sut.http).get(`${ORGANIZERS}/${created.id}`).expect(200);

      const ld = response.body.json_ld as Record<string, unknown>;
      expect(Object.keys(ld).slice(0, 5)).toEqual(['@type', 'name', 'description', 'image', 'url']);
      expect(ld['image']).toBe('https://img.example.test/collective.png');
    });

    it('reads by slug with json_ld too', async () => {
      const created = await createOrganizer(sut.http);

      const response = await request(sut.http)
        .get(`${ORGANIZERS}/by-slug/mountain-sounds-collective`)
        .expect(200);

      expect(response.body.id).toBe(created.id);
      expect(response.body.json_ld['@type']).toBe('Person');
    });

    it('answers 400 rest_invalid_param on id for a venue id and an unknown id', async () => {
      const venue = await createVenue(sut.http);

      const answers = await Promise.all(
        [venue.id, 987654].map((id) => request(sut.http).get(`${ORGANIZERS}/${id}`)),
      );

      for (const { status, body } of answers) {
        expect(status).toBe(400);
        expect([body.code, body.data.params]).toEqual([
          'rest_invalid_param',
          { id: 'Invalid parameter.' },
        ]);
      }
    });

    it('answers 400 on slug for a slug no organizer has', async () => {
      const response = await request(sut.http).get(`${ORGANIZERS}/by-slug/ghost`).expect(400);

      expect(response.body.message).toBe('Invalid parameter(s): slug');
    });

    it('hides pending organizers from anonymous readers with 403 organizer-not-accessible', async () => {
      const pending = await createOrganizer(sut.http, { status: 'pending' });

      const response = await request(sut.http).get(`${ORGANIZERS}/${pending.id}`).expect(403);

      expect(response.body.code).toBe('organizer-not-accessible');
      expect(response.body.message).toBe('The requested organizer is not accessible');
    });
  });

  describe('updates', () => {
    it('leaves out email, phone and website once set to "" (TEC OrganizerUpdateCest)', async () => {
      const created = await createOrganizer(sut.http, { description: 'Keep me' });

      const response = await sut.admin
        .post(`${ORGANIZERS}/${created.id}`)
        .send({ email: '', phone: '', website: '' })
        .expect(200);

      expect(response.body).not.toHaveProperty('email');
      expect(response.body).not.toHaveProperty('phone');
      expect(response.body).not.toHaveProperty('website');
      expect(response.body.description).toBe('<p>Keep me</p>');
    });

    it('clears the description with "" and keeps the rest', async () => {
      const created = await createOrganizer(sut.http, { description: 'Temporary' });

      const response = await sut.admin
        .patch(`${ORGANIZERS}/by-slug/${created.slug}`)
        .send({ description: '' })
        .expect(200);

      expect(response.body).not.toHaveProperty('description');
      expect(response.body.phone).toBe('555-0210');
    });

    it('allows renaming an organizer to the name of another (no duplicate check on update)', async () => {
      await createOrganizer(sut.http, { organizer: 'Taken' });
      const other = await createOrganizer(sut.http, { organizer: 'Free' });

      const response = await sut.admin
        .put(`${ORGANIZERS}/${other.id}`)
        .send({ organizer: 'Taken' })
        .expect(200);

      expect(response.body).toMatchObject({ id: other.id, organizer: 'Taken', slug: 'free' });
    });

    it('publishes a draft when asked', async () => {
      const draft = await createOrganizer(sut.http, { status: 'draft' });

      const response = await sut.admin
        .post(`${ORGANIZERS}/${draft.id}`)
        .send({ status: 'publish' })
        .expect(200);

      expect(response.body.status).toBe('publish');
      await request(sut.http).get(`${ORGANIZERS}/${draft.id}`).expect(200);
    });
  });

  describe('languages', () => {
    it('falls back per field to the original language and lists every language with text', async () => {
      const created = await createOrganizer(
        sut.http,
        { organizer: 'Amics de la Música', description: 'Concerts de cambra' },
        '?i18n_language=ca',
      );
      await sut.admin
        .post(`${ORGANIZERS}/${created.id}?i18n_language=es`)
        .send({ organizer: 'Amigos de la Música' })
        .expect(200);

      const spanish = await request(sut.http).get(`${ORGANIZERS}/${created.id}?i18n_language=es`);
      const english = await request(sut.http).get(`${ORGANIZERS}/${created.id}?i18n_language=en`);

      expect(spanish.body).toMatchObject({
        organizer: 'Amigos de la Música',
        description: '<p>Concerts de cambra</p>',
        i18n_language: 'es',
        i18n_translations: ['ca', 'es'],
      });
      expect(english.body).toMatchObject({
        organizer: 'Amics de la Música',
        i18n_language: 'ca',
      });
    });

    it('writes an update sent with i18n_language in the body in that language', async () => {
      const created = await createOrganizer(sut.http, { organizer: 'Friends of Music' });

      await sut.admin
        .post(`${ORGANIZERS}/${created.id}`)
        .send({ organizer: 'Amigos', i18n_language: 'es' })
        .expect(200);
      const english = await request(sut.http).get(`${ORGANIZERS}/${created.id}`).expect(200);

      expect(english.body).toMatchObject({
        organizer: 'Friends of Music',
        i18n_translations: ['en', 'es'],
      });
    });
  });

  describe('DELETE', () => {
    it('trashes an organizer and then answers 410 organizer-is-in-trash', async () => {
      const created = await createOrganizer(sut.http);

      const first = await sut.admin.delete(`${ORGANIZERS}/${created.id}`).expect(200);
      const second = await sut.admin.delete(`${ORGANIZERS}/by-slug/${created.slug}`).expect(410);

      expect(first.body.status).toBe('trash');
      expect(second.body).toEqual({
        code: 'organizer-is-in-trash',
        message: 'The organizer is already trashed',
        data: { status: 410 },
      });
    });

    it('removes the trashed organizer from its events and keeps the others', async () => {
      const leaving = await createOrganizer(sut.http, { organizer: 'Leaving' });
      const staying = await createOrganizer(sut.http, { organizer: 'Staying' });
      const event = await createEvent(sut.http, { organizer: [leaving.id, staying.id] });
      expect(event.organizer).toHaveLength(2);

      await sut.admin.delete(`${ORGANIZERS}/${leaving.id}`).expect(200);

      const read = await request(sut.http).get(`${EVENTS}/${event.id}`).expect(200);
      expect((read.body.organizer as { id: number }[]).map((o) => o.id)).toEqual([staying.id]);
      const links: { organizer_id: number }[] = await sut.dataSource.query(
        'SELECT organizer_id FROM event_organizers WHERE event_id = ?',
        [event.id],
      );
      expect(links.map((link) => Number(link.organizer_id))).toEqual([staying.id]);
    });
  });
});

describe('GET /organizers', () => {
  const app = useTestApp();
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });

  const list = async (query = ''): Promise<{ body: Record<string, unknown>; names: string[] }> => {
    const response = await request(sut.http).get(`${ORGANIZERS}${query}`).expect(200);
    const organizers = response.body.organizers as { organizer: string }[];
    return { body: response.body, names: organizers.map((o) => o.organizer) };
  };

  /** Organizers published on consecutive days of March 2024, in the order given. */
  const publishInOrder = async (...organizerNames: string[]): Promise<number[]> => {
    const ids: number[] = [];
    for (const [day, organizer] of organizerNames.entries()) {
      const date_utc = `2024-03-${String(day + 10)} 08:30:00`;
      ids.push((await createOrganizer(sut.http, { organizer, date_utc })).id);
    }
    return ids;
  };

  it('answers an empty page 1 with 200 and X-TEC headers of 0', async () => {
    const response = await request(sut.http).get(ORGANIZERS).expect(200);

    expect(response.body).toMatchObject({ organizers: [], total: 0, total_pages: 0 });
    expect(response.headers).toMatchObject({ 'x-tec-total': '0', 'x-tec-totalpages': '0' });
  });

  it('orders by publication date, newest first, and pages with links', async () => {
    await publishInOrder('Oldest', 'Middle', 'Newest');

    const page1 = await list('?per_page=2');
    const page2 = await list('?per_page=2&page=2');

    expect(page1.names).toEqual(['Newest', 'Middle']);
    expect(page2.names).toEqual(['Oldest']);
    expect(page1.body).toMatchObject({
      rest_url:
        'https://api.calendar.test/calendar/events/v1/organizers/?page=1&per_page=2&status=publish',
      next_rest_url:
        'https://api.calendar.test/calendar/events/v1/organizers/?per_page=2&status=publish&page=2',
      total: 3,
      total_pages: 2,
    });
    expect(page1.body).not.toHaveProperty('previous_rest_url');
  });

  it('answers 404 organizer-archive-page-not-found after the last page', async () => {
    await publishInOrder('Solo');

    const response = await request(sut.http).get(`${ORGANIZERS}?page=3`).expect(404);

    expect(response.body.code).toBe('organizer-archive-page-not-found');
    expect(response.body.message).toBe('The requested organizer archive page does not exist');
  });

  it('refuses status=any to an anonymous caller', async () => {
    const response = await request(sut.http).get(`${ORGANIZERS}?status=any`).expect(400);

    expect(response.body.data.params).toEqual({ status: 'Invalid parameter.' });
  });

  describe('search', () => {
    it('finds "@common.com" in the email, like TEC', async () => {
      await createOrganizer(sut.http, { organizer: 'One', email: 'one@common.com' });
      await createOrganizer(sut.http, { organizer: 'Two', email: 'two@other.com' });

      const { names, body } = await list('?search=%40common.com');

      expect(names).toEqual(['One']);
      expect(body.total).toBe(1);
    });

    it('needs every word in the same field: name words split over name and phone do not match', async () => {
      await createOrganizer(sut.http, { organizer: 'Blue Note Society', phone: '555 jazz' });

      expect((await list('?search=society%20blue')).names).toEqual(['Blue Note Society']);
      expect((await list('?search=blue%20jazz')).names).toEqual([]);
    });

    it('looks in the website and the description', async () => {
      await createOrganizer(sut.http, {
        organizer: 'Web',
        website: 'https://tickets.example.test',
        email: '',
      });
      await createOrganizer(sut.http, { organizer: 'Text', description: 'Chamber orchestra' });

      expect((await list('?search=tickets')).names).toEqual(['Web']);
      expect((await list('?search=ORCHESTRA')).names).toEqual(['Text']);
    });
  });

  describe('linked events', () => {
    it('lists the organizers of an event and refuses an event id that is an organizer', async () => {
      const [first, second] = await publishInOrder('First', 'Second', 'Unlinked');
      const event = await createEvent(sut.http, { organizer: [first, second] });

      const linked = await list(`?event=${event.id}`);
      const response = await request(sut.http).get(`${ORGANIZERS}?event=${first}`).expect(400);

      expect(linked.names).toEqual(['Second', 'First']);
      expect(response.body.data.params).toEqual({ event: 'Invalid parameter.' });
    });

    it('has_events counts published events only: pending and trashed ones do not', async () => {
      const [active, pending, trashed] = await publishInOrder('Active', 'Pending', 'Trashed');
      await createEvent(sut.http, { organizer: [active] });
      await createEvent(sut.http, { organizer: [pending], status: 'pending' });
      const gone = await createEvent(sut.http, { organizer: [trashed] });
      await sut.admin.delete(`${EVENTS}/${gone.id}`).expect(200);

      expect((await list('?has_events=1')).names).toEqual(['Active']);
      expect((await list('?has_events=false')).names).toEqual(['Trashed', 'Pending']);
    });

    it('only_with_upcoming leaves out organizers whose events are all over', async () => {
      const [soon, over] = await publishInOrder('Soon', 'Over');
      await createEvent(sut.http, {
        organizer: [soon],
        start_date: utcAt(30, 20),
        end_date: utcAt(30, 22),
      });
      await createEvent(sut.http, {
        organizer: [over],
        start_date: utcAt(-10, 20),
        end_date: utcAt(-10, 22),
      });

      const { names, body } = await list('?only_with_upcoming=TRUE');

      expect(names).toEqual(['Soon']);
      expect(body.rest_url).toContain('only_with_upcoming=true');
    });
  });
});

describe('organizer dates in a site time zone', () => {
  const app = useTestApp({ SITE_TIMEZONE: 'America/Denver' });

  it('reads date in the site zone and shows date there, date_utc in UTC', async () => {
    const organizer = await createOrganizer(app().http, { date: '2024-07-01 12:00:00' });

    expect(organizer).toMatchObject({
      date: '2024-07-01 12:00:00',
      date_utc: '2024-07-01 18:00:00',
    });
    expect(organizer.modified_utc).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});
