import { DateTime } from 'luxon';
import request from 'supertest';
import { createEvent } from '../factories/event.factory';
import { ADMIN_ID, bearer } from '../setup/auth';
import { random } from '../setup/random';
import { TestApp, useTestApp } from '../setup/test-app';

const BASE = '/calendar/events/v1';
const EVENTS = `${BASE}/events`;
const FORMAT = 'yyyy-MM-dd HH:mm:ss';

/** The query of a window from `start` to `end` that holds only events inside it. */
function strictBounds(start: DateTime, end: DateTime): string {
  const at = (instant: DateTime): string => encodeURIComponent(instant.toFormat(FORMAT));
  return `start_date=${at(start)}&end_date=${at(end)}&strict_dates=true`;
}

/** What a test event is, as the expected totals are computed from it. */
interface Planned {
  id: number;
  start: DateTime;
  end: DateTime;
  status: 'publish' | 'draft' | 'pending' | 'private' | 'future' | 'trash';
  hidden: boolean;
  featured: boolean;
  terms: number[];
}

/**
 * Totals of windows of several days, which are read from the day counts and the exact counts
 * of their first and last days, against totals computed here from what was written: events
 * at every edge (starting before, on and after each bound, ending on the last day, spanning
 * days, hidden, drafts, scheduled, featured, in a category, its parent or a tag), then after
 * updates and trashing that move them across the bounds. Editors' lists of other statuses (their
 * default, drafts with published events, the trash) are checked the same way. A window of
 * months sums its whole days in blocks kept apart (a write recounts its block): the same checks
 * run over one.
 */
describe.each([
  ['days', DateTime.fromISO('2031-05-18T07:15:00Z', { zone: 'utc' })],
  ['months', DateTime.fromISO('2031-10-18T07:15:00Z', { zone: 'utc' })],
])('event list totals over windows of %s', (_, windowEnd) => {
  // Hundreds of writes per test: correctness, not speed (a noisy machine may take seconds).
  jest.setTimeout(30_000);
  const app = useTestApp();
  let sut: TestApp;

  beforeEach(() => {
    sut = app();
  });

  const windowStart = DateTime.fromISO('2031-05-10T13:30:00Z', { zone: 'utc' });
  // Starts drawn from two days before the window to two days after its end.
  const spreadMinutes = windowEnd.plus({ days: 4 }).diff(windowStart, 'minutes').minutes;
  const bounds = strictBounds(windowStart, windowEnd);

  async function category(name: string, parent?: number): Promise<number> {
    const response = await sut.admin
      .post(`${BASE}/categories`)
      .send(parent ? { name, parent } : { name })
      .expect(201);
    return (response.body as { id: number }).id;
  }

  function draw(next: () => number, terms: number[]): Omit<Planned, 'id'> {
    // Starts from two days before the window to two days after its end, on the edges often.
    const edges = [windowStart, windowEnd, windowStart.startOf('day'), windowEnd.startOf('day')];
    const start =
      next() < 0.4
        ? edges[Math.floor(next() * edges.length)]!.plus({ minutes: Math.floor(next() * 120) - 60 })
        : windowStart.minus({ days: 2 }).plus({ minutes: Math.floor(next() * spreadMinutes) });
    const lengths = [0, 30, 60 * 5, 60 * 20, 60 * 30, 60 * 50, 60 * 24 * 4];
    const end = start.plus({ minutes: lengths[Math.floor(next() * lengths.length)]! });
    const statusDraw = next();
    return {
      start,
      end,
      status:
        statusDraw < 0.7
          ? 'publish'
          : statusDraw < 0.8
            ? 'draft'
            : statusDraw < 0.85
              ? 'pending'
              : statusDraw < 0.89
                ? 'private'
                : 'future',
      hidden: next() < 0.1,
      featured: next() < 0.3,
      terms: terms.filter(() => next() < 0.4),
    };
  }

  function body(event: Omit<Planned, 'id'>, categories: number[]): Record<string, unknown> {
    return {
      title: 'Window event',
      start_date: event.start.toFormat(FORMAT),
      end_date: event.end.toFormat(FORMAT),
      timezone: 'UTC',
      // Published with a date to come, an event is scheduled (`future`).
      status: event.status === 'future' ? 'publish' : event.status,
      date_utc: event.status === 'future' ? '2099-01-01 00:00:00' : '2025-01-01 00:00:00',
      hide_from_listings: event.hidden,
      featured: event.featured,
      categories: event.terms.filter((id) => categories.includes(id)),
      tags: event.terms.filter((id) => !categories.includes(id)),
    };
  }

  it('are exact for all events, a parent category, a subcategory, a tag and featured, through writes', async () => {
    const music = await category('Music');
    const jazz = await category('Jazz', music);
    const tagResponse = await sut.admin.post(`${BASE}/tags`).send({ name: 'Free' }).expect(201);
    const free = (tagResponse.body as { id: number }).id;
    const categories = [music, jazz];
    const next = random(20310510);
    const planned: Planned[] = [];
    const lastDay = windowEnd.startOf('day');
    const fixed: [DateTime, number][] = [
      [lastDay.minus({ hours: 2 }), 60], // ends the day before the last day
      [lastDay.minus({ hours: 2 }), 180], // ends on the last day, before the window's end
      [lastDay.minus({ days: 3 }), 60 * 24 * 3 + 30], // the same, after days
      [lastDay.minus({ hours: 2 }), 60 * 12], // ends on the last day, after the window's end
      [windowStart.minus({ minutes: 1 }), 60], // starts just before the window
      [windowStart, 60], // starts with the window
      [windowStart.plus({ days: 1 }), 60 * 24 * 4], // spans days inside
    ];
    const drawn = Array.from({ length: 45 }, () => draw(next, [music, jazz, free]));
    for (const [start, minutes] of fixed) {
      drawn.push({
        start,
        end: start.plus({ minutes }),
        status: 'publish',
        hidden: false,
        featured: false,
        terms: [jazz],
      });
    }
    for (const event of drawn) {
      const created = await createEvent(sut.http, body(event, categories));
      planned.push({ ...event, id: created.id });
    }

    const filedUnder = (event: Planned, term: number): boolean =>
      event.terms.includes(term) || (term === music && event.terms.includes(jazz));
    const cases: [string, (event: Planned) => boolean][] = [
      ['', () => true],
      [`&categories=${music}`, (event) => filedUnder(event, music)],
      [`&categories=${jazz}`, (event) => filedUnder(event, jazz)],
      [`&tags=${free}`, (event) => filedUnder(event, free)],
      ['&featured=true', (event) => event.featured],
      ['&featured=false', (event) => !event.featured],
      [`&categories=${music}&featured=true`, (event) => filedUnder(event, music) && event.featured],
    ];
    // Who reads, the statuses they ask for, and which stored statuses their list shows (the
    // scheduled events here are dated 2099, so a list of published events leaves them out).
    // The administrator wrote every event, so an author with the same user id owns them all,
    // and one with another id owns none.
    const readers: Record<string, string | undefined> = {
      anonymous: undefined,
      editor: await bearer('administrator'),
      'author of all': await bearer('author', ADMIN_ID),
      'author of none': await bearer('author', ADMIN_ID + 1),
    };
    const views: [string, string, (status: Planned['status']) => boolean][] = [
      ['anonymous', '', (status) => status === 'publish'],
      ['author of all', '', (status) => status !== 'trash'],
      ['author of all', '&status=draft', (status) => status === 'draft'],
      ['author of all', '&status=publish,future', (status) => /^(publish|future)$/.test(status)],
      ['author of none', '', (status) => status === 'publish'],
      ['editor', '', (status) => status !== 'trash'],
      ['editor', '&status=publish,draft', (status) => status === 'publish' || status === 'draft'],
      [
        'editor',
        '&status=draft,pending,private',
        (status) => /^(draft|pending|private)$/.test(status),
      ],
      ['editor', '&status=trash', (status) => status === 'trash'],
    ];
    const check = async (when: string): Promise<void> => {
      for (const [reader, statuses, shows] of views) {
        for (const [query, matches] of cases) {
          const expected = planned.filter(
            (event) =>
              shows(event.status) &&
              !event.hidden &&
              event.start >= windowStart &&
              event.end <= windowEnd &&
              matches(event),
          );
          const url = `${EVENTS}?${bounds}${statuses}${query}&per_page=50`;
          const token = readers[reader];
          const get = request(sut.http).get(url);
          const response = await (token ? get.set('Authorization', token) : get).expect(200);
          const listed = (response.body as { events: { id: number }[] }).events.map((e) => e.id);
          const where = { when, reader, statuses, query };
          expect({ ...where, total: response.headers['x-tec-total'] }).toEqual({
            ...where,
            total: String(expected.length),
          });
          expect(listed.sort((a, b) => a - b)).toEqual(
            expected.map((e) => e.id).sort((a, b) => a - b),
          );
        }
      }
    };

    await check('after the creates');

    for (const event of planned.filter(() => next() < 0.4)) {
      const moved = draw(next, [music, jazz, free]);
      await sut.admin.post(`${EVENTS}/${event.id}`).send(body(moved, categories)).expect(200);
      Object.assign(event, moved);
    }
    await check('after the updates');

    for (const event of planned.filter(() => next() < 0.25)) {
      await sut.admin.delete(`${EVENTS}/${event.id}`).expect(200);
      event.status = 'trash';
    }
    await check('after trashing');

    await sut.admin.post(`${BASE}/categories/${jazz}`).send({ parent: 0 }).expect(200);
    // Jazz left Music: its events count under Music no more, unless filed there themselves.
    const musicNow = (event: Planned): boolean => event.terms.includes(music);
    cases[1] = [`&categories=${music}`, musicNow];
    cases[6] = [`&categories=${music}&featured=true`, (event) => musicNow(event) && event.featured];
    await check('after the subcategory moved to the top');
  });

  it('stay exact when writers move events at the same time, neighbours and one event alike', async () => {
    const music = await category('Music');
    const inside = windowStart.plus({ days: 2 });
    const outside = windowEnd.plus({ days: 2 });
    const at = (start: DateTime) => ({
      start_date: start.toFormat(FORMAT),
      end_date: start.plus({ hours: 1 }).toFormat(FORMAT),
      timezone: 'UTC',
    });
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      ids.push((await createEvent(sut.http, { ...at(inside), categories: [music] })).id);
    }
    const total = async (query: string): Promise<string | undefined> =>
      (await request(sut.http).get(`${EVENTS}?${bounds}${query}`).expect(200)).headers[
        'x-tec-total'
      ];

    // Every other event leaves the window, each by its own writer, all at once.
    const moves = await Promise.all(
      ids.map((id, index) =>
        sut.admin
          .post(`${EVENTS}/${id}`)
          .send(at(index % 2 === 0 ? outside : inside.plus({ days: 1 }))),
      ),
    );
    expect(moves.map((response) => response.status)).toEqual(ids.map(() => 200));
    expect(await total('')).toBe('6');
    expect(await total(`&categories=${music}`)).toBe('6');

    // One event moved by many writers at once ends where the last of them put it, counted once.
    const target = ids[1]!;
    const days = [3, -5, 4, 12, 1, -9, 5, 2];
    const edits = await Promise.all(
      days.map((days) =>
        sut.admin
          .post(`${EVENTS}/${target}`)
          .send({ ...at(windowStart.plus({ days })), featured: days > 2 }),
      ),
    );
    expect(edits.map((response) => response.status)).toEqual(days.map(() => 200));
    const final = await request(sut.http).get(`${EVENTS}/${target}`).expect(200);
    const finalStart = DateTime.fromFormat(final.body.utc_start_date as string, FORMAT, {
      zone: 'utc',
    });
    const stays = finalStart >= windowStart && finalStart.plus({ hours: 1 }) <= windowEnd ? 1 : 0;
    expect(await total('')).toBe(String(5 + stays));
    expect(await total(`&categories=${music}`)).toBe(String(5 + stays));
    expect(await total('&featured=true')).toBe(String(stays && final.body.featured ? 1 : 0));
  });

  it('stay exact, and every create succeeds, when writers create events of the same terms at once', async () => {
    const music = await category('Music');
    const tag = await sut.admin.post(`${BASE}/tags`).send({ name: 'Free' }).expect(201);
    const free = (tag.body as { id: number }).id;
    const start = windowStart.plus({ days: 2 });
    const creates = await Promise.all(
      Array.from({ length: 24 }, async (_, index) =>
        request(sut.http)
          .post(EVENTS)
          .set('Authorization', await bearer('administrator'))
          .send({
            title: `Concurrent ${index}`,
            start_date: start.plus({ hours: index }).toFormat(FORMAT),
            end_date: start.plus({ hours: index + 1 }).toFormat(FORMAT),
            timezone: 'UTC',
            categories: [music],
            tags: [free],
          }),
      ),
    );

    expect(creates.map((response) => response.status)).toEqual(creates.map(() => 201));
    for (const query of ['', `&categories=${music}`, `&tags=${free}`]) {
      const response = await request(sut.http).get(`${EVENTS}?${bounds}${query}`).expect(200);
      expect(response.headers['x-tec-total']).toBe('24');
    }
    const counted = await request(sut.http).get(`${BASE}/categories/${music}`).expect(200);
    expect(counted.body.count).toBe(24);
  });

  it('count a scheduled event once its date has passed, and not before', async () => {
    const start = windowStart.plus({ days: 3 });
    const scheduled = await createEvent(sut.http, {
      start_date: start.toFormat(FORMAT),
      end_date: start.plus({ hours: 2 }).toFormat(FORMAT),
      timezone: 'UTC',
      date_utc: '2099-01-01 00:00:00',
    });
    expect(scheduled['status']).toBe('future');
    const total = async (): Promise<string | undefined> =>
      (await request(sut.http).get(`${EVENTS}?${bounds}`).expect(200)).headers['x-tec-total'];

    expect(await total()).toBe('0');
    await sut.changeBehind('UPDATE events SET date_utc = ? WHERE id = ?', [
      '2020-01-01 00:00:00',
      scheduled.id,
    ]);
    expect(await total()).toBe('1');
    const asEditor = await request(sut.http)
      .get(`${EVENTS}?${bounds}&status=future`)
      .set('Authorization', await bearer('administrator'))
      .expect(200);
    expect(asEditor.headers['x-tec-total']).toBe('0');
  });
});

/**
 * A deep page of a public list (offset 200 and on) is read from the UTC day the day counts put
 * it in, not by skipping every row before it. Its rows must be exactly those the offset gives:
 * checked page by page against the list computed here, with drafts, scheduled and hidden events
 * among the rows, events that span days and end on the window's last day, and again after
 * writes that move events across days (kept parts of the seek are ended by those writes).
 */
describe('deep pages of a dated list', () => {
  jest.setTimeout(60_000);
  const app = useTestApp();
  let sut: TestApp;

  beforeEach(() => {
    sut = app();
  });

  const windowStart = DateTime.fromISO('2031-06-01T06:00:00Z', { zone: 'utc' });
  const windowEnd = DateTime.fromISO('2031-06-09T18:00:00Z', { zone: 'utc' });
  const bounds = strictBounds(windowStart, windowEnd);

  interface Deep {
    id: number;
    start: DateTime;
    end: DateTime;
    status: 'publish' | 'draft' | 'future';
    hidden: boolean;
  }

  function draw(next: () => number): Omit<Deep, 'id'> {
    // From a day before the window to a day after it, on the hour or half hour.
    const start = windowStart.minus({ days: 1 }).plus({ minutes: 30 * Math.floor(next() * 528) });
    const lengths = [0, 60, 60 * 3, 60 * 26, 60 * 50];
    const statusDraw = next();
    return {
      start,
      end: start.plus({ minutes: lengths[Math.floor(next() * lengths.length)]! }),
      status: statusDraw < 0.85 ? 'publish' : statusDraw < 0.92 ? 'draft' : 'future',
      hidden: next() < 0.03,
    };
  }

  function body(event: Omit<Deep, 'id'>): Record<string, unknown> {
    return {
      title: 'Deep event',
      start_date: event.start.toFormat(FORMAT),
      end_date: event.end.toFormat(FORMAT),
      timezone: 'UTC',
      status: event.status === 'future' ? 'publish' : event.status,
      date_utc: event.status === 'future' ? '2099-01-01 00:00:00' : '2025-01-01 00:00:00',
      hide_from_listings: event.hidden,
    };
  }

  it('hold the rows the offset gives, through writes that move events across days', async () => {
    const next = random(20310601);
    const planned: Deep[] = [];
    const drawn = Array.from({ length: 420 }, () => draw(next));
    // Ending on the window's last day, some from days before it.
    for (const days of [0, 1, 2]) {
      const start = windowEnd.startOf('day').minus({ days }).plus({ hours: 1 });
      drawn.push({ start, end: start.plus({ days, hours: 2 }), status: 'publish', hidden: false });
    }
    for (let from = 0; from < drawn.length; from += 10) {
      const batch = drawn.slice(from, from + 10);
      const created = await Promise.all(batch.map((event) => createEvent(sut.http, body(event))));
      created.forEach((event, index) => planned.push({ ...batch[index]!, id: event.id }));
    }

    const check = async (when: string): Promise<void> => {
      const listed = planned
        .filter(
          (event) =>
            event.status === 'publish' &&
            !event.hidden &&
            event.start >= windowStart &&
            event.end <= windowEnd,
        )
        .sort((a, b) => a.start.toMillis() - b.start.toMillis() || a.id - b.id)
        .map((event) => event.id);
      expect(listed.length).toBeGreaterThan(220);
      for (const perPage of [50, 23]) {
        const pages = Math.ceil(listed.length / perPage);
        for (let page = Math.floor(200 / perPage); page <= pages; page++) {
          const response = await request(sut.http)
            .get(`${EVENTS}?${bounds}&per_page=${perPage}&page=${page}`)
            .expect(200);
          const ids = (response.body as { events: { id: number }[] }).events.map((e) => e.id);
          expect({ when, perPage, page, ids }).toEqual({
            when,
            perPage,
            page,
            ids: listed.slice((page - 1) * perPage, page * perPage),
          });
          expect(response.headers['x-tec-total']).toBe(String(listed.length));
        }
      }
    };

    await check('after the creates');
    // Moves early in the window shift every deep page; a scheduled event is published.
    for (const event of planned.filter(() => next() < 0.06)) {
      const moved = draw(next);
      await sut.admin.post(`${EVENTS}/${event.id}`).send(body(moved)).expect(200);
      Object.assign(event, moved);
    }
    const scheduled = planned.find((event) => event.status === 'future');
    if (scheduled) {
      await sut.admin
        .post(`${EVENTS}/${scheduled.id}`)
        .send({ status: 'publish', date_utc: '2025-01-01 00:00:00' })
        .expect(200);
      scheduled.status = 'publish';
    }
    await check('after the moves');
  });
});
