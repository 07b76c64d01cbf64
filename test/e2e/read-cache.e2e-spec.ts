import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import Redis from 'ioredis';
import request from 'supertest';
import { RedisReadCacheStore } from '../../src/read-cache/redis-read-cache.store';
import { createEvent, utcAt } from '../factories/event.factory';
import { createOrganizer, ORGANIZERS } from '../factories/organizer.factory';
import { CATEGORIES, createCategory, createTag } from '../factories/term.factory';
import { createVenue, VENUES } from '../factories/venue.factory';
import { bearer } from '../setup/auth';
import { createTestApp, onMysql, TestApp, useTestApp } from '../setup/test-app';

const EVENTS = '/calendar/events/v1/events';
const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

interface ListBody {
  total: number;
  events: { id: number; title: string }[];
}

/** Renames event `id` in the database without the service knowing (so no cache moves). */
async function renameBehind(sut: TestApp, id: number, title: string): Promise<void> {
  await sut.dataSource.query('UPDATE event_translations SET title = ? WHERE event_id = ?', [
    title,
    id,
  ]);
}

/** Hides event `id` from lists in the database without the service knowing. */
async function hideBehind(sut: TestApp, id: number): Promise<void> {
  await sut.dataSource.query('UPDATE events SET hide_from_listings = 1 WHERE id = ?', [id]);
}

/** The start and end of an event from 10:00 to 12:00 UTC, `day` days from now. */
function at(day: number): Record<string, string> {
  return { start_date: utcAt(day, 10), end_date: utcAt(day, 12) };
}

/** Creates a draft starting `day` days from now (after the events the tests publish first). */
async function createDraft(sut: TestApp, title: string, day: number): Promise<{ id: number }> {
  return createEvent(sut.http, {
    title,
    status: 'draft',
    start_date: utcAt(day, 10),
    end_date: utcAt(day, 12),
  });
}

/**
 * Creates event `Scheduled` on day 6 (with `fields`), to go live two seconds from now (a whole
 * second); returns then.
 */
async function scheduleSoon(sut: TestApp, fields: Record<string, unknown> = {}): Promise<DateTime> {
  const live = DateTime.utc().plus({ seconds: 2 }).set({ millisecond: 0 });
  const scheduled = await createEvent(sut.http, {
    ...fields,
    title: 'Scheduled',
    date: live.toFormat('yyyy-MM-dd HH:mm:ss'),
    start_date: utcAt(6, 10),
    end_date: utcAt(6, 12),
  });
  expect(scheduled['status']).toBe('future');
  return live;
}

async function titles(sut: TestApp, path = EVENTS): Promise<string[]> {
  const response = await request(sut.http).get(path).expect(200);
  return (response.body as ListBody).events.map((event) => event.title);
}

/** The count the first event of the list at `path` shows for its first category. */
async function musicCount(sut: TestApp, path: string): Promise<number | undefined> {
  const response = await request(sut.http).get(path).expect(200);
  const [first] = (response.body as PageBody).events;
  return first?.categories[0]?.count;
}

interface PageBody {
  total: number;
  total_pages: number;
  next_rest_url?: string;
  events: { title: string; categories: { id: number; count: number }[] }[];
}

/**
 * A full page kept, then a write after its last row (on `writer`) and one before it: read on
 * `reader`. The first keeps the page's events and shows the new total, pages, next link and
 * counts; the second shows the events again.
 */
async function pageThroughWrites(reader: TestApp, writer: TestApp): Promise<void> {
  const music = await createCategory(writer.http, { name: 'Music' });
  const first = await createEvent(writer.http, { title: 'First', ...at(1) });
  await createEvent(writer.http, { title: 'Third', categories: [music.id], ...at(3) });
  const page = `${EVENTS}?per_page=2`;
  const kept = await request(reader.http).get(page).expect(200);
  expect(kept.body).toMatchObject({ total: 2, total_pages: 1 });
  expect((kept.body as PageBody).next_rest_url).toBeUndefined();
  await renameBehind(reader, first.id, 'First renamed');

  // After the page's last row: its events are kept, the numbers around them are not.
  await createEvent(writer.http, { title: 'Later', categories: [music.id], ...at(30) });
  const after = await request(reader.http).get(page).expect(200);
  const body = after.body as PageBody;
  expect(body.events.map((event) => event.title)).toEqual(['First', 'Third']);
  expect(body).toMatchObject({ total: 3, total_pages: 2 });
  expect(body.next_rest_url).toContain('page=2');
  expect(body.events[1]?.categories).toEqual([expect.objectContaining({ id: music.id, count: 2 })]);
  expect(after.headers['x-tec-total']).toBe('3');
  expect(after.headers['x-tec-totalpages']).toBe('2');
  expect(after.headers['etag']).not.toBe(kept.headers['etag']);
  expect(Number(after.headers['content-length'])).toBe(Buffer.byteLength(after.text));
  // The same answer again, and its ETag answered 304.
  const again = await request(reader.http).get(page).expect(200);
  expect(again.text).toBe(after.text);
  await request(reader.http)
    .get(page)
    .set('If-None-Match', String(after.headers['etag']))
    .expect(304);
  const second = await request(reader.http).get(`${page}&page=2`).expect(200);
  expect((second.body as PageBody).events.map((event) => event.title)).toEqual(['Later']);

  // Before its last row: the page is read again (Second joins it). First's rendering is kept: no
  // write reached that event or a term of it.
  await createEvent(writer.http, { title: 'Second', ...at(2) });
  expect(await titles(reader, page)).toEqual(['First', 'Second']);
  // Moved from the page to after it, an event leaves it (the write counts where it was).
  await writer.admin.post(`${EVENTS}/${first.id}`).send(at(40)).expect(200);
  expect(await titles(reader, page)).toEqual(['Second', 'Third']);
}

describe('read cache', () => {
  describe('in this process (the default)', () => {
    const app = useTestApp();

    it('answers a repeated anonymous read from the cache, with the same headers', async () => {
      const sut = app();
      const { id } = await createEvent(sut.http, { title: 'Kept' });
      const first = await request(sut.http).get(`${EVENTS}?per_page=5&page=1`).expect(200);
      await renameBehind(sut, id, 'Changed behind');

      // The same query in another order and the same language: the kept answer.
      const second = await request(sut.http).get(`${EVENTS}?page=1&per_page=5`).expect(200);

      expect(second.text).toBe(first.text);
      expect((second.body as ListBody).events[0]?.title).toBe('Kept');
      for (const header of ['x-tec-total', 'x-tec-totalpages', 'content-language', 'etag']) {
        expect(second.headers[header]).toBe(first.headers[header]);
      }
      expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    });

    it('replays a body with text past Latin-1 byte for byte, and HEAD without it', async () => {
      const sut = app();
      const { id } = await createEvent(sut.http, { title: 'Jazz – 5 € – 東京' });
      const first = await request(sut.http).get(EVENTS).expect(200);
      await renameBehind(sut, id, 'Changed behind');

      const second = await request(sut.http).get(EVENTS).expect(200);
      const head = await request(sut.http).head(EVENTS).expect(200);

      expect((second.body as ListBody).events[0]?.title).toBe('Jazz – 5 € – 東京');
      expect(second.text).toBe(first.text);
      expect(Number(second.headers['content-length'])).toBe(Buffer.byteLength(first.text));
      expect(second.headers['etag']).toBe(first.headers['etag']);
      expect(head.headers['content-length']).toBe(second.headers['content-length']);
      expect(head.headers['etag']).toBe(first.headers['etag']);
      expect(head.text).toBeUndefined();
    });

    it('answers If-None-Match from the cache with 304', async () => {
      const sut = app();
      const { id } = await createEvent(sut.http);
      const first = await request(sut.http).get(EVENTS).expect(200);
      // Read again from the database, the body (and so its ETag) would differ.
      await renameBehind(sut, id, 'Changed behind');
      const again = await request(sut.http)
        .get(EVENTS)
        .set('If-None-Match', String(first.headers['etag']))
        .expect(304);

      expect(again.text).toBe('');
    });

    it('keeps answers per language and per request', async () => {
      const sut = app();
      const event = await createEvent(sut.http, { title: 'Language' });
      await sut.admin
        .post(`${EVENTS}/${event.id}?i18n_language=es`)
        .send({ title: 'Idioma' })
        .expect(200);
      const english = await request(sut.http).get(EVENTS).expect(200);
      // The same URL in another language is another answer.
      const spanish = await request(sut.http).get(EVENTS).set('Accept-Language', 'es').expect(200);
      const single = await request(sut.http).get(`${EVENTS}/${event.id}`).expect(200);

      expect(spanish.headers['content-language']).toBe('es');
      expect(english.headers['content-language']).toBe('en');
      expect((spanish.body as ListBody).events[0]?.title).toBe('Idioma');
      expect((english.body as ListBody).events[0]?.title).toBe('Language');
      expect(single.body).toMatchObject({ title: 'Language' });
    });

    it('shows a write to the next read', async () => {
      const sut = app();
      const { id } = await createEvent(sut.http, { title: 'Before' });
      expect(await titles(sut)).toEqual(['Before']);

      await sut.admin.post(`${EVENTS}/${id}`).send({ title: 'After' }).expect(200);
      await createEvent(sut.http, {
        title: 'Second',
        start_date: utcAt(2, 10),
        end_date: utcAt(2, 12),
      });

      expect(await titles(sut)).toEqual(['After', 'Second']);
      const single = await request(sut.http).get(`${EVENTS}/${id}`).expect(200);
      expect(single.body).toMatchObject({ title: 'After' });
    });

    it('keeps its answers through writes no anonymous caller sees, not through the one that publishes', async () => {
      const sut = app();
      const { id } = await createEvent(sut.http, { title: 'Public' });
      expect(await titles(sut)).toEqual(['Public']);
      await renameBehind(sut, id, 'Changed behind');

      // A draft written, edited and trashed: nothing an anonymous read shows changed.
      const draft = await createDraft(sut, 'Draft', 2);
      await sut.admin.post(`${EVENTS}/${draft.id}`).send({ title: 'Still a draft' }).expect(200);
      expect(await titles(sut)).toEqual(['Public']);
      // A draft with a new category (a term created beside it) moves the cache like any write.
      await sut.admin
        .post(`${EVENTS}/${draft.id}`)
        .send({ categories: ['A new category'] })
        .expect(200);
      expect(await titles(sut)).toEqual(['Changed behind']);
      await renameBehind(sut, id, 'Changed again');
      await sut.admin.delete(`${EVENTS}/${draft.id}`).expect(200);
      expect(await titles(sut)).toEqual(['Changed behind']);

      // The draft published: the next read shows it. The list is read again, but the public
      // event's rendering is kept: no write reached that event or its terms.
      const other = await createDraft(sut, 'Hidden', 3);
      await sut.admin.post(`${EVENTS}/${other.id}`).send({ status: 'publish' }).expect(200);
      expect(await titles(sut)).toEqual(['Changed behind', 'Hidden']);
    });

    it('keeps its answers through a write that failed and changed nothing', async () => {
      const sut = app();
      const { id } = await createEvent(sut.http, { title: 'Kept' });
      expect(await titles(sut)).toEqual(['Kept']);
      await renameBehind(sut, id, 'Changed behind');

      // Refused inside its transaction (the event is read there), which is rolled back.
      await sut.admin
        .post(`${EVENTS}/${id + 1000}`)
        .send({ title: 'Nobody' })
        .expect(404);

      expect(await titles(sut)).toEqual(['Kept']);
    });

    it('shows a change of an embedded venue, organizer or category at the next read of any list', async () => {
      const sut = app();
      const venue = await createVenue(sut.http, { venue: 'Old hall' });
      const organizer = await createOrganizer(sut.http, { organizer: 'Old crew' });
      const category = await createCategory(sut.http, { name: 'Old kind' });
      const links = { venue: venue.id, organizer: [organizer.id], categories: [category.id] };
      await createEvent(sut.http, { title: 'One', ...links });
      const embedded = async (path: string): Promise<unknown> => {
        const response = await request(sut.http).get(path).expect(200);
        const [first] = (response.body as { events: Record<string, unknown>[] }).events;
        return {
          venue: (first?.['venue'] as { venue?: string }).venue,
          organizer: (first?.['organizer'] as { organizer?: string }[])[0]?.organizer,
          category: (first?.['categories'] as { name?: string; count?: number }[])[0],
        };
      };
      expect(await embedded(EVENTS)).toEqual({
        venue: 'Old hall',
        organizer: 'Old crew',
        category: expect.objectContaining({ name: 'Old kind', count: 1 }),
      });

      await sut.admin.post(`${VENUES}/${venue.id}`).send({ venue: 'New hall' }).expect(200);
      expect(await embedded(`${EVENTS}?per_page=5`)).toMatchObject({ venue: 'New hall' });
      await sut.admin
        .post(`${ORGANIZERS}/${organizer.id}`)
        .send({ organizer: 'New crew' })
        .expect(200);
      await sut.admin.post(`${CATEGORIES}/${category.id}`).send({ name: 'New kind' }).expect(200);
      expect(await embedded(`${EVENTS}?per_page=6`)).toMatchObject({ organizer: 'New crew' });
      // Another published event in the category moves its count in every answer embedding it.
      await createEvent(sut.http, {
        title: 'Two',
        categories: [category.id],
        start_date: utcAt(2, 10),
        end_date: utcAt(2, 12),
      });

      expect(await embedded(`${EVENTS}?per_page=7`)).toEqual({
        venue: 'New hall',
        organizer: 'New crew',
        category: expect.objectContaining({ name: 'New kind', count: 2 }),
      });
    });

    it('keeps a list filtered by a category through writes of events filed under other terms', async () => {
      const sut = app();
      const music = await createCategory(sut.http, { name: 'Music' });
      const jazz = await createCategory(sut.http, { name: 'Jazz', parent: music.id });
      const film = await createCategory(sut.http, { name: 'Film' });
      const a = await createEvent(sut.http, { title: 'A', categories: [music.id], ...at(1) });
      const byMusic = `${EVENTS}?categories=${music.slug}`;
      expect(await titles(sut, byMusic)).toEqual(['A']);
      await renameBehind(sut, a.id, 'A renamed');

      // An event filed under Film only: the Music list is kept, the unfiltered list is not (B
      // joins it), though A's rendering is: that write reached neither A nor its terms.
      const b = await createEvent(sut.http, { title: 'B', categories: [film.id], ...at(2) });
      expect(await titles(sut, byMusic)).toEqual(['A']);
      expect(await titles(sut)).toEqual(['A', 'B']);

      // An event filed under Jazz is filed under Music too: the Music list ends. A's rendering
      // is kept (no write reached A), with Music's count of now written in.
      const c = await createEvent(sut.http, { title: 'C', categories: [jazz.id], ...at(3) });
      expect(await titles(sut, byMusic)).toEqual(['A', 'C']);
      // Music's own count (events filed under it, not below) moves with an event filed under it.
      expect(await musicCount(sut, byMusic)).toBe(1);
      await createEvent(sut.http, { title: 'D', categories: [music.id], ...at(4) });
      expect(await titles(sut, byMusic)).toEqual(['A', 'C', 'D']);
      expect(await musicCount(sut, byMusic)).toBe(2);

      // Moved out of Music, an event leaves the list (the write ends what it was filed under).
      await sut.admin
        .post(`${EVENTS}/${c.id}`)
        .send({ categories: [film.id] })
        .expect(200);
      expect(await titles(sut, byMusic)).toEqual(['A', 'D']);
      // Trashing the Film event ends the Film list, not the Music one.
      await renameBehind(sut, a.id, 'A again');
      await sut.admin.delete(`${EVENTS}/${b.id}`).expect(200);
      expect(await titles(sut, byMusic)).toEqual(['A', 'D']);
      // A write of A itself renders it again.
      await sut.admin.post(`${EVENTS}/${a.id}`).send({ featured: true }).expect(200);
      expect(await titles(sut, byMusic)).toEqual(['A again', 'D']);
      expect(await titles(sut, `${EVENTS}?categories=${film.slug}`)).toEqual(['C']);
    });

    it('keeps a search through writes of text without its words, not through one with them before or after', async () => {
      const sut = app();
      const a = await createEvent(sut.http, { title: 'Jazz night', ...at(1) });
      const b = await createEvent(sut.http, { title: 'Late trio', ...at(2) });
      await sut.admin.post(`${EVENTS}/${b.id}`).send({ excerpt: 'A jazz trio.' }).expect(200);
      const search = `${EVENTS}?search=jazz`;
      expect(await titles(sut, search)).toEqual(['Jazz night', 'Late trio']);
      // Behind the service: a search read again would leave A out, a kept one shows it.
      await hideBehind(sut, a.id);

      // Text with no word beginning "jaz", in any field: the search is kept.
      await createEvent(sut.http, {
        title: 'Poetry reading',
        description: '<p>Ja zz</p>',
        ...at(3),
      });
      expect(await titles(sut, search)).toEqual(['Jazz night', 'Late trio']);
      expect(await titles(sut, `${EVENTS}?search=poetry`)).toEqual(['Poetry reading']);

      // A word beginning "jaz" (accents and case folded) ends it: read again, A is gone.
      await createEvent(sut.http, { title: 'JAZZÍSTICO brunch', ...at(4) });
      expect(await titles(sut, search)).toEqual(['Late trio', 'JAZZÍSTICO brunch']);

      // A write that takes the word away ends it by the text it replaced.
      const again = await request(sut.http).get(`${EVENTS}?search=brunch`).expect(200);
      expect((again.body as ListBody).events).toHaveLength(1);
      await renameBehind(sut, b.id, 'Late trio, renamed behind');
      await sut.admin.post(`${EVENTS}/${b.id}`).send({ excerpt: 'A trio.' }).expect(200);
      expect(await titles(sut, search)).toEqual(['JAZZÍSTICO brunch']);
      expect(await titles(sut, `${EVENTS}?search=trio`)).toEqual(['Late trio, renamed behind']);
    });

    it('reads a search’s later pages from the rows its first read kept, until a write of its words', async () => {
      const sut = app();
      const ids: number[] = [];
      for (const day of [1, 2, 3, 4, 5]) {
        const event = await createEvent(sut.http, {
          title: `Jazz ${day}`,
          start_date: utcAt(day, 10),
          end_date: utcAt(day, 12),
        });
        ids.push(event.id);
      }
      const page = (n: number): string => `${EVENTS}?search=jazz&per_page=2&page=${n}`;
      expect(await titles(sut, page(1))).toEqual(['Jazz 1', 'Jazz 2']);
      // Behind the service: a page read afresh would leave Jazz 3 out.
      await hideBehind(sut, ids[2] ?? 0);

      // Page 2 was never read, yet it is the rows the first read kept.
      const second = await request(sut.http).get(page(2)).expect(200);
      expect((second.body as ListBody).events.map((event) => event.title)).toEqual([
        'Jazz 3',
        'Jazz 4',
      ]);
      expect((second.body as ListBody).total).toBe(5);

      // A write with the word, before those rows, ends them: read again, Jazz 3 is gone.
      await createEvent(sut.http, {
        title: 'Jazz 0',
        start_date: utcAt(1, 8),
        end_date: utcAt(1, 9),
      });
      expect(await titles(sut, page(2))).toEqual(['Jazz 2', 'Jazz 4']);
      expect(await titles(sut, page(3))).toEqual(['Jazz 5']);
    });

    it('keeps a dated list through writes of events that start on other days, not through one on its days', async () => {
      const sut = app();
      const kept = await createEvent(sut.http, { title: 'Kept', ...at(20) });
      const dated = `${EVENTS}?start_date=${utcAt(15, 0).slice(0, 10)}&end_date=${utcAt(25, 0).slice(0, 10)}`;
      expect(await titles(sut, dated)).toEqual(['Kept']);
      await hideBehind(sut, kept.id);

      // Before and after its days: the dated list is kept, the unfiltered one is read again.
      await createEvent(sut.http, { title: 'Before', ...at(5) });
      const after = await createEvent(sut.http, { title: 'After', ...at(40) });
      expect(await titles(sut, dated)).toEqual(['Kept']);
      expect(await titles(sut)).toEqual(['Before', 'After']);

      // On one of its days: read again.
      const inside = await createEvent(sut.http, { title: 'Inside', ...at(16) });
      expect(await titles(sut, dated)).toEqual(['Inside']);
      // Moved in from elsewhere, and out again: the days before and after both count.
      await sut.admin.post(`${EVENTS}/${after.id}`).send(at(18)).expect(200);
      expect(await titles(sut, dated)).toEqual(['Inside', 'After']);
      await sut.admin.post(`${EVENTS}/${inside.id}`).send(at(35)).expect(200);
      expect(await titles(sut, dated)).toEqual(['After']);
    });

    it("recounts a dated list's total only for the days a write reaches: its first day, last day and the days between apart", async () => {
      const sut = app();
      const window = `start_date=${encodeURIComponent(utcAt(15, 5))}&end_date=${encodeURIComponent(utcAt(45, 23))}&strict_dates=true`;
      const read = async (): Promise<{ titles: string[]; total: number }> => {
        const response = await request(sut.http).get(`${EVENTS}?${window}`).expect(200);
        const body = response.body as ListBody & { total: number };
        return { titles: body.events.map((event) => event.title), total: body.total };
      };
      const first = await createEvent(sut.http, { title: 'First', ...at(15) });
      await createEvent(sut.http, { title: 'Between', ...at(25) });
      const last = await createEvent(sut.http, { title: 'Last', ...at(45) });
      expect(await read()).toEqual({ titles: ['First', 'Between', 'Last'], total: 3 });

      // Behind the service: a first day counted again leaves First out, a kept count has it.
      await hideBehind(sut, first.id);
      await createEvent(sut.http, { title: 'Later', ...at(30) });
      expect(await read()).toEqual({ titles: ['Between', 'Later', 'Last'], total: 4 });
      await createEvent(sut.http, { title: 'Early', ...at(15) });
      expect(await read()).toEqual({ titles: ['Early', 'Between', 'Later', 'Last'], total: 4 });

      // The same for the last day.
      await hideBehind(sut, last.id);
      await createEvent(sut.http, { title: 'Middle', ...at(20) });
      expect(await read()).toEqual({
        titles: ['Early', 'Middle', 'Between', 'Later'],
        total: 5,
      });
      await createEvent(sut.http, { title: 'Closing', ...at(45) });
      expect(await read()).toEqual({
        titles: ['Early', 'Middle', 'Between', 'Later', 'Closing'],
        total: 5,
      });
    });

    it('resolves the terms, venues and organizers a list names afresh after their writes', async () => {
      const sut = app();
      const music = await createCategory(sut.http, { name: 'Music' });
      const hall = await createVenue(sut.http, { venue: 'Hall' });
      const crew = await createOrganizer(sut.http, { organizer: 'Crew' });
      await createEvent(sut.http, { title: 'A', categories: [music.id], venue: hall.id });
      const byMusic = `${EVENTS}?categories=${music.slug}`;
      expect(await titles(sut, byMusic)).toEqual(['A']);
      expect(await titles(sut, `${EVENTS}?venue=${hall.id}`)).toEqual(['A']);
      expect(await titles(sut, `${EVENTS}?organizer=${crew.id}`)).toEqual([]);
      // A category no term has yet, then created inline by an event's write.
      await request(sut.http).get(`${EVENTS}?categories=folk`).expect(400);
      await createEvent(sut.http, { title: 'B', categories: ['Folk'] });
      expect(await titles(sut, `${EVENTS}?categories=folk`)).toEqual(['B']);

      await sut.admin.post(`${CATEGORIES}/${music.id}`).send({ slug: 'sounds' }).expect(200);
      await request(sut.http).get(byMusic).expect(400);
      expect(await titles(sut, `${EVENTS}?categories=sounds`)).toEqual(['A']);
      await sut.admin.delete(`${VENUES}/${hall.id}`).expect(200);
      await request(sut.http).get(`${EVENTS}?venue=${hall.id}`).expect(400);
      await sut.admin.delete(`${ORGANIZERS}/${crew.id}`).expect(200);
      await request(sut.http).get(`${EVENTS}?organizer=${crew.id}`).expect(400);
    });

    it('keeps lists by venue and by organizer through writes of events elsewhere, not through one there before or after', async () => {
      const sut = app();
      const hall = await createVenue(sut.http, { venue: 'Hall' });
      const club = await createVenue(sut.http, { venue: 'Club' });
      const crew = await createOrganizer(sut.http, { organizer: 'Crew' });
      const band = await createOrganizer(sut.http, { organizer: 'Band' });
      const a = await createEvent(sut.http, {
        title: 'A',
        venue: hall.id,
        organizer: [crew.id],
        ...at(1),
      });
      const b = await createEvent(sut.http, { title: 'B', venue: hall.id, ...at(2) });
      const byHall = `${EVENTS}?venue=${hall.id}`;
      const byCrew = `${EVENTS}?organizer=${crew.id}`;
      expect(await titles(sut, byHall)).toEqual(['A', 'B']);
      expect(await titles(sut, byCrew)).toEqual(['A']);
      // Behind the service: a list read again would leave A out, a kept one shows it.
      await hideBehind(sut, a.id);

      // At the club, by the band: both lists are kept.
      await createEvent(sut.http, { title: 'C', venue: club.id, organizer: [band.id], ...at(3) });
      expect(await titles(sut, byHall)).toEqual(['A', 'B']);
      expect(await titles(sut, byCrew)).toEqual(['A']);

      // B moves from the hall to the club: the hall's list ends by the venue B had.
      await sut.admin.post(`${EVENTS}/${b.id}`).send({ venue: club.id }).expect(200);
      expect(await titles(sut, byHall)).toEqual([]);
      expect(await titles(sut, byCrew)).toEqual(['A']);

      // The crew joins C: the crew's list ends by the organizer C has now.
      const c = await request(sut.http).get(`${EVENTS}?venue=${club.id}`).expect(200);
      const cId = (c.body as ListBody).events.find((event) => event.title === 'C')?.id;
      await sut.admin
        .post(`${EVENTS}/${cId}`)
        .send({ organizer: [band.id, crew.id] })
        .expect(200);
      expect(await titles(sut, byCrew)).toEqual(['C']);
    });

    it('ends a filtered list when a term its events embed changes count', async () => {
      const sut = app();
      const music = await createCategory(sut.http, { name: 'Music' });
      const live = await createTag(sut.http, { name: 'Live' });
      await createEvent(sut.http, { title: 'A', categories: [music.id], tags: [live.id] });
      const liveCount = async (): Promise<unknown> => {
        const response = await request(sut.http).get(`${EVENTS}?categories=${music.slug}`);
        const [first] = (response.body as { events: Record<string, unknown>[] }).events;
        return (first?.['tags'] as { count?: number }[])[0]?.count;
      };
      expect(await liveCount()).toBe(1);

      // Not filed under Music, but under a tag the Music list embeds.
      await createEvent(sut.http, {
        title: 'B',
        tags: [live.id],
        start_date: utcAt(2, 10),
        end_date: utcAt(2, 12),
      });

      expect(await liveCount()).toBe(2);
    });

    it("keeps a single event through other events' writes, with its terms' counts of now, not through its own", async () => {
      const sut = app();
      const music = await createCategory(sut.http, { name: 'Music' });
      const live = await createTag(sut.http, { name: 'Live' });
      const film = await createCategory(sut.http, { name: 'Film' });
      const a = await createEvent(sut.http, {
        title: 'A',
        categories: [music.id],
        tags: [live.id],
        ...at(1),
      });
      const read = async (): Promise<{ title: string; tags: { count: number }[] }> => {
        const bySlug = await request(sut.http).get(`${EVENTS}/by-slug/a`).expect(200);
        const byId = await request(sut.http).get(`${EVENTS}/${a.id}`).expect(200);
        expect(bySlug.text).toBe(byId.text);
        return byId.body as { title: string; tags: { count: number }[] };
      };
      expect(await read()).toMatchObject({ title: 'A' });
      await renameBehind(sut, a.id, 'A renamed');

      // Another event, created, edited and trashed under Film only: A's answers are kept.
      const b = await createEvent(sut.http, { title: 'B', categories: [film.id], ...at(2) });
      await sut.admin.post(`${EVENTS}/${b.id}`).send({ title: 'B edited' }).expect(200);
      await sut.admin.delete(`${EVENTS}/${b.id}`).expect(200);
      expect(await read()).toMatchObject({ title: 'A' });
      // The unfiltered list, which shows every event, is not.
      expect(await titles(sut)).toEqual(['A renamed']);

      // An event under a tag A embeds moves that tag's count: A's answers are kept, with the
      // count of now written in (by id and by slug alike).
      await createEvent(sut.http, { title: 'C', tags: [live.id], ...at(3) });
      const withCount = await read();
      expect(withCount).toMatchObject({ title: 'A' });
      expect(withCount.tags[0]?.count).toBe(2);
      // Byte for byte what a fresh read makes: its entity tag is the one a write checks.
      await renameBehind(sut, a.id, 'A');
      const tag = (await request(sut.http).get(`${EVENTS}/${a.id}`).expect(200)).headers['etag'];
      await sut.admin
        .post(`${EVENTS}/${a.id}`)
        .set('If-Match', String(tag))
        .send({ title: 'A renamed' })
        .expect(200);

      // A write of A itself ends them.
      await renameBehind(sut, a.id, 'A renamed');
      await sut.admin.post(`${EVENTS}/${a.id}`).send({ excerpt: 'Edited' }).expect(200);
      const edited = await read();
      expect(edited).toMatchObject({ title: 'A renamed' });
      expect(edited.tags[0]?.count).toBe(2);

      // An event under no term: only its own writes end its answer.
      const d = await createEvent(sut.http, { title: 'D', ...at(4) });
      const readD = async (): Promise<unknown> =>
        (await request(sut.http).get(`${EVENTS}/${d.id}`).expect(200)).body;
      expect(await readD()).toMatchObject({ title: 'D' });
      await renameBehind(sut, d.id, 'D renamed');
      await sut.admin.post(`${EVENTS}/${a.id}`).send({ excerpt: 'Again' }).expect(200);
      expect(await readD()).toMatchObject({ title: 'D' });
      await sut.admin.post(`${EVENTS}/${d.id}`).send({ excerpt: 'Edited' }).expect(200);
      expect(await readD()).toMatchObject({ title: 'D renamed' });
    });

    it('keeps venue and organizer lists through event writes, unless filtered by events', async () => {
      const sut = app();
      const venue = await createVenue(sut.http, { venue: 'Hall' });
      const organizer = await createOrganizer(sut.http, { organizer: 'Crew' });
      const names = async (path: string, list: string): Promise<unknown[]> =>
        (
          (await request(sut.http).get(path).expect(200)).body as Record<
            string,
            Record<string, unknown>[]
          >
        )[list]?.map((item) => item['venue'] ?? item['organizer']) ?? [];
      const shown = async (): Promise<unknown[][]> => [
        await names(VENUES, 'venues'),
        await names(ORGANIZERS, 'organizers'),
        await names(`${VENUES}?has_events=true`, 'venues'),
        await names(`${ORGANIZERS}?only_with_upcoming=true`, 'organizers'),
      ];
      expect(await shown()).toEqual([['Hall'], ['Crew'], [], []]);
      await sut.dataSource.query('UPDATE venue_translations SET name = ? WHERE venue_id = ?', [
        'Hall renamed',
        venue.id,
      ]);
      await sut.dataSource.query(
        'UPDATE organizer_translations SET name = ? WHERE organizer_id = ?',
        ['Crew renamed', organizer.id],
      );

      // An event at the venue, by the organizer: the plain lists show nothing of it and are
      // kept; the lists filtered by events are made again (and read the names renamed behind).
      await createEvent(sut.http, {
        title: 'At the hall',
        venue: venue.id,
        organizer: [organizer.id],
        start_date: utcAt(2, 10),
        end_date: utcAt(2, 12),
      });
      expect(await shown()).toEqual([['Hall'], ['Crew'], ['Hall renamed'], ['Crew renamed']]);

      // A write of a venue (as of any venue, organizer or term) ends every answer.
      await sut.admin.post(`${VENUES}/${venue.id}`).send({ venue: 'Hall renamed' }).expect(200);
      expect(await shown()).toEqual([
        ['Hall renamed'],
        ['Crew renamed'],
        ['Hall renamed'],
        ['Crew renamed'],
      ]);
    });

    it('keeps a venue, an organizer and a category through event writes that leave them as they were', async () => {
      const sut = app();
      const venue = await createVenue(sut.http, { venue: 'Hall' });
      const organizer = await createOrganizer(sut.http, { organizer: 'Crew' });
      const music = await createCategory(sut.http, { name: 'Music' });
      const film = await createCategory(sut.http, { name: 'Film' });
      await createEvent(sut.http, {
        title: 'At the hall',
        venue: venue.id,
        organizer: [organizer.id],
        categories: [music.id],
      });
      const read = async (path: string, field: string): Promise<unknown> =>
        ((await request(sut.http).get(path).expect(200)).body as Record<string, unknown>)[field];
      const shown = async (): Promise<unknown[]> => [
        await read(`${VENUES}/${venue.id}`, 'venue'),
        await read(`${ORGANIZERS}/${organizer.id}`, 'organizer'),
        await read(`${CATEGORIES}/${music.id}`, 'count'),
        await read(`${CATEGORIES}/${film.id}`, 'count'),
      ];
      expect(await shown()).toEqual(['Hall', 'Crew', 1, 0]);
      await sut.dataSource.query('UPDATE venue_translations SET name = ? WHERE venue_id = ?', [
        'Hall renamed',
        venue.id,
      ]);

      // An event at the venue, by the organizer, filed under Film: the venue and the organizer
      // show nothing of it and are kept; the Film count moves, the Music one does not.
      await createEvent(sut.http, {
        title: 'Also at the hall',
        venue: venue.id,
        organizer: [organizer.id],
        categories: [film.id],
        start_date: utcAt(2, 10),
        end_date: utcAt(2, 12),
      });
      expect(await shown()).toEqual(['Hall', 'Crew', 1, 1]);

      // A write of an organizer (as of any venue, organizer or term) ends every answer.
      await sut.admin.post(`${ORGANIZERS}/${organizer.id}`).send({ organizer: 'Crew' }).expect(200);
      expect(await shown()).toEqual(['Hall renamed', 'Crew', 1, 1]);
    });

    it('keeps a page through writes after its last row, with the total and counts of now', async () => {
      const sut = app();
      await pageThroughWrites(sut, sut);
    });

    it('recounts the scheduled events of a total after a write of one, and keeps them through other writes', async () => {
      const sut = app();
      const total = async (): Promise<number> =>
        ((await request(sut.http).get(EVENTS).expect(200)).body as ListBody).total;
      const inAnHour = DateTime.utc().plus({ hours: 1 }).toFormat('yyyy-MM-dd HH:mm:ss');
      await createEvent(sut.http, { title: 'Published', ...at(3) });
      expect(await total()).toBe(1);

      // Scheduled: in the day counts, not yet in the list.
      const scheduled = await createEvent(sut.http, { title: 'Soon', date: inAnHour, ...at(6) });
      expect(scheduled['status']).toBe('future');
      expect(await total()).toBe(1);
      const later = await createEvent(sut.http, { title: 'Later', date: inAnHour, ...at(8) });
      expect(await total()).toBe(1);

      // Made live behind the service's back: a write of a published event recounts the total
      // but keeps its scheduled part, which only writes of scheduled events end.
      await sut.dataSource.query('UPDATE events SET date_utc = ? WHERE id = ?', [
        '2000-01-01 00:00:00',
        later.id,
      ]);
      await createEvent(sut.http, { title: 'Another', ...at(4) });
      expect(await total()).toBe(2);

      // Published now: a scheduled event's write, so the scheduled part is counted again.
      await sut.admin
        .post(`${EVENTS}/${scheduled.id}`)
        .send({ status: 'publish', date: '2020-01-01 00:00:00' })
        .expect(200);
      expect(await total()).toBe(4);
      const third = await createEvent(sut.http, { title: 'Third', date: inAnHour, ...at(9) });
      expect(await total()).toBe(4);
      await sut.admin.delete(`${EVENTS}/${third.id}`).expect(200);
      expect(await total()).toBe(4);
    });

    it('counts a draft saved since an editor’s last read in the editor’s total', async () => {
      const sut = app();
      await createEvent(sut.http, { title: 'Published' });
      const drafts = `${EVENTS}?status=publish,draft`;
      const first = await sut.admin.get(drafts).expect(200);
      await createDraft(sut, 'Draft', 2);

      const second = await sut.admin.get(drafts).expect(200);

      expect((first.body as ListBody).total).toBe(1);
      expect((second.body as ListBody).total).toBe(2);
      expect(second.headers['x-tec-total']).toBe('2');
      expect((second.body as ListBody).events.map((event) => event.title)).toEqual([
        'Published',
        'Draft',
      ]);
    });

    it('does not use or fill the cache for callers whose token may write, or with a password', async () => {
      const sut = app();
      const { id } = await createEvent(sut.http, { title: 'Open' });
      const editor = await bearer('editor', 5);
      const withPassword = `${EVENTS}?pass%77ord=x`;
      await request(sut.http).get(EVENTS).set('Authorization', editor).expect(200);
      await request(sut.http).get(withPassword).expect(200);
      await request(sut.http).get(EVENTS).expect(200);
      await renameBehind(sut, id, 'Renamed');

      const tokenRead = await request(sut.http).get(EVENTS).set('Authorization', editor);
      const passwordRead = await request(sut.http).get(withPassword).expect(200);

      expect((tokenRead.body as ListBody).events[0]?.title).toBe('Renamed');
      expect((passwordRead.body as ListBody).events[0]?.title).toBe('Renamed');
      // The anonymous read without them was kept.
      expect(await titles(sut)).toEqual(['Open']);
    });

    it('answers a token that may not write from what anonymous callers share, private to HTTP caches', async () => {
      const sut = app();
      const { id } = await createEvent(sut.http, { title: 'Open' });
      const subscriber = await bearer('subscriber', 7);
      const noRole = await bearer(undefined, 8);
      const contributor = await bearer('contributor', 9);
      const single = `${EVENTS}/${id}`;
      // Kept by an anonymous read (the list) and by a subscriber's (the event).
      await request(sut.http).get(EVENTS).expect(200);
      await request(sut.http).get(single).set('Authorization', subscriber).expect(200);
      await renameBehind(sut, id, 'Renamed');

      const subscriberList = await request(sut.http)
        .get(EVENTS)
        .set('Authorization', subscriber)
        .expect(200);
      const noRoleList = await request(sut.http)
        .get(EVENTS)
        .set('Authorization', noRole)
        .expect(200);
      const anonymousSingle = await request(sut.http).get(single).expect(200);
      const contributorList = await request(sut.http)
        .get(EVENTS)
        .set('Authorization', contributor)
        .expect(200);

      // The kept answers, shared both ways between the anonymous and the subscriber's reads.
      expect((subscriberList.body as ListBody).events[0]?.title).toBe('Open');
      expect((noRoleList.body as ListBody).events[0]?.title).toBe('Open');
      expect((anonymousSingle.body as { title: string }).title).toBe('Open');
      // A role that writes may see more than the public: read afresh.
      expect((contributorList.body as ListBody).events[0]?.title).toBe('Renamed');
      // An answer to a token stays out of shared HTTP caches.
      expect(subscriberList.headers['cache-control']).toBe('private, no-cache');
      expect(anonymousSingle.headers['cache-control']).not.toContain('private');
      expect(subscriberList.headers['vary']).toContain('Authorization');
    });

    it('shares a filter’s total among its pages and viewers until the next write', async () => {
      const sut = app();
      // On the default window's first day, which a total counts row by row (the days after it
      // come from day counts, which a change behind the service's back does not move).
      for (let i = 0; i < 12; i += 1) {
        await createEvent(sut.http, {
          title: `Event ${i}`,
          start_date: utcAt(-1, 10),
          end_date: utcAt(-1, 11),
        });
      }
      const editor = await bearer('editor', 5);
      const first = await request(sut.http).get(`${EVENTS}?page=1`).expect(200);
      // An event hidden behind the service's back: pages see it, the kept total does not.
      await sut.dataSource.query('UPDATE events SET hide_from_listings = ? WHERE id = ?', [
        1,
        (first.body as ListBody).events[0]?.id,
      ]);

      const second = await request(sut.http).get(`${EVENTS}?page=2`).expect(200);
      const asEditor = await request(sut.http)
        .get(`${EVENTS}?page=2&status=publish`)
        .set('Authorization', editor)
        .expect(200);

      expect(first.headers['x-tec-total']).toBe('12');
      expect((second.body as ListBody).events).toHaveLength(1);
      expect(second.headers['x-tec-total']).toBe('12');
      expect(asEditor.headers['x-tec-total']).toBe('12');

      // A write: every total is counted again (12 shown: 13 events, one hidden).
      await createEvent(sut.http, {
        title: 'After',
        start_date: utcAt(-1, 12),
        end_date: utcAt(-1, 13),
      });
      const after = await request(sut.http).get(`${EVENTS}?page=2`).expect(200);
      expect(after.headers['x-tec-total']).toBe('12');
      expect((after.body as ListBody).events).toHaveLength(2);
    });

    it('never keeps an error', async () => {
      const sut = app();
      await request(sut.http).get(`${EVENTS}?page=2`).expect(404);
      await createEvent(sut.http);
      for (let i = 0; i < 11; i += 1) await createEvent(sut.http);

      await request(sut.http).get(`${EVENTS}?page=2`).expect(200);
    });

    it.each([
      ['an unfiltered list', false],
      ['a list filtered by a category (narrowed to its terms)', true],
    ])(
      'never shows a total older than a write the reader saw committed: %s',
      async (_, filtered) => {
        const sut = app();
        const category = filtered ? await createCategory(sut.http, { name: 'Raced' }) : undefined;
        const path = category ? `${EVENTS}?categories=${category.slug}` : EVENTS;
        const links = category ? { categories: [category.id] } : {};
        let stopped = false;
        // Readers keep filling the cache while the writes go on. (One writer: concurrent creates
        // on MariaDB are the write path's own problem.)
        const readers = Array.from({ length: 3 }, async () => {
          while (!stopped) await request(sut.http).get(path).expect(200);
        });
        try {
          for (let committed = 1; committed <= 10; committed += 1) {
            await createEvent(sut.http, links);
            const [read, again] = await Promise.all([
              request(sut.http).get(path).expect(200),
              request(sut.http)
                .get(`${path}${category ? '&' : '?'}per_page=10`)
                .expect(200),
            ]);
            expect(Number(read.headers['x-tec-total'])).toBe(committed);
            expect(Number(again.headers['x-tec-total'])).toBe(committed);
          }
        } finally {
          stopped = true;
          await Promise.all(readers);
        }
      },
      30_000,
    );

    it('never shows a total older than a write the reader saw committed, when writes of scheduled events come between', async () => {
      const sut = app();
      const inAnHour = DateTime.utc().plus({ hours: 1 }).toFormat('yyyy-MM-dd HH:mm:ss');
      let stopped = false;
      // Readers keep filling the cache, and with it the total's kept scheduled part.
      const readers = Array.from({ length: 3 }, async () => {
        while (!stopped) await request(sut.http).get(EVENTS).expect(200);
      });
      try {
        let listed = 0;
        for (let round = 0; round < 5; round += 1) {
          // Scheduled: counted by day, not yet listed.
          const scheduled = await createEvent(sut.http, { date: inAnHour });
          expect(scheduled['status']).toBe('future');
          const afterScheduled = await request(sut.http).get(EVENTS).expect(200);
          expect(Number(afterScheduled.headers['x-tec-total'])).toBe(listed);
          await createEvent(sut.http);
          listed += 1;
          const afterPublished = await request(sut.http).get(EVENTS).expect(200);
          expect(Number(afterPublished.headers['x-tec-total'])).toBe(listed);
          await sut.admin
            .post(`${EVENTS}/${scheduled.id}`)
            .send({ date: '2020-01-01 00:00:00' })
            .expect(200);
          listed += 1;
          const afterLive = await request(sut.http).get(EVENTS).expect(200);
          expect(Number(afterLive.headers['x-tec-total'])).toBe(listed);
        }
      } finally {
        stopped = true;
        await Promise.all(readers);
      }
    }, 30_000);
  });

  describe('with webhook delivery at work', () => {
    const app = useTestApp({
      WEBHOOKS_DISPATCH: 'true',
      WEBHOOK_POLL_MS: '10',
      WEBHOOK_RETRY_BASE_MS: '10',
    });

    it('keeps answers: the dispatcher’s transactions change nothing a read shows', async () => {
      const sut = app();
      // A receiver that refuses every delivery, so the dispatcher claims and retries all along.
      await sut.admin
        .post('/calendar/events/v1/webhooks')
        .send({ url: 'http://127.0.0.1:9/nobody', event_types: ['*'] })
        .expect(201);
      const { id } = await createEvent(sut.http, { title: 'Kept' });
      expect(await titles(sut)).toEqual(['Kept']);
      await renameBehind(sut, id, 'Changed behind');
      await new Promise((wait) => setTimeout(wait, 300));

      expect(await titles(sut)).toEqual(['Kept']);
    });
  });

  describe('lists only a write changes for a while (READ_CACHE_LIST_TTL_MS)', () => {
    const app = useTestApp({ READ_CACHE_TTL_MS: '300' });
    const pause = (ms: number): Promise<void> => new Promise((wait) => setTimeout(wait, ms));

    it('keeps a list with the default window or fixed dates past the TTL; one with a date that moves for the TTL only', async () => {
      const sut = app();
      const fromDate = `${EVENTS}?start_date=2000-01-01`;
      const between = `${EVENTS}?start_date=2000-01-01&end_date=2099-12-31`;
      const moving = `${EVENTS}?start_date=yesterday`;
      const { id } = await createEvent(sut.http, { title: 'Kept' });
      for (const path of [EVENTS, fromDate, between, moving]) {
        expect(await titles(sut, path)).toEqual(['Kept']);
      }
      await hideBehind(sut, id);
      await pause(600);

      expect(await titles(sut)).toEqual(['Kept']);
      expect(await titles(sut, fromDate)).toEqual(['Kept']);
      expect(await titles(sut, between)).toEqual(['Kept']);
      expect(await titles(sut, moving)).toEqual([]);
    });

    it('shows a scheduled event where it joins as it goes live, and keeps what it does not reach', async () => {
      const sut = app();
      const music = await createCategory(sut.http, { name: 'Music' });
      const film = await createCategory(sut.http, { name: 'Film' });
      const listed = await createEvent(sut.http, {
        title: 'Listed',
        categories: [music.id],
        start_date: utcAt(5, 10),
        end_date: utcAt(5, 12),
      });
      const other = await createEvent(sut.http, {
        title: 'Other',
        categories: [film.id],
        start_date: utcAt(7, 10),
        end_date: utcAt(7, 12),
      });
      const live = await scheduleSoon(sut, { categories: [music.id] });
      const byMusic = `${EVENTS}?categories=${music.slug}`;
      const byFilm = `${EVENTS}?categories=${film.slug}`;
      const found = `${EVENTS}?search=scheduled`;
      const single = async (
        id: number,
      ): Promise<{ title: unknown; categories: PageBody['events'][number]['categories'] }> =>
        (await request(sut.http).get(`${EVENTS}/${id}`).expect(200)).body as {
          title: unknown;
          categories: PageBody['events'][number]['categories'];
        };
      expect(await titles(sut)).toEqual(['Listed', 'Other']);
      expect(await titles(sut, byMusic)).toEqual(['Listed']);
      expect(await titles(sut, byFilm)).toEqual(['Other']);
      expect(await titles(sut, found)).toEqual([]);
      expect((await single(listed.id)).categories).toEqual([
        expect.objectContaining({ id: music.id, count: 1 }),
      ]);
      expect((await single(other.id)).title).toBe('Other');
      const categoryCount = async (): Promise<unknown> =>
        (
          (await request(sut.http).get(`${CATEGORIES}/${music.id}`).expect(200)).body as {
            count: unknown;
          }
        ).count;
      expect(await categoryCount()).toBe(1);
      await renameBehind(sut, listed.id, 'Listed renamed');
      await renameBehind(sut, other.id, 'Other renamed');
      await pause(600);
      // Past the TTL, before the scheduled event's date: nothing but a write changes them.
      if (DateTime.utc() < live) expect(await titles(sut)).toEqual(['Listed', 'Other']);

      // Just before the go-live and just after, within one TTL: what was counted before it
      // (the scheduled events gone live, kept for every term) does not outlive it.
      await pause(Math.max(0, live.toMillis() - Date.now() - 150));
      const countBefore = await categoryCount();
      const readBefore = DateTime.utc() < live;
      await pause(Math.max(0, live.toMillis() - Date.now()) + 20);
      if (readBefore) expect(countBefore).toBe(1);
      expect(await categoryCount()).toBe(2);
      await pause(280);

      // The go-live is a write of the scheduled event: the lists it joins (every list without
      // a narrower filter, its category's, its words' search) show it, with the events they
      // kept rendered as before (no write reached them); Music counts it.
      expect(await titles(sut)).toEqual(['Listed', 'Scheduled', 'Other']);
      expect(await titles(sut, byMusic)).toEqual(['Listed', 'Scheduled']);
      expect(await titles(sut, found)).toEqual(['Scheduled']);
      const after = await single(listed.id);
      expect(after.title).toBe('Listed');
      expect(after.categories).toEqual([expect.objectContaining({ id: music.id, count: 2 })]);
      expect(await categoryCount()).toBe(2);
      // What it does not reach stays kept: another category's list, another event.
      expect(await titles(sut, byFilm)).toEqual(['Other']);
      expect((await single(other.id)).title).toBe('Other');

      // A write of the event gone live (still stored as scheduled) ends the counts kept with
      // it, within one TTL of their read.
      await pause(300);
      const listing = (await request(sut.http).get(found).expect(200)).body as {
        events: { id: number }[];
      };
      const gone = listing.events[0]?.id;
      expect(await categoryCount()).toBe(2);
      await sut.admin.delete(`${EVENTS}/${String(gone)}`).expect(200);
      expect(await categoryCount()).toBe(1);
    });
  });

  describe('off (READ_CACHE_TTL_MS=0)', () => {
    const app = useTestApp({ READ_CACHE_TTL_MS: '0' });

    it('reads the database every time', async () => {
      const sut = app();
      const { id } = await createEvent(sut.http, { title: 'Kept' });
      await titles(sut);
      await renameBehind(sut, id, 'Changed behind');

      expect(await titles(sut)).toEqual(['Changed behind']);
    });
  });

  describe('shared in Redis by two instances (CACHE_URL)', () => {
    let first: TestApp;
    let second: TestApp;
    const sqlitePath = join(tmpdir(), `calendar-e2e-shared-${randomUUID()}.sqlite`);

    beforeAll(async () => {
      const shared = {
        CACHE_URL: REDIS_URL,
        CACHE_PREFIX: `calendar-test:${randomUUID()}:`,
        ...(onMysql ? {} : { SQLITE_PATH: sqlitePath }),
      };
      first = await createTestApp(shared);
      second = await createTestApp(shared);
      await first.reset();
    });

    afterAll(async () => {
      await first.close();
      await second.close();
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${sqlitePath}${suffix}`, { force: true });
    });

    it('answers one instance from what the other kept, byte for byte', async () => {
      const { id } = await createEvent(first.http, { title: 'Shared – 5 € – 東京' });
      const kept = await request(first.http).get(EVENTS).expect(200);
      await renameBehind(first, id, 'Changed behind');

      const replayed = await request(second.http).get(EVENTS).expect(200);

      expect((replayed.body as ListBody).events.map((event) => event.title)).toEqual([
        'Shared – 5 € – 東京',
      ]);
      expect(replayed.text).toBe(kept.text);
      expect(replayed.headers['etag']).toBe(kept.headers['etag']);
      expect(replayed.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(replayed.headers['x-tec-total']).toBe(kept.headers['x-tec-total']);
    });

    it('answers a single event on one instance from what the other kept', async () => {
      await first.reset();
      const music = await createCategory(first.http, { name: 'Music' });
      const { id } = await createEvent(first.http, { title: 'Kept', categories: [music.id] });
      const url = `${EVENTS}/${id}`;
      const kept = await request(first.http).get(url).expect(200);
      await renameBehind(first, id, 'Changed behind');

      const replayed = await request(second.http).get(url).expect(200);

      expect((replayed.body as { title: string }).title).toBe('Kept');
      expect(replayed.text).toBe(kept.text);
    });

    it('reads a damaged stored answer as a miss, not as an outage', async () => {
      const prefix = `calendar-test:${randomUUID()}:`;
      const store = new RedisReadCacheStore(REDIS_URL, prefix, 60_000, 60_000);
      const raw = new Redis(REDIS_URL);
      try {
        await store.ready();
        const { version } = await store.lookup('k');
        const kept = {
          body: Buffer.from('{"a":"– €"}'),
          etag: 'W/"x"',
          headers: { 'x-tec-total': '1' },
          madeAt: Date.now(),
          expiresAt: Date.now() + 10_000,
        };
        await store.set(version ?? '', 'k', kept, 60_000, ['events']);
        const found = await store.lookup('k');
        const [stored] = await raw.keys(`${prefix}kept:*`);
        if (stored === undefined) throw new Error('nothing was stored');
        // Its sequence, keys and position intact, the rest no answer this release wrote.
        const intact = await raw.getBuffer(stored);
        let cut = -1;
        for (let field = 0; field < 3; field++) cut = intact?.indexOf('|', cut + 1) ?? -1;
        const head = intact?.subarray(0, cut + 1);
        await raw.set(stored, Buffer.concat([head ?? Buffer.alloc(0), Buffer.from('{"e":\n{}')]));
        const damaged = await store.lookup('k');

        expect(found).toEqual({ version, answer: kept });
        expect(damaged).toEqual({ version });
      } finally {
        await raw.quit();
        await store.close();
      }
    });

    it('ends a page kept up to a position with a move an earlier release made, which has no position', async () => {
      const prefix = `calendar-test:${randomUUID()}:`;
      const store = new RedisReadCacheStore(REDIS_URL, prefix, 60_000, 60_000);
      const raw = new Redis(REDIS_URL);
      try {
        await store.ready();
        const kept = {
          body: Buffer.from('{"events":[]}'),
          etag: 'W/"x"',
          headers: {},
          madeAt: Date.now(),
          expiresAt: Date.now() + 10_000,
        };
        const { version } = await store.lookup('page');
        await store.set(version ?? '', 'page', kept, 60_000, ['events'], 1_000);
        // This release's move from after the page keeps it.
        await store.endWrite(await store.beginWrite(), { keys: ['events'], from: 2_000 });
        const after = await store.lookup('page');
        // An earlier release's narrowed write: the sequence and the key's last move, no front.
        const sequence = await raw.incr(`${prefix}sequence`);
        await raw.set(`${prefix}moved:events`, sequence);
        const gone = await store.lookup('page');

        expect(after.answer?.body.toString()).toBe('{"events":[]}');
        expect(gone.answer).toBeUndefined();
      } finally {
        await raw.quit();
        await store.close();
      }
    });

    it('moves the version for a writer that never ended once its time is up', async () => {
      const store = new RedisReadCacheStore(
        REDIS_URL,
        `calendar-test:${randomUUID()}:`,
        200,
        60_000,
      );
      try {
        await store.ready();
        const before = (await store.lookup('k')).version ?? '';
        const kept = {
          body: Buffer.from('{}'),
          etag: 'W/"x"',
          headers: {},
          madeAt: Date.now(),
          expiresAt: Date.now() + 10_000,
        };
        await store.set(before, 'k', kept, 60_000, ['events']);

        // A writer registers and dies before it ends (between its commit and the cache).
        await store.beginWrite();
        const during = await store.lookup('k');
        await new Promise((wait) => setTimeout(wait, 300));
        const after = await store.lookup('k');

        expect(during).toEqual({ version: before, answer: kept });
        expect(after.version).not.toBe(before);
        expect(after.answer).toBeUndefined();
      } finally {
        await store.close();
      }
    });

    it('keeps a filtered list on the other instance through a write of other terms', async () => {
      await first.reset();
      const music = await createCategory(first.http, { name: 'Music' });
      const film = await createCategory(first.http, { name: 'Film' });
      const a = await createEvent(first.http, { title: 'A', categories: [music.id] });
      const byMusic = `${EVENTS}?categories=${music.slug}`;
      expect(await titles(first, byMusic)).toEqual(['A']);
      await renameBehind(first, a.id, 'A renamed');

      await createEvent(second.http, { title: 'B', categories: [film.id] });
      expect(await titles(second, byMusic)).toEqual(['A']);

      await createEvent(second.http, {
        title: 'C',
        categories: [music.id],
        start_date: utcAt(3, 10),
        end_date: utcAt(3, 12),
      });
      // The list ends; A's rendering is kept, with Music's count of now.
      expect(await titles(first, byMusic)).toEqual(['A', 'C']);
      expect(await musicCount(first, byMusic)).toBe(2);
      expect(await musicCount(second, byMusic)).toBe(2);
    });

    it('keeps a search and a venue list on the other instance through writes elsewhere, not through one of the word or there', async () => {
      await first.reset();
      const hall = await createVenue(first.http, { venue: 'Hall' });
      const club = await createVenue(first.http, { venue: 'Club' });
      const a = await createEvent(first.http, { title: 'Jazz night', venue: hall.id, ...at(1) });
      const search = `${EVENTS}?search=jazz`;
      const byHall = `${EVENTS}?venue=${hall.id}`;
      expect(await titles(first, search)).toEqual(['Jazz night']);
      expect(await titles(first, byHall)).toEqual(['Jazz night']);
      // Behind the service: a list read again would leave A out, a kept one shows it.
      await hideBehind(first, a.id);

      // Through the other instance, at the club and without the word: both are kept.
      await createEvent(second.http, { title: 'Poetry', venue: club.id, ...at(2) });
      expect(await titles(second, search)).toEqual(['Jazz night']);
      expect(await titles(first, byHall)).toEqual(['Jazz night']);

      // The word, at the club: the search ends on both instances; the hall's list is kept.
      await createEvent(second.http, { title: 'Jazz brunch', venue: club.id, ...at(3) });
      expect(await titles(first, search)).toEqual(['Jazz brunch']);
      expect(await titles(second, byHall)).toEqual(['Jazz night']);

      // An event at the hall ends the hall's list.
      await createEvent(first.http, { title: 'Film', venue: hall.id, ...at(4) });
      expect(await titles(second, byHall)).toEqual(['Film']);
    });

    it('keeps a page on the other instance through writes after its last row', async () => {
      await first.reset();
      await pageThroughWrites(first, second);
    });

    it('shows a write on one instance to the next read on the other', async () => {
      await first.reset();
      const { id } = await createEvent(first.http, { title: 'One' });
      expect(await titles(second)).toEqual(['One']);
      expect(await titles(first)).toEqual(['One']);

      await second.admin.post(`${EVENTS}/${id}`).send({ title: 'Two' }).expect(200);

      expect(await titles(first)).toEqual(['Two']);
      const single = await request(first.http).get(`${EVENTS}/${id}`).expect(200);
      expect(single.body).toMatchObject({ title: 'Two' });
    });
  });
});
