import request from 'supertest';
import { createEvent, utcAt } from '../factories/event.factory';
import { createOrganizer } from '../factories/organizer.factory';
import { createCategory, createTag } from '../factories/term.factory';
import { createVenue } from '../factories/venue.factory';
import { bearer } from '../setup/auth';
import { startSearchd, TestSearchd } from '../setup/search-engine';
import { createTestApp, onMysql, TestApp } from '../setup/test-app';
import { SearchEngine } from '../../src/events/search/engine/search-engine';
import { ReadCache } from '../../src/read-cache/read-cache';

const EVENTS = '/calendar/events/v1/events';

interface ListBody {
  events: { id: number; title: string }[];
  total: number;
  total_pages: number;
}

/**
 * Searches on MySQL/MariaDB answered by Sphinx (`SEARCH_ENGINE_URL`): the same answers as the
 * database's own full-text search, fed from the change log so a write is seen by the next
 * search, built again when the log cannot tell what changed, and the database answering while
 * the engine is away. A real `searchd` of the test's own; two apps on one database, one with the
 * engine and one without, so every answer is compared with the database's.
 */
(onMysql ? describe : describe.skip)('search engine (Sphinx, MySQL/MariaDB)', () => {
  let searchd: TestSearchd;
  let engine: TestApp;
  let database: TestApp;

  beforeAll(async () => {
    searchd = await startSearchd();
    engine = await createTestApp({ SEARCH_ENGINE_URL: searchd.url });
    database = await createTestApp();
  });

  afterAll(async () => {
    await engine?.close();
    await database?.close();
    await searchd?.remove();
  });

  beforeEach(async () => {
    await engine.reset();
    await database.app.get(ReadCache).clear();
    // The index starts from this test's (empty) database; later writes reach it by the log.
    await engine.app.get(SearchEngine).rebuild();
  });

  const read = async (app: TestApp, path: string, role?: 'administrator'): Promise<ListBody> => {
    const call = request(app.http).get(`${EVENTS}${path}`);
    if (role) call.set('Authorization', await bearer(role));
    const response = await call.expect(200);
    return response.body as ListBody;
  };

  const answer = (body: ListBody): unknown => ({
    ids: body.events.map((event) => event.id),
    total: body.total,
    pages: body.total_pages,
  });

  it('answers every search as the database does, and the engine is what answers', async () => {
    const music = await createCategory(engine.http, { name: 'Music' });
    const bebop = await createCategory(engine.http, { name: 'Bebop', parent: music.id });
    const outdoor = await createTag(engine.http, { name: 'Outdoor' });
    const hall = await createVenue(engine.http, {
      venue: 'Harbour Hall',
      geo_lat: 41.98,
      geo_lng: 2.82,
    });
    const band = await createOrganizer(engine.http, { organizer: 'Blue Notes' });
    await createEvent(engine.http, {
      title: 'Jazz trio',
      featured: true,
      categories: [bebop.id],
      tags: [outdoor.id],
      venue: hall.id,
      organizer: [band.id],
      start_date: utcAt(3, 10),
      end_date: utcAt(3, 12),
    });
    const quartet = await createEvent(engine.http, {
      title: 'Jazz quartet',
      start_date: utcAt(5, 10),
      end_date: utcAt(5, 12),
    });
    await engine.admin
      .post(`${EVENTS}/${quartet.id}?i18n_language=es`)
      .send({ title: 'Cuarteto nocturno' })
      .expect(200);
    await createEvent(engine.http, {
      title: 'Members evening',
      description: 'Jazz behind the lighthouse',
      password: 'open-sesame',
      start_date: utcAt(4, 10),
      end_date: utcAt(4, 12),
    });
    await createEvent(engine.http, { title: 'Jazz draft', status: 'draft' });
    await createEvent(engine.http, { title: 'Jazz scheduled', date_utc: utcAt(5, 10) });
    await createEvent(engine.http, { title: 'Jazz hidden', hide_from_listings: true });
    await createEvent(engine.http, {
      title: 'Jazz past',
      start_date: utcAt(-20, 10),
      end_date: utcAt(-20, 12),
    });
    await createEvent(engine.http, { title: 'Café jazz', description: 'Crème brûlée' });
    for (let day = 6; day < 10; day += 1) {
      await createEvent(engine.http, {
        title: `Jazz night ${day}`,
        excerpt: 'Trio sessions',
        categories: [music.id],
        start_date: utcAt(day, 20),
        end_date: utcAt(day, 23),
      });
    }
    const from = utcAt(-30, 0).slice(0, 10);
    const until = utcAt(7, 0).slice(0, 10);
    const searches = [
      '?search=jazz',
      '?search=jazz&per_page=2&page=2',
      '?search=jazz%20trio',
      '?search=trio',
      '?search=cuarteto&i18n_language=es',
      '?search=quartet&i18n_language=es',
      '?search=quartet',
      '?search=lighthouse',
      '?search=cafe',
      '?search=CRÈME%20brulee',
      '?search=jazz&featured=true',
      `?search=jazz&categories=${music.id}`,
      `?search=jazz&categories=${bebop.id}`,
      `?search=jazz&tags=${outdoor.id}`,
      `?search=jazz&categories=${music.id}&tags=${outdoor.id}`,
      `?search=jazz&venue=${hall.id}`,
      `?search=jazz&organizer=${band.id}`,
      '?search=jazz&geoloc=true',
      '?search=jazz&geoloc=false',
      '?search=jazz&geoloc_lat=41.98&geoloc_lng=2.82',
      `?search=jazz&start_date=${from}&end_date=${until}`,
      '?search=nothingmatches',
    ];
    const before = searchd.searches();
    for (const search of searches) {
      for (const role of [undefined, 'administrator'] as const) {
        const expected = answer(await read(database, search, role));
        expect([search, role, answer(await read(engine, search, role))]).toEqual([
          search,
          role,
          expected,
        ]);
      }
    }
    const statuses = '?search=jazz&status=draft,future,publish';
    expect(answer(await read(engine, statuses, 'administrator'))).toEqual(
      answer(await read(database, statuses, 'administrator')),
    );
    // Every search above reached the engine (anonymous and administrator answers are kept
    // apart, and none was kept before it was read).
    expect(searchd.searches() - before).toBeGreaterThanOrEqual(searches.length * 2);
    expect((await read(engine, '?search=jazz')).total).toBe(7);
    expect((await read(engine, '?search=lighthouse', 'administrator')).total).toBe(1);
    expect((await read(engine, '?search=lighthouse')).total).toBe(0);
  });

  it('finds what a write changed at the next search, and no longer what it removed', async () => {
    const event = await createEvent(engine.http, { title: 'Zebrafish parade' });
    expect((await read(engine, '?search=zebrafish')).total).toBe(1);

    await engine.admin.post(`${EVENTS}/${event.id}`).send({ title: 'Okapi parade' }).expect(200);
    expect((await read(engine, '?search=zebrafish')).total).toBe(0);
    expect((await read(engine, '?search=okapi')).total).toBe(1);

    // A Spanish title replaces the English one for Spanish readers only.
    await engine.admin
      .post(`${EVENTS}/${event.id}?i18n_language=es`)
      .send({ title: 'Desfile de okapis' })
      .expect(200);
    expect((await read(engine, '?search=okapi&i18n_language=es')).total).toBe(1);
    expect((await read(engine, '?search=parade&i18n_language=es')).total).toBe(0);
    expect((await read(engine, '?search=parade')).total).toBe(1);

    await engine.admin.delete(`${EVENTS}/${event.id}`).expect(200);
    expect((await read(engine, '?search=okapi')).total).toBe(0);
    expect((await read(engine, '?search=okapi&status=trash', 'administrator')).total).toBe(1);
    expect(searchd.searches()).toBeGreaterThan(0);
  });

  it('keeps finding an event after its venue and organizer are trashed (and unlinked)', async () => {
    const hall = await createVenue(engine.http, { venue: 'Harbour Hall' });
    const band = await createOrganizer(engine.http, { organizer: 'Blue Notes' });
    await createEvent(engine.http, { title: 'Kestrel show', venue: hall.id, organizer: [band.id] });
    const searches = [`?search=kestrel&venue=${hall.id}`, `?search=kestrel&organizer=${band.id}`];
    for (const search of searches) expect((await read(engine, search)).total).toBe(1);

    await engine.admin.delete(`/calendar/events/v1/venues/${hall.id}`).expect(200);
    await engine.admin.delete(`/calendar/events/v1/organizers/${band.id}`).expect(200);
    await database.app.get(ReadCache).clear();
    const before = searchd.searches();
    expect(answer(await read(engine, '?search=kestrel'))).toEqual(
      answer(await read(database, '?search=kestrel')),
    );
    expect(searchd.searches() - before).toBe(1);
    // A trashed venue or organizer names nothing a list can filter by.
    for (const search of searches) {
      const status = async (app: TestApp): Promise<number> =>
        (await request(app.http).get(`${EVENTS}${search}`)).status;
      expect([search, await status(engine)]).toEqual([search, await status(database)]);
    }
  });

  it('two instances writing and searching at once leave the index as the database is', async () => {
    const other = await createTestApp({ SEARCH_ENGINE_URL: searchd.url });
    try {
      const instances = [engine, other];
      const pick = (n: number): TestApp => (n % 2 === 0 ? engine : other);
      const created = await Promise.all(
        Array.from({ length: 12 }, (_, n) =>
          createEvent(pick(n).http, {
            title: `Ibis count ${n}`,
            start_date: utcAt(2 + n, 10),
            end_date: utcAt(2 + n, 11),
          }),
        ),
      );
      // Renames and searches interleaved across both instances.
      await Promise.all(
        created.flatMap((event, n) => [
          pick(n + 1)
            .admin.post(`${EVENTS}/${event.id}`)
            .send({ title: n % 3 === 0 ? `Stork count ${n}` : `Ibis tally ${n}` })
            .expect(200),
          read(pick(n), '?search=ibis'),
        ]),
      );
      await database.app.get(ReadCache).clear();
      for (const app of instances) {
        await app.app.get(ReadCache).clear();
        for (const search of ['?search=ibis', '?search=stork', '?search=count', '?search=tally']) {
          expect([search, answer(await read(app, search))]).toEqual([
            search,
            answer(await read(database, search)),
          ]);
        }
      }
      expect((await read(engine, '?search=stork')).total).toBe(4);
    } finally {
      await other.close();
    }
  });

  it('reads the database while the index is built again after rows changed behind the log', async () => {
    await createEvent(engine.http, { title: 'Heron walk' });
    expect((await read(engine, '?search=heron')).total).toBe(1);
    // What `seed` and `reindex` do: rows written with the head moved and no change logged.
    await engine.changeBehind(
      "UPDATE event_translations SET title = 'Egret walk' WHERE title = 'Heron walk'",
    );
    await engine.dataSource.query('UPDATE change_head SET seq = seq + 1 WHERE id = 1');

    expect((await read(engine, '?search=egret')).total).toBe(1);
    expect((await read(engine, '?search=heron')).total).toBe(0);
    // Once built, the engine answers again.
    const before = searchd.searches();
    for (let tries = 0; tries < 50 && searchd.searches() === before; tries += 1) {
      await engine.app.get(ReadCache).clear();
      expect((await read(engine, '?search=egret')).total).toBe(1);
      await new Promise((done) => setTimeout(done, 100));
    }
    expect(searchd.searches()).toBeGreaterThan(before);
  });

  it('answers from the database while the engine is stopped, and from the engine once back', async () => {
    await createEvent(engine.http, { title: 'Puffin cruise' });
    await searchd.stop();
    try {
      expect((await read(engine, '?search=puffin')).total).toBe(1);
      await createEvent(engine.http, { title: 'Puffin talk' });
      expect((await read(engine, '?search=puffin')).total).toBe(2);
    } finally {
      await searchd.start();
    }
    const before = searchd.searches();
    await engine.app.get(ReadCache).clear();
    expect((await read(engine, '?search=puffin')).total).toBe(2);
    expect(searchd.searches()).toBeGreaterThan(before);
  });
});
