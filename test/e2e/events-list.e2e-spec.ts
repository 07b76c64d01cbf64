import request from 'supertest';
import { createEvent, utcAt } from '../factories/event.factory';
import { createCategory, createEventWithTerms } from '../factories/term.factory';
import { toSqlDateTime } from '../../src/database/sql-values';
import { onMysql, TestApp, useTestApp } from '../setup/test-app';

const EVENTS = '/calendar/events/v1/events';

interface ListBody {
  events: { id: number; title: string; status: string }[];
  rest_url: string;
  next_rest_url?: string;
  previous_rest_url?: string;
  total: number;
  total_pages: number;
}

describe('GET /events', () => {
  const app = useTestApp();
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });

  const list = async (query = ''): Promise<ListBody> => {
    const response = await request(sut.http).get(`${EVENTS}${query}`).expect(200);
    return response.body as ListBody;
  };

  it('answers an empty page 1 with 200, zero totals and the X-TEC headers', async () => {
    const response = await request(sut.http).get(EVENTS).expect(200);

    expect(response.body).toEqual({
      events: [],
      rest_url: expect.stringMatching(/\/calendar\/events\/v1\/events\/\?page=1&per_page=10&/),
      total: 0,
      total_pages: 0,
      next_sync_token: expect.stringMatching(/^[\w-]+$/),
    });
    expect(Object.keys(response.body as object)).toEqual([
      'events',
      'rest_url',
      'total',
      'total_pages',
      'next_sync_token',
    ]);
    expect(response.headers['x-sync-token']).toBe(
      (response.body as { next_sync_token: string }).next_sync_token,
    );
    expect(response.headers['x-tec-total']).toBe('0');
    expect(response.headers['x-tec-totalpages']).toBe('0');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('orders by start ascending and breaks ties by id', async () => {
    const late = await createEvent(sut.http, {
      title: 'Late',
      start_date: utcAt(3, 20),
      end_date: utcAt(3, 21),
    });
    const tieA = await createEvent(sut.http, {
      title: 'Tie A',
      start_date: utcAt(2, 10),
      end_date: utcAt(2, 11),
    });
    const tieB = await createEvent(sut.http, {
      title: 'Tie B',
      start_date: utcAt(2, 10),
      end_date: utcAt(2, 12),
    });
    const early = await createEvent(sut.http, {
      title: 'Early',
      start_date: utcAt(1, 8),
      end_date: utcAt(1, 9),
    });

    const body = await list();

    expect(body.events.map((event) => event.id)).toEqual([early.id, tieA.id, tieB.id, late.id]);
  });

  it('pages with next and previous links, headers, and no page parameter in the link to page 1', async () => {
    for (let day = 1; day <= 5; day++) {
      await createEvent(sut.http, {
        title: `Day ${day}`,
        start_date: utcAt(day, 10),
        end_date: utcAt(day, 11),
      });
    }

    const response = await request(sut.http).get(`${EVENTS}?per_page=2&page=2`).expect(200);
    const body = response.body as ListBody;

    expect(body.events.map((event) => event.title)).toEqual(['Day 3', 'Day 4']);
    expect(body.total).toBe(5);
    expect(body.total_pages).toBe(3);
    expect(response.headers['x-tec-total']).toBe('5');
    expect(response.headers['x-tec-totalpages']).toBe('3');
    expect(Object.keys(body)).toEqual([
      'events',
      'rest_url',
      'next_rest_url',
      'previous_rest_url',
      'total',
      'total_pages',
      'next_sync_token',
    ]);
    expect(new URL(body.rest_url).searchParams.get('page')).toBe('2');
    expect(new URL(body.next_rest_url ?? '').searchParams.get('page')).toBe('3');
    expect(new URL(body.previous_rest_url ?? '').searchParams.has('page')).toBe(false);
    expect(new URL(body.previous_rest_url ?? '').searchParams.get('per_page')).toBe('2');
    const last = await list('?per_page=2&page=3');
    expect(last.next_rest_url).toBeUndefined();
    expect(new URL(last.previous_rest_url ?? '').searchParams.get('page')).toBe('2');
  });

  it('answers 404 event-archive-page-not-found for a page past the end', async () => {
    await createEvent(sut.http);

    const response = await request(sut.http).get(`${EVENTS}?page=2`).expect(404);

    expect(response.body).toEqual({
      code: 'event-archive-page-not-found',
      message: 'The requested event archive page does not exist',
      data: { status: 404 },
    });
  });

  it('clamps per_page above 50 to 50', async () => {
    const body = await list('?per_page=51');

    expect(new URL(body.rest_url).searchParams.get('per_page')).toBe('50');
  });

  it.each([
    ['foo', 'page must be a whole number.'],
    ['0', 'page must be at least 1.'],
    ['-1', 'page must be at least 1.'],
    ['1.5', 'page must be a whole number.'],
    ['foo bar', 'page must be a whole number.'],
  ])('rejects page=%s with rest_invalid_param, saying why in details', async (page, why) => {
    const response = await request(sut.http)
      .get(`${EVENTS}?page=${encodeURIComponent(page)}`)
      .expect(400);

    // The code, message and params are TEC's; details says why.
    expect(response.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): page',
      data: {
        status: 400,
        params: { page: 'Invalid parameter.' },
        details: { page: { code: 'rest_invalid_param', message: why, data: { param: 'page' } } },
      },
    });
  });

  it('says why a time zone is refused on a create', async () => {
    const refused = await sut.admin
      .post(EVENTS)
      .send({
        title: 'Zoned',
        start_date: '2027-03-01 10:00',
        end_date: '2027-03-01 11:00',
        timezone: 'Mars/Olympus',
      })
      .expect(400);
    expect(refused.body.data.details.timezone.message).toBe(
      'timezone is not a time zone: use an IANA name such as Europe/Madrid, or UTC, UTC+2.',
    );
  });

  it.each([
    ['per_page=-1', 'per_page', 'per_page must be at least 1.'],
    ['start_date=someday', 'start_date', 'start_date is not a date this service reads'],
    ['categories=no-such-category', 'categories', 'names a category or tag that does not exist'],
  ])('says why %s is refused, in the language asked for', async (query, param, why) => {
    const english = await request(sut.http).get(`${EVENTS}?${query}`).expect(400);
    expect(english.body.data.details[param].message).toContain(why);
    const catalan = await request(sut.http).get(`${EVENTS}?${query}&i18n_language=ca`).expect(400);
    expect(catalan.body.data.details[param].message).not.toBe(
      english.body.data.details[param].message,
    );
  });

  it('reports every invalid parameter together', async () => {
    const response = await request(sut.http)
      .get(`${EVENTS}?page=foo&per_page=0&start_date=notadate`)
      .expect(400);

    expect(response.body.message).toBe('Invalid parameter(s): page, per_page, start_date');
    expect(Object.keys(response.body.data.params as object)).toEqual([
      'page',
      'per_page',
      'start_date',
    ]);
  });

  it('reports a non-boolean featured as a type error with details', async () => {
    const response = await request(sut.http).get(`${EVENTS}?featured=yes`).expect(400);

    expect(response.body.data.params).toEqual({ featured: 'featured is not of type boolean.' });
    expect(response.body.data.details).toEqual({
      featured: {
        code: 'rest_invalid_type',
        message: 'featured is not of type boolean.',
        data: { param: 'featured' },
      },
    });
  });

  it('applies the default window: from yesterday 00:00 to 24 months ahead', async () => {
    await createEvent(sut.http, {
      title: 'Three days ago',
      start_date: utcAt(-3, 10),
      end_date: utcAt(-3, 11),
    });
    await createEvent(sut.http, {
      title: 'Yesterday',
      start_date: utcAt(-1, 0),
      end_date: utcAt(-1, 1),
    });
    await createEvent(sut.http, {
      title: 'Next month',
      start_date: utcAt(30, 10),
      end_date: utcAt(30, 11),
    });
    await createEvent(sut.http, {
      title: 'In 25 months',
      start_date: utcAt(760, 10),
      end_date: utcAt(760, 11),
    });
    await createEvent(sut.http, {
      title: 'Running since last week',
      start_date: utcAt(-7, 10),
      end_date: utcAt(3, 11),
    });

    const body = await list();

    expect(body.events.map((event) => event.title)).toEqual(['Yesterday', 'Next month']);
  });

  it('brings back running events with ends_after, which drops the default window', async () => {
    await createEvent(sut.http, {
      title: 'Running since last week',
      start_date: utcAt(-7, 10),
      end_date: utcAt(3, 11),
    });
    await createEvent(sut.http, {
      title: 'Ended',
      start_date: utcAt(-7, 10),
      end_date: utcAt(-6, 11),
    });

    const body = await list(`?ends_after=${encodeURIComponent('now')}&strict_dates=true`);

    expect(body.events.map((event) => event.title)).toEqual(['Running since last week']);
  });

  it('reads start_date and end_date as whole days unless strict_dates is set', async () => {
    await createEvent(sut.http, {
      title: 'Morning',
      start_date: '2031-03-10 08:00:00',
      end_date: '2031-03-10 09:00:00',
    });
    await createEvent(sut.http, {
      title: 'Evening',
      start_date: '2031-03-10 20:00:00',
      end_date: '2031-03-10 22:00:00',
    });

    const inclusive = await list(
      '?start_date=2031-03-10%2012:00:00&end_date=2031-03-10%2012:00:00',
    );
    const strict = await list(
      '?start_date=2031-03-10%2012:00:00&end_date=2031-03-10%2023:00:00&strict_dates=1',
    );

    expect(inclusive.events.map((event) => event.title)).toEqual(['Morning', 'Evening']);
    expect(strict.events.map((event) => event.title)).toEqual(['Evening']);
    expect(new URL(inclusive.rest_url).searchParams.get('start_date')).toBe('2031-03-10 00:00:00');
    expect(new URL(inclusive.rest_url).searchParams.get('end_date')).toBe('2031-03-10 23:59:59');
  });

  it('bounds starts_after and ends_before at the end of the given day', async () => {
    await createEvent(sut.http, {
      title: 'First',
      start_date: '2031-05-01 10:00:00',
      end_date: '2031-05-01 11:00:00',
    });
    await createEvent(sut.http, {
      title: 'Second',
      start_date: '2031-05-02 10:00:00',
      end_date: '2031-05-02 11:00:00',
    });
    await createEvent(sut.http, {
      title: 'Third',
      start_date: '2031-05-03 10:00:00',
      end_date: '2031-05-03 11:00:00',
    });

    const after = await list('?starts_after=2031-05-01');
    const before = await list('?ends_before=2031-05-02');
    const window = await list('?starts_after=2031-05-01&starts_before=2031-05-02');

    expect(after.events.map((event) => event.title)).toEqual(['Second', 'Third']);
    expect(before.events.map((event) => event.title)).toEqual(['First', 'Second']);
    expect(window.events.map((event) => event.title)).toEqual(['Second']);
  });

  it('leaves hidden events out of lists but serves them by id', async () => {
    const hidden = await createEvent(sut.http, { title: 'Hidden', hide_from_listings: true });
    await createEvent(sut.http, { title: 'Shown' });

    const body = await list();

    expect(body.events.map((event) => event.title)).toEqual(['Shown']);
    await request(sut.http).get(`${EVENTS}/${hidden.id}`).expect(200);
  });

  it('filters by featured true and false', async () => {
    await createEvent(sut.http, { title: 'Star', featured: 'TRUE' });
    await createEvent(sut.http, { title: 'Plain', featured: 0 });

    expect((await list('?featured=true')).events.map((event) => event.title)).toEqual(['Star']);
    expect((await list('?featured=0')).events.map((event) => event.title)).toEqual(['Plain']);
  });

  it('searches for every word, in any order, in title, description and excerpt', async () => {
    await createEvent(sut.http, { title: 'Jazz on the roof', description: 'Quartet from Lisbon' });
    await createEvent(sut.http, { title: 'Rock night', excerpt: 'Loud guitars' });
    await createEvent(sut.http, { title: 'Jazz brunch', description: 'Piano trio' });

    expect((await list('?search=lisbon%20JAZZ')).events.map((event) => event.title)).toEqual([
      'Jazz on the roof',
    ]);
    expect((await list('?search=guitars')).events.map((event) => event.title)).toEqual([
      'Rock night',
    ]);
    expect((await list('?search=jazz')).total).toBe(2);
    expect((await list('?search=100%25')).total).toBe(0);
  });

  it('searches words and word beginnings, ignoring case and accents, not the middle of words', async () => {
    await createEvent(sut.http, { title: 'Café concert', description: 'Música en directe' });
    await createEvent(sut.http, { title: 'Jazzman night', excerpt: 'ÉTÉ festival' });

    const titles = async (search: string): Promise<string[]> =>
      (await list(`?search=${encodeURIComponent(search)}`)).events.map((event) => event.title);

    expect(await titles('cafe')).toEqual(['Café concert']);
    expect(await titles('MUSICA directe')).toEqual(['Café concert']);
    expect(await titles('jazz')).toEqual(['Jazzman night']);
    expect(await titles('ete fest')).toEqual(['Jazzman night']);
    expect(await titles('azzman')).toEqual([]);
    expect(await titles('concert jazz')).toEqual([]);
  });

  it('keeps the search in step with every write of the text', async () => {
    const event = await createEvent(sut.http, { title: 'Harp recital' });
    await sut.admin.post(`${EVENTS}/${event.id}`).send({ title: 'Organ recital' }).expect(200);
    await sut.admin
      .post(`${EVENTS}/${event.id}?i18n_language=ca`)
      .send({ title: 'Recital d’orgue', excerpt: 'Amb la cobla' })
      .expect(200);

    expect((await list('?search=harp')).total).toBe(0);
    expect((await list('?search=organ')).total).toBe(1);
    expect((await list('?search=cobla&i18n_language=ca')).total).toBe(1);
    // Text of another language than the reader's (and the original) is not searched.
    expect((await list('?search=cobla')).total).toBe(0);

    await sut.admin.delete(`${EVENTS}/${event.id}`).expect(200);
    expect((await list('?search=organ')).total).toBe(0);
  });

  it('searches only the text a reader sees: a translated field hides its original, an untranslated one shows it', async () => {
    const event = await createEvent(sut.http, {
      title: 'Harp recital',
      description: 'Strings by candlelight',
      excerpt: 'Bring a cushion',
    });
    await sut.admin
      .post(`${EVENTS}/${event.id}?i18n_language=es`)
      .send({ title: 'Recital de arpa', excerpt: 'Trae un cojín' })
      .expect(200);
    const total = async (query: string): Promise<number> => (await list(query)).total;

    // The Spanish reader sees the Spanish title and excerpt, and the English description.
    expect(await total('?search=arpa&i18n_language=es')).toBe(1);
    expect(await total('?search=cojin&i18n_language=es')).toBe(1);
    expect(await total('?search=candlelight&i18n_language=es')).toBe(1);
    expect(await total('?search=arpa%20candlelight&i18n_language=es')).toBe(1);
    expect(await total('?search=harp&i18n_language=es')).toBe(0);
    expect(await total('?search=cushion&i18n_language=es')).toBe(0);
    expect(await total('?search=harp%20candlelight&i18n_language=es')).toBe(0);
    // The English and Catalan readers see the English text only.
    for (const language of ['en', 'ca']) {
      expect(await total(`?search=harp%20cushion&i18n_language=${language}`)).toBe(1);
      expect(await total(`?search=arpa&i18n_language=${language}`)).toBe(0);
    }
    // A protected event matches by the title its reader sees, and only by it.
    await sut.admin.post(`${EVENTS}/${event.id}`).send({ password: 'secret' }).expect(200);
    expect(
      (await request(sut.http).get(`${EVENTS}?search=arpa&i18n_language=es`)).body,
    ).toMatchObject({ total: 1 });
    expect(
      (await request(sut.http).get(`${EVENTS}?search=harp&i18n_language=es`)).body,
    ).toMatchObject({ total: 0 });
    expect(
      (await request(sut.http).get(`${EVENTS}?search=candlelight&i18n_language=es`)).body,
    ).toMatchObject({ total: 0 });
    expect((await request(sut.http).get(`${EVENTS}?search=harp`)).body).toMatchObject({ total: 1 });
  });

  it('searches the text in the original language where a reader sees it, even once that language changed behind the service', async () => {
    const event = await createEvent(sut.http, { title: 'Harp recital' });
    await sut.admin
      .post(`${EVENTS}/${event.id}?i18n_language=ca`)
      .send({ title: 'Recital d’arpa', excerpt: 'Amb la cobla' })
      .expect(200);
    const total = async (query: string): Promise<number> => (await list(query)).total;

    expect(await total('?search=harp&i18n_language=es')).toBe(1);
    // The Catalan title replaces the English one for a Catalan reader.
    expect(await total('?search=harp&i18n_language=ca')).toBe(0);
    expect(await total('?search=cobla&i18n_language=es')).toBe(0);

    await sut.changeBehind(`UPDATE events SET original_language = 'ca' WHERE id = ?`, [event.id]);
    expect(await total('?search=cobla&i18n_language=es')).toBe(1);
    expect(await total('?search=cobla')).toBe(1);
    expect(await total('?search=harp&i18n_language=es')).toBe(0);
    expect(await total('?search=harp')).toBe(1);

    await sut.admin.delete(`${EVENTS}/${event.id}`).expect(200);
    expect(await total('?search=cobla&i18n_language=es')).toBe(0);
    await sut.changeBehind(`DELETE FROM events WHERE id = ?`, [event.id]);
    if (!onMysql) {
      // Deleted with its event, no text of it stays in SQLite's search index.
      const [left] = await sut.dataSource.query<{ n: number }[]>(
        `SELECT COUNT(*) AS n FROM event_search WHERE event_search MATCH 'harp OR cobla OR recital'`,
      );
      expect(Number(left?.n)).toBe(0);
    }
  });

  it('searches the text each reader sees after the original and a translation are written again', async () => {
    const event = await createEvent(sut.http, {
      title: 'Harp recital',
      description: 'Strings only',
    });
    await sut.admin
      .post(`${EVENTS}/${event.id}?i18n_language=ca`)
      .send({ title: 'Recital d’arpa' })
      .expect(200);
    const totals = async (word: string): Promise<number[]> => {
      const found: number[] = [];
      for (const language of ['ca', 'en', 'es']) {
        found.push((await list(`?search=${word}&i18n_language=${language}`)).total);
      }
      return found;
    };

    // The original's description shows to every reader, the Catalan title to Catalan readers.
    await sut.admin
      .post(`${EVENTS}/${event.id}`)
      .send({ description: 'Glockenspiel tonight' })
      .expect(200);
    expect(await totals('glockenspiel')).toEqual([1, 1, 1]);
    expect(await totals('strings')).toEqual([0, 0, 0]);
    expect(await totals('harp')).toEqual([0, 1, 1]);

    await sut.admin
      .post(`${EVENTS}/${event.id}?i18n_language=ca`)
      .send({ title: 'Concert d’arpa' })
      .expect(200);
    expect(await totals('concert')).toEqual([1, 0, 0]);
    expect(await totals('recital')).toEqual([0, 1, 1]);
    expect(await totals('glockenspiel')).toEqual([1, 1, 1]);
  });

  it('gives a search the same total on every page, in its headers too, with events in several of its categories counted once', async () => {
    const opera = await createCategory(sut.http, { name: 'Opera' });
    const ballet = await createCategory(sut.http, { name: 'Ballet' });
    for (const [day, categories] of [
      [1, [opera.id]],
      [2, [opera.id, ballet.id]],
      [3, [ballet.id]],
      [4, [opera.id, ballet.id]],
      [5, []],
    ] as const) {
      await createEventWithTerms(
        sut.http,
        { categories: [...categories] },
        { title: `Gala ${day}`, start_date: utcAt(day, 19), end_date: utcAt(day, 21) },
      );
    }
    await createEvent(sut.http, {
      title: 'Rehearsal',
      start_date: utcAt(6, 10),
      end_date: utcAt(6, 12),
    });
    const page = async (query: string): Promise<[string[], unknown, unknown]> => {
      const response = await request(sut.http).get(`${EVENTS}${query}`).expect(200);
      const body = response.body as ListBody & { total_pages: number };
      expect(response.headers['x-tec-total']).toBe(String(body.total));
      expect(response.headers['x-tec-totalpages']).toBe(String(body.total_pages));
      return [body.events.map((event) => event.title), body.total, body.total_pages];
    };

    // The third page first: its query counts the list, and the first two find that total.
    expect(await page('?search=gala&per_page=2&page=3')).toEqual([['Gala 5'], 5, 3]);
    expect(await page('?search=gala&per_page=2')).toEqual([['Gala 1', 'Gala 2'], 5, 3]);
    expect(await page('?search=gala&per_page=2&page=2')).toEqual([['Gala 3', 'Gala 4'], 5, 3]);
    await request(sut.http).get(`${EVENTS}?search=gala&per_page=2&page=4`).expect(404);
    // A page past the end asked first: its total comes from a count of its own.
    await request(sut.http).get(`${EVENTS}?search=rehearsal&per_page=2&page=2`).expect(404);
    expect(await page('?search=rehearsal')).toEqual([['Rehearsal'], 1, 1]);
    // Two categories: events in both are listed and counted once.
    const both = `?search=gala&categories[]=${opera.id}&categories[]=${ballet.id}&per_page=3`;
    expect(await page(both)).toEqual([['Gala 1', 'Gala 2', 'Gala 3'], 4, 2]);
    expect(await page(`${both}&page=2`)).toEqual([['Gala 4'], 4, 2]);
  });

  it('matches short words (two letters) too', async () => {
    await createEvent(sut.http, { title: 'DJ set', description: 'Vinyl only' });
    await createEvent(sut.http, { title: 'Quiet evening' });

    expect((await list('?search=dj')).events.map((event) => event.title)).toEqual(['DJ set']);
    expect((await list('?search=dj%20vinyl')).total).toBe(1);
  });

  it('finds a password-protected event by its hidden text only for those who may read it', async () => {
    await createEvent(sut.http, {
      title: 'Members evening',
      description: 'Secret venue behind the lighthouse',
      excerpt: 'Whisper code',
      password: 'open-sesame',
    });
    await createEvent(sut.http, { title: 'Lighthouse tour', description: 'Open to all' });
    const asEditor = async (search: string): Promise<number> =>
      Number((await sut.admin.get(`${EVENTS}?search=${search}`).expect(200)).body.total);

    // Anonymous readers: the protected event by its title, never by its description or excerpt
    // (short words, matched as substrings on MySQL, included).
    expect((await list('?search=lighthouse')).events.map((event) => event.title)).toEqual([
      'Lighthouse tour',
    ]);
    expect((await list('?search=whisper')).total).toBe(0);
    expect((await list('?search=wh')).total).toBe(0);
    expect((await list('?search=members')).total).toBe(1);
    expect((await list('?search=members%20secret')).total).toBe(0);
    // Editors may read it, so they find it by any of its text.
    expect(await asEditor('lighthouse')).toBe(2);
    expect(await asEditor('whisper')).toBe(1);
    expect(await asEditor('wh')).toBe(1);
    expect(await asEditor('members%20secret')).toBe(1);
  });

  it('rejects an empty search', async () => {
    const response = await request(sut.http).get(`${EVENTS}?search=`).expect(400);

    expect(response.body.data.params).toHaveProperty('search');
  });

  it('lists only the included ids, ignoring the date window', async () => {
    const far = await createEvent(sut.http, {
      title: 'Far',
      start_date: utcAt(1200, 10),
      end_date: utcAt(1200, 11),
    });
    const past = await createEvent(sut.http, {
      title: 'Past',
      start_date: utcAt(-30, 10),
      end_date: utcAt(-30, 11),
    });
    await createEvent(sut.http, { title: 'Other' });

    const body = await list(`?include=${far.id},${past.id}`);
    const repeated = await list(`?include[]=${far.id}&include[]=${past.id}`);

    expect(body.events.map((event) => event.title)).toEqual(['Past', 'Far']);
    expect(repeated.total).toBe(2);
    await request(sut.http).get(`${EVENTS}?include=foo-bar,23`).expect(400);
  });

  it('filters by post_parent and rejects a parent that is not an event', async () => {
    const parent = await createEvent(sut.http, { title: 'Festival' });
    await createEvent(sut.http, { title: 'Opening', post_parent: parent.id });
    await createEvent(sut.http, { title: 'Unrelated' });

    const body = await list(`?post_parent=${parent.id}`);
    const unknown = await request(sut.http).get(`${EVENTS}?post_parent=999999`).expect(400);

    expect(body.events.map((event) => event.title)).toEqual(['Opening']);
    expect(unknown.body.code).toBe('rest_invalid_param');
    expect(unknown.body.data.params).toHaveProperty('post_parent');
  });

  it('refuses ticketed=true and accepts ticketed=false', async () => {
    await createEvent(sut.http);

    const refused = await request(sut.http).get(`${EVENTS}?ticketed=true`).expect(400);
    const accepted = await list('?ticketed=false');

    expect(refused.body.data.params).toEqual({
      ticketed: 'Ticketing is not available in this service.',
    });
    expect(refused.body.data.details.ticketed.code).toBe('event-tickets-not-active');
    expect(accepted.total).toBe(1);
  });

  it('shows anonymous callers published events only and refuses other statuses', async () => {
    await createEvent(sut.http, { title: 'Published' });
    await createEvent(sut.http, { title: 'Draft', status: 'draft' });
    await createEvent(sut.http, { title: 'Private', status: 'private' });

    const body = await list('?status=publish');
    const refused = await request(sut.http).get(`${EVENTS}?status=draft`).expect(400);
    const unknown = await request(sut.http).get(`${EVENTS}?status=bogus`).expect(400);

    expect(body.events.map((event) => event.title)).toEqual(['Published']);
    expect(refused.body.data.params).toHaveProperty('status');
    expect(unknown.body.data.params).toHaveProperty('status');
  });

  it('counts a scheduled event as published once its date has passed, with no job', async () => {
    const scheduled = await createEvent(sut.http, { title: 'Scheduled', date_utc: utcAt(5, 10) });
    expect(scheduled['status']).toBe('future');
    expect((await list()).total).toBe(0);

    await sut.changeBehind('UPDATE events SET date_utc = ? WHERE id = ?', [
      toSqlDateTime(new Date(Date.now() - 60_000)),
      scheduled.id,
    ]);

    const body = await list();
    expect(body.events.map((event) => [event.title, event.status])).toEqual([
      ['Scheduled', 'publish'],
    ]);
  });
});
