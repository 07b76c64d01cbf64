import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import request from 'supertest';
import { SeriesHorizon } from '../../src/events/recurrence/series-horizon';
import { bearer } from '../setup/auth';
import { TestApp, useTestApp } from '../setup/test-app';

const EVENTS = '/calendar/events/v1/events';

interface Listed {
  id: number;
  title: string;
  status: string;
  start_date: string;
  end_date: string;
  utc_start_date: string;
  is_recurring: boolean;
  series_id: number;
  recurrence: string[];
}

interface ListBody {
  events: Listed[];
  total: number;
}

describe('recurring events', () => {
  const app = useTestApp({ SITE_TIMEZONE: 'Europe/Madrid' });
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });

  const createSeries = async (body: Record<string, unknown>): Promise<Listed> => {
    const response = await sut.admin.post(EVENTS).send(body).expect(201);
    return response.body as Listed;
  };

  const list = async (query: string): Promise<ListBody> =>
    (await sut.admin.get(`${EVENTS}?per_page=50&${query}`).expect(200)).body as ListBody;

  /** A weekly class on Tuesdays at 10:00 in Madrid, across the change to summer time. */
  const weeklyClass = (extra: Record<string, unknown> = {}) =>
    createSeries({
      title: 'Yoga',
      start_date: '2027-03-16 10:00',
      end_date: '2027-03-16 11:30',
      timezone: 'Europe/Madrid',
      categories: ['Classes'],
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=4'],
      ...extra,
    });

  const MARCH_APRIL = 'start_date=2027-03-01&end_date=2027-04-30';

  /** How many events series `seriesId` has stored, of any status. */
  const storedCount = async (seriesId: number): Promise<number> => {
    const rows: { n: number | string }[] = await sut.dataSource.query(
      'SELECT COUNT(*) AS n FROM events WHERE series_id = ?',
      [seriesId],
    );
    return Number(rows[0]?.n);
  };

  it('lists each occurrence as an event with its own id, at the same wall time across DST, in two zones', async () => {
    const series = await weeklyClass();
    expect(series).toMatchObject({
      is_recurring: true,
      series_id: series.id,
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=4'],
      start_date: '2027-03-16 10:00:00',
    });
    const york = await createSeries({
      title: 'Book club',
      start_date: '2027-03-07 18:00',
      end_date: '2027-03-07 19:00',
      timezone: 'America/New_York',
      recurrence: 'RRULE:FREQ=WEEKLY;COUNT=3',
    });

    const body = await list(MARCH_APRIL);
    const yoga = body.events.filter((event) => event.series_id === series.id);
    expect(yoga.map((event) => [event.start_date, event.utc_start_date])).toEqual([
      ['2027-03-16 10:00:00', '2027-03-16 09:00:00'],
      ['2027-03-23 10:00:00', '2027-03-23 09:00:00'],
      ['2027-03-30 10:00:00', '2027-03-30 08:00:00'],
      ['2027-04-06 10:00:00', '2027-04-06 08:00:00'],
    ]);
    expect(new Set(yoga.map((event) => event.id)).size).toBe(4);
    expect(yoga[0]?.id).toBe(series.id);
    expect(
      yoga.slice(1).every((event) => event.is_recurring && event.recurrence.length === 0),
    ).toBe(true);
    const club = body.events.filter((event) => event.series_id === york.id);
    expect(club.map((event) => [event.start_date, event.utc_start_date])).toEqual([
      ['2027-03-07 18:00:00', '2027-03-07 23:00:00'],
      ['2027-03-14 18:00:00', '2027-03-14 22:00:00'],
      ['2027-03-21 18:00:00', '2027-03-21 22:00:00'],
    ]);
    expect(body.total).toBe(7);

    // Each occurrence reads by its id; a single event says it does not recur.
    const third = yoga[2];
    const read = await sut.admin.get(`${EVENTS}/${third?.id}`).expect(200);
    expect(read.body).toMatchObject({ title: 'Yoga', series_id: series.id, is_recurring: true });
    const single = await createSeries({
      title: 'Once',
      start_date: '2027-03-20 10:00',
      end_date: '2027-03-20 11:00',
    });
    expect(single).toMatchObject({ is_recurring: false, series_id: 0, recurrence: [] });
  });

  it('refuses a rule it cannot read with the reason, and creates nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [['RRULE:FREQ=HOURLY'], 'FREQ=DAILY'],
      [['RRULE:FREQ=WEEKLY;COUNT=2;UNTIL=20270401T000000Z'], 'COUNT or UNTIL'],
      [['RRULE:FREQ=MONTHLY;BYDAY=9MO'], 'BYDAY'],
      [['RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'], 'without any occurrence'],
      [['RRULE:FREQ=WEEKLY;COUNT=3', 'EXDATE;TZID=Europe/Madrid:20270316T100000'], 'start_date'],
      [['EXRULE:FREQ=WEEKLY'], 'EXRULE'],
      // More than a series holds: the rule and the feed would promise what no list has.
      [['RRULE:FREQ=DAILY;COUNT=1001'], 'COUNT=1001 asks for more than the 1000 occurrences'],
      // The same through UNTIL: only the first 1,000 would ever be stored.
      [
        ['RRULE:FREQ=DAILY;UNTIL=20300101T000000Z'],
        'more than the 1000 occurrences a series may have before its UNTIL',
      ],
      // Before the start, which is the series' first occurrence: in the feed, in no list.
      [
        ['RRULE:FREQ=WEEKLY;COUNT=3', 'RDATE;TZID=Europe/Madrid:20270315T100000'],
        'RDATE 20270315T100000 is before the start of the series',
      ],
    ];
    for (const [recurrence, reason] of cases) {
      const response = await sut.admin
        .post(EVENTS)
        .send({
          title: 'Bad',
          start_date: '2027-03-16 10:00',
          end_date: '2027-03-16 11:00',
          timezone: 'Europe/Madrid',
          recurrence,
        })
        .expect(400);
      expect(response.body).toMatchObject({
        code: 'rest_invalid_param',
        data: {
          status: 400,
          details: { recurrence: { message: expect.stringContaining(reason) as unknown } },
        },
      });
    }
    const rows: { n: number | string }[] = await sut.dataSource.query(
      'SELECT COUNT(*) AS n FROM events',
    );
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it('edits the series everywhere but its exceptions, keeping every id', async () => {
    const series = await weeklyClass();
    const before = (await list(MARCH_APRIL)).events;
    const [, second, third, fourth] = before;

    // One occurrence changed on its own becomes an exception; another is trashed.
    await sut.admin.put(`${EVENTS}/${second?.id}`).send({ title: 'Yoga outdoors' }).expect(200);
    await sut.admin.delete(`${EVENTS}/${third?.id}`).expect(200);

    // The series moves to 18:00 and is renamed.
    const edited = await sut.admin
      .put(`${EVENTS}/${series.id}`)
      .send({ title: 'Evening yoga', start_date: '2027-03-16 18:00', end_date: '2027-03-16 19:30' })
      .expect(200);
    expect(edited.body).toMatchObject({ title: 'Evening yoga', start_date: '2027-03-16 18:00:00' });

    const after = (await list(MARCH_APRIL)).events;
    expect(after.map((event) => [event.id, event.title, event.start_date])).toEqual([
      [series.id, 'Evening yoga', '2027-03-16 18:00:00'],
      [second?.id, 'Yoga outdoors', '2027-03-23 10:00:00'],
      [fourth?.id, 'Evening yoga', '2027-04-06 18:00:00'],
    ]);
    // The trashed occurrence stays in the trash: the series edit did not bring it back.
    const trashed = await sut.admin.get(`${EVENTS}?status=trash&${MARCH_APRIL}`).expect(200);
    expect((trashed.body as ListBody).events.map((event) => event.id)).toEqual([third?.id]);
  });

  it('a changed rule trashes the occurrences it no longer gives and adds the new ones', async () => {
    const series = await weeklyClass();
    const before = (await list(MARCH_APRIL)).events.map((event) => event.id);

    await sut.admin
      .put(`${EVENTS}/${series.id}`)
      .send({ recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=2', 'RDATE:20270501T080000Z'] })
      .expect(200);
    const after = await list('start_date=2027-03-01&end_date=2027-05-31');
    expect(after.events.map((event) => [event.id, event.start_date])).toEqual([
      [before[0], '2027-03-16 10:00:00'],
      [before[1], '2027-03-23 10:00:00'],
      [expect.any(Number) as unknown, '2027-05-01 10:00:00'],
    ]);
    expect(before).not.toContain(after.events[2]?.id);
    const trashed = await sut.admin.get(`${EVENTS}?status=trash&${MARCH_APRIL}`).expect(200);
    expect((trashed.body as ListBody).events.map((event) => event.id)).toEqual(before.slice(2));

    // Ending the series leaves its first occurrence as a single event.
    const ended = await sut.admin
      .put(`${EVENTS}/${series.id}`)
      .send({ recurrence: '' })
      .expect(200);
    expect(ended.body).toMatchObject({ is_recurring: false, series_id: 0, recurrence: [] });
    expect((await list('start_date=2027-03-01&end_date=2027-05-31')).total).toBe(1);
  });

  it('lists only the first occurrence of each series in the window with hide_subsequent_recurrences', async () => {
    const series = await weeklyClass();
    const single = await createSeries({
      title: 'Once',
      start_date: '2027-03-20 10:00',
      end_date: '2027-03-20 11:00',
    });
    const first = await list(`${MARCH_APRIL}&hide_subsequent_recurrences=true`);
    expect(first.events.map((event) => event.id)).toEqual([series.id, single.id]);
    expect(first.total).toBe(2);

    const later = await list(
      'start_date=2027-03-25&end_date=2027-04-30&hide_subsequent_recurrences=1',
    );
    expect(later.events.map((event) => event.start_date)).toEqual(['2027-03-30 10:00:00']);
    expect((await list(MARCH_APRIL)).total).toBe(5);
  });

  it('keeps a public first-occurrences total exact through writes of single events and of occurrences', async () => {
    const publicList = async (): Promise<ListBody> =>
      (
        await request(sut.http)
          .get(`${EVENTS}?per_page=50&${MARCH_APRIL}&hide_subsequent_recurrences=true`)
          .expect(200)
      ).body as ListBody;
    const totalAndCount = async (): Promise<[number, number]> => {
      const body = await publicList();
      return [body.total, body.events.length];
    };
    const series = await weeklyClass();
    await createSeries({
      title: 'Once',
      start_date: '2027-03-20 10:00',
      end_date: '2027-03-20 11:00',
    });
    expect(await totalAndCount()).toEqual([2, 2]);

    // A single event's write recounts the window; the series' part is unchanged.
    const talk = await createSeries({
      title: 'Talk',
      start_date: '2027-04-02 19:00',
      end_date: '2027-04-02 20:00',
    });
    expect(await totalAndCount()).toEqual([3, 3]);
    await sut.admin.delete(`${EVENTS}/${talk.id}`).expect(200);
    expect(await totalAndCount()).toEqual([2, 2]);

    // An occurrence's write changes the series' part: one occurrence fewer, still one first.
    const occurrences = (await list(MARCH_APRIL)).events.filter(
      (event) => event.series_id === series.id,
    );
    expect(occurrences).toHaveLength(4);
    await sut.admin.delete(`${EVENTS}/${occurrences[1]?.id}`).expect(200);
    expect(await totalAndCount()).toEqual([2, 2]);
    await sut.admin.delete(`${EVENTS}/${series.id}`).expect(200);
    expect(await totalAndCount()).toEqual([1, 1]);
  });

  it('counts the first occurrences of a public window from the day counts, as many as it lists', async () => {
    const publicList = async (query: string): Promise<ListBody> =>
      (await request(sut.http).get(`${EVENTS}?per_page=50&${query}`).expect(200)).body as ListBody;
    const weekly = await weeklyClass({ recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=10'] });
    const monthly = await createSeries({
      title: 'Board meeting',
      start_date: '2027-03-03 18:00',
      end_date: '2027-03-03 20:00',
      recurrence: ['RRULE:FREQ=MONTHLY;BYDAY=1WE;COUNT=6'],
    });
    await createSeries({
      title: 'Summer festival',
      start_date: '2027-07-01 12:00',
      end_date: '2027-07-04 23:00',
      recurrence: ['RRULE:FREQ=YEARLY;COUNT=3'],
    });
    for (const day of ['2027-03-10', '2027-04-21', '2027-05-05']) {
      await createSeries({
        title: `Talk ${day}`,
        start_date: `${day} 19:00`,
        end_date: `${day} 20:00`,
      });
    }
    const weeklyRows = (await list(`start_date=2027-03-01&end_date=2027-06-30`)).events.filter(
      (event) => event.series_id === weekly.id,
    );
    // The weekly class's second occurrence in the trash, its third hidden from lists.
    await sut.admin.delete(`${EVENTS}/${weeklyRows[1]?.id}`).expect(200);
    await sut.admin
      .patch(`${EVENTS}/${weeklyRows[2]?.id}`)
      .send({ hide_from_listings: true })
      .expect(200);
    // Drafts that editors and their author list and the public does not: the weekly class's
    // fifth occurrence and the board meeting's third.
    const monthlyRows = (await list(`start_date=2027-03-01&end_date=2027-12-31`)).events.filter(
      (event) => event.series_id === monthly.id,
    );
    for (const draft of [weeklyRows[4], monthlyRows[2]]) {
      await sut.admin.patch(`${EVENTS}/${draft?.id}`).send({ status: 'draft' }).expect(200);
    }
    const readers: [string, (query: string) => Promise<ListBody>][] = [
      ['anonymous', publicList],
      ['administrator', list],
      [
        'author of every event',
        async (query) =>
          (
            await request(sut.http)
              .get(`${EVENTS}?per_page=50&${query}`)
              .set('Authorization', await bearer('author'))
              .expect(200)
          ).body as ListBody,
      ],
    ];
    const windows = [
      'start_date=2027-03-01&end_date=2027-12-31',
      'start_date=2027-03-20&end_date=2027-04-30',
      'start_date=2027-03-24 12:00&end_date=2027-05-04',
      'start_date=2027-04-08&end_date=2027-07-02',
      'start_date=2027-06-01&end_date=2027-06-30',
      'start_date=2027-03-20&end_date=2027-12-31&featured=false',
    ];
    for (const [reader, read] of readers) {
      for (const window of windows) {
        const body = await read(`${window}&hide_subsequent_recurrences=true`);
        expect({ reader, window, total: body.total }).toEqual({
          reader,
          window,
          total: body.events.length,
        });
        const series = body.events.filter((event) => event.series_id !== 0);
        expect(new Set(series.map((event) => event.series_id)).size).toBe(series.length);
      }
    }
    // The drafts come first for those who see them.
    const spring = 'start_date=2027-04-08&end_date=2027-07-02&hide_subsequent_recurrences=true';
    const firsts = async (read: (query: string) => Promise<ListBody>): Promise<string[]> =>
      (await read(spring)).events.map((event) => event.start_date);
    expect(await firsts(publicList)).toEqual(
      expect.arrayContaining(['2027-04-20 10:00:00', '2027-06-02 18:00:00']),
    );
    expect(await firsts(list)).toEqual(
      expect.arrayContaining(['2027-04-13 10:00:00', '2027-05-05 18:00:00']),
    );
    const march = await publicList(
      'start_date=2027-03-20&end_date=2027-04-30&hide_subsequent_recurrences=true',
    );
    expect(march.events.map((event) => [event.series_id, event.start_date])).toEqual([
      [weekly.id, '2027-04-06 10:00:00'],
      [monthly.id, '2027-04-07 18:00:00'],
      [0, '2027-04-21 19:00:00'],
    ]);
    expect(march.total).toBe(3);
  });

  it('splits the series at an occurrence with scope=following, every id kept', async () => {
    const series = await weeklyClass({ recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=6'] });
    const window = 'start_date=2027-03-01&end_date=2027-05-31';
    const before = (await list(window)).events;
    expect(before).toHaveLength(6);
    const fourth = before[3];

    const split = await sut.admin
      .put(`${EVENTS}/${fourth?.id}?scope=following`)
      .send({
        title: 'Yoga, new room',
        start_date: '2027-04-06 18:00',
        end_date: '2027-04-06 19:30',
      })
      .expect(200);
    expect(split.body).toMatchObject({
      id: fourth?.id,
      series_id: fourth?.id,
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=3'],
      start_date: '2027-04-06 18:00:00',
    });

    const after = (await list(window)).events;
    expect(
      after.map((event) => [event.id, event.series_id, event.title, event.start_date]),
    ).toEqual([
      [before[0]?.id, series.id, 'Yoga', '2027-03-16 10:00:00'],
      [before[1]?.id, series.id, 'Yoga', '2027-03-23 10:00:00'],
      [before[2]?.id, series.id, 'Yoga', '2027-03-30 10:00:00'],
      [fourth?.id, fourth?.id, 'Yoga, new room', '2027-04-06 18:00:00'],
      [before[4]?.id, fourth?.id, 'Yoga, new room', '2027-04-13 18:00:00'],
      [before[5]?.id, fourth?.id, 'Yoga, new room', '2027-04-20 18:00:00'],
    ]);
    const first = await sut.admin.get(`${EVENTS}/${series.id}`).expect(200);
    expect(first.body.recurrence).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20270406T075959Z']);

    // An edit of the first series now reaches only its own three occurrences.
    await sut.admin.put(`${EVENTS}/${series.id}`).send({ title: 'Morning yoga' }).expect(200);
    const titles = (await list(window)).events.map((event) => event.title);
    expect(titles).toEqual([
      'Morning yoga',
      'Morning yoga',
      'Morning yoga',
      'Yoga, new room',
      'Yoga, new room',
      'Yoga, new room',
    ]);

    // A single event has no series to split.
    const single = await createSeries({
      title: 'Once',
      start_date: '2027-03-20 10:00',
      end_date: '2027-03-20 11:00',
    });
    await sut.admin.put(`${EVENTS}/${single.id}?scope=following`).send({ title: 'x' }).expect(400);
    await sut.admin.put(`${EVENTS}/${single.id}?scope=all`).send({ title: 'x' }).expect(400);
  });

  it('exports a series as one VEVENT whose expansion by ical.js gives the instants the list gives', async () => {
    const series = await weeklyClass({
      recurrence: [
        'RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=6',
        'RDATE;TZID=Europe/Madrid:20270501T120000',
        'EXDATE:20270330T080000Z',
      ],
    });
    const window = 'start_date=2027-03-01&end_date=2027-05-31';
    const stored = (await list(window)).events;
    // One occurrence moved on its own, one trashed.
    await sut.admin
      .put(`${EVENTS}/${stored[1]?.id}`)
      .send({ title: 'Yoga at noon', start_date: '2027-03-23 12:00', end_date: '2027-03-23 13:30' })
      .expect(200);
    await sut.admin.delete(`${EVENTS}/${stored[2]?.id}`).expect(200);
    const listed = (await list(window)).events.map((event) =>
      Date.parse(`${event.utc_start_date.replace(' ', 'T')}Z`),
    );

    const text = (await sut.admin.get(`${EVENTS}/${series.id}.ics`).expect(200)).text;
    // Content lines end with CRLF, the last one too (RFC 5545 §3.1).
    expect(text.endsWith('\r\n')).toBe(true);
    expect(
      text
        .slice(0, -2)
        .split('\r\n')
        .filter((line) => /[\r\n]/.test(line)),
    ).toEqual([]);
    const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
    for (const zone of calendar.getAllSubcomponents('vtimezone')) {
      ICAL.TimezoneService.register(zone);
    }
    const [main, ...overrides] = calendar.getAllSubcomponents('vevent');
    if (!main) throw new Error('no VEVENT');
    const rule = main.getFirstPropertyValue('rrule')?.toString() ?? '';
    expect(rule.split(';').sort()).toEqual(['BYDAY=TU', 'COUNT=6', 'FREQ=WEEKLY']);
    expect(overrides).toHaveLength(1);
    const event = new ICAL.Event(main);
    for (const override of overrides) event.relateException(override);
    const expanded: number[] = [];
    const iterator = event.iterator();
    for (let next = iterator.next(); next && expanded.length < 50; next = iterator.next()) {
      expanded.push(event.getOccurrenceDetails(next).startDate.toJSDate().getTime());
    }
    expect(expanded.sort((a, b) => a - b)).toEqual(listed);
    expect(listed).toHaveLength(5);
  });

  it('extends a series with no end as time passes, adding the occurrences now due once', async () => {
    const series = await weeklyClass({ recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU'] });
    const stored = async (): Promise<number[]> => {
      const rows: { id: number | string }[] = await sut.dataSource.query(
        'SELECT id FROM events WHERE series_id = ? ORDER BY start_utc',
        [series.id],
      );
      return rows.map((row) => Number(row.id));
    };
    const all = await stored();
    // Weekly from March 2027 to 24 months from now.
    expect(all.length).toBeGreaterThan(60);

    // As if the series had been written two months ago: its last two months are not stored.
    const cutoff = DateTime.utc().plus({ months: 22 }).toFormat('yyyy-MM-dd HH:mm:ss');
    await sut.changeBehind('DELETE FROM events WHERE series_id = ? AND start_utc > ?', [
      series.id,
      cutoff,
    ]);
    await sut.changeBehind('UPDATE events SET recurrence_until = ? WHERE id = ?', [
      cutoff,
      series.id,
    ]);
    const kept = await stored();
    expect(kept.length).toBeLessThan(all.length - 5);

    const horizon = sut.app.get(SeriesHorizon);
    await horizon.pass();
    const extended = await stored();
    expect(extended).toHaveLength(all.length);
    expect(extended.slice(0, kept.length)).toEqual(kept);
    // Nothing is due any more: a second pass adds nothing.
    await horizon.pass();
    expect(await stored()).toEqual(extended);
    const far = DateTime.utc().plus({ months: 23 }).toFormat('yyyy-MM-dd');
    const end = DateTime.utc().plus({ months: 24 }).toFormat('yyyy-MM-dd');
    expect((await list(`start_date=${far}&end_date=${end}`)).total).toBeGreaterThan(2);
  });

  it('extends series on demand for a list past the horizon, and an edit keeps what it stored', async () => {
    const series = await weeklyClass({ recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU'] });
    const month = (months: number): string =>
      DateTime.utc().plus({ months }).toFormat('yyyy-MM-dd');
    const before = await storedCount(series.id);
    const farWindow = `start_date=${month(30)}&end_date=${month(32)}`;
    const far = await request(sut.http).get(`${EVENTS}?per_page=50&${farWindow}`).expect(200);
    const farBody = far.body as ListBody;
    expect(farBody.total).toBeGreaterThanOrEqual(8);
    expect(farBody.events).toHaveLength(farBody.total);
    for (const event of farBody.events) {
      expect(event).toMatchObject({ series_id: series.id, title: 'Yoga' });
      expect(event.start_date.slice(11)).toBe('10:00:00');
      expect(DateTime.fromSQL(event.start_date).weekday).toBe(2);
    }
    const farIds = farBody.events.map((event) => event.id);
    expect(await storedCount(series.id)).toBeGreaterThan(before + farIds.length);

    await sut.admin.patch(`${EVENTS}/${series.id}`).send({ title: 'Pilates' }).expect(200);
    const after = (await list(farWindow)).events;
    expect(after.map((event) => event.id)).toEqual(farIds);
    expect(after.every((event) => event.title === 'Pilates')).toBe(true);

    // Past ten years ahead nothing is stored on demand.
    const beyond = await list(`start_date=${month(12 * 19)}&end_date=${month(12 * 20)}`);
    expect(beyond.total).toBe(0);
  });

  it('stores nothing for a list ending within a week past the horizon, and extends past it', async () => {
    const day = (offset: { months?: number; days?: number }): string =>
      DateTime.utc().plus(offset).toFormat('yyyy-MM-dd');
    const daily = await createSeries({
      title: 'Morning run',
      start_date: `${day({ days: 1 })} 08:00`,
      end_date: `${day({ days: 1 })} 09:00`,
      recurrence: ['RRULE:FREQ=DAILY'],
    });
    // Stored up to three days short of the horizon, as the horizon loop leaves a series.
    const cut = DateTime.utc().plus({ months: 24, days: -3 }).toFormat('yyyy-MM-dd HH:mm:ss');
    await sut.changeBehind('DELETE FROM events WHERE series_id = ? AND start_utc > ?', [
      daily.id,
      cut,
    ]);
    await sut.changeBehind('UPDATE events SET recurrence_until = ? WHERE id = ?', [cut, daily.id]);
    const before = await storedCount(daily.id);

    await request(sut.http).get(EVENTS).expect(200);
    await request(sut.http)
      .get(`${EVENTS}?end_date=${day({ months: 24, days: 5 })}`)
      .expect(200);
    expect(await storedCount(daily.id)).toBe(before);

    await request(sut.http)
      .get(`${EVENTS}?end_date=${day({ months: 24, days: 12 })}`)
      .expect(200);
    expect(await storedCount(daily.id)).toBeGreaterThanOrEqual(before + 14);
  });

  it('gives occurrences slugs of the series and the day, the next free one when taken', async () => {
    const slugsOf = async (seriesId: number): Promise<string[]> => {
      const rows: { slug: string }[] = await sut.dataSource.query(
        'SELECT slug FROM events WHERE series_id = ? ORDER BY start_utc',
        [seriesId],
      );
      return rows.map((row) => row.slug);
    };
    const first = await weeklyClass({ recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=3'] });
    expect(await slugsOf(first.id)).toEqual(['yoga', 'yoga-2027-03-23', 'yoga-2027-03-30']);
    // A second class of the same name (so slugged yoga-2) with two occurrences on one day, whose
    // last day's slug an event took first.
    await createSeries({
      title: 'Yoga 2 2027-03-30',
      start_date: '2027-01-01 10:00',
      end_date: '2027-01-01 11:00',
    });
    const second = await weeklyClass({
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=3', 'RDATE:20270323T180000'],
    });
    expect(await slugsOf(second.id)).toEqual([
      'yoga-2',
      'yoga-2-2027-03-23',
      'yoga-2-2027-03-23-2',
      'yoga-2-2027-03-30-2',
    ]);
  });

  it('keeps the rule on the series: an occurrence refuses one, and trashing the series trashes all', async () => {
    const series = await weeklyClass();
    const occurrences = (await list(MARCH_APRIL)).events;
    const response = await sut.admin
      .put(`${EVENTS}/${occurrences[1]?.id}`)
      .send({ recurrence: ['RRULE:FREQ=DAILY;COUNT=2'] })
      .expect(400);
    expect(JSON.stringify(response.body)).toContain(String(series.id));

    await sut.admin.delete(`${EVENTS}/${series.id}`).expect(200);
    expect((await list(MARCH_APRIL)).total).toBe(0);
    const trashed = await sut.admin.get(`${EVENTS}?status=trash&${MARCH_APRIL}`).expect(200);
    expect((trashed.body as ListBody).total).toBe(4);
  });

  describe('at DST changes (RFC 5545 §3.3.5)', () => {
    const utcStarts = (events: Listed[]): string[] => events.map((event) => event.utc_start_date);

    it('refuses a start or end the clocks skip, naming the time it would be, and creates nothing', async () => {
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [
          { start_date: '2027-03-28 02:30', end_date: '2027-03-28 03:30' },
          'start_date',
          '2027-03-28 02:30:00 does not exist in Europe/Madrid',
        ],
        [
          { start_date: '2027-03-28 01:30', end_date: '2027-03-28 02:15' },
          'end_date',
          'send 2027-03-28 03:15:00',
        ],
      ];
      for (const [dates, param, reason] of cases) {
        const response = await sut.admin
          .post(EVENTS)
          .send({ title: 'Night walk', timezone: 'Europe/Madrid', ...dates })
          .expect(400);
        expect(response.body).toMatchObject({
          code: 'rest_invalid_param',
          data: { details: { [param]: { message: expect.stringContaining(reason) as unknown } } },
        });
      }
      // Spanish readers get the reason in Spanish.
      const spanish = await sut.admin
        .post(`/es${EVENTS}`)
        .send({
          title: 'Paseo',
          timezone: 'Europe/Madrid',
          start_date: '2027-03-28 02:30',
          end_date: '2027-03-28 04:00',
        })
        .expect(400);
      expect(JSON.stringify(spanish.body)).toContain('no existe en Europe/Madrid');
      const rows: { n: number | string }[] = await sut.dataSource.query(
        'SELECT COUNT(*) AS n FROM events',
      );
      expect(Number(rows[0]?.n)).toBe(0);

      // The same instant with its offset, and an all-day event on that day, are taken.
      const exact = await createSeries({
        title: 'Night walk',
        timezone: 'Europe/Madrid',
        start_date: '2027-03-28T02:30:00+01:00',
        end_date: '2027-03-28T04:30:00+02:00',
      });
      expect(exact).toMatchObject({
        start_date: '2027-03-28 03:30:00',
        utc_start_date: '2027-03-28 01:30:00',
      });
      await createSeries({
        title: 'Spring day',
        timezone: 'Europe/Madrid',
        start_date: '2027-03-28',
        end_date: '2027-03-28',
        all_day: true,
      });
      // A move to a zone where the kept wall time does not exist is refused the same way.
      const moved = await sut.admin
        .put(`${EVENTS}/${exact.id}`)
        .send({ timezone: 'Europe/London' })
        .expect(200);
      expect(moved.body).toMatchObject({ start_date: '2027-03-28 03:30:00' });
      const gapped = await createSeries({
        title: 'Early walk',
        timezone: 'Europe/London',
        start_date: '2027-03-28 00:30',
        end_date: '2027-03-28 02:30',
      });
      const refused = await sut.admin
        .put(`${EVENTS}/${gapped.id}`)
        .send({ timezone: 'Europe/Madrid' })
        .expect(400);
      expect(JSON.stringify(refused.body)).toContain('end_date');
    });

    it('takes a repeated hour wall time as its first instant, in the series start and every occurrence', async () => {
      const series = await createSeries({
        title: 'Night shift',
        timezone: 'Europe/Madrid',
        start_date: '2027-10-30 02:30',
        end_date: '2027-10-30 03:30',
        recurrence: ['RRULE:FREQ=DAILY;COUNT=3'],
      });
      const listed = (await list('start_date=2027-10-29&end_date=2027-11-02')).events;
      expect(listed.map((event) => event.id)[0]).toBe(series.id);
      expect(utcStarts(listed)).toEqual([
        '2027-10-30 00:30:00',
        '2027-10-31 00:30:00',
        '2027-11-01 01:30:00',
      ]);
      // Each lasts its hour, the one in the repeated hour too.
      expect(listed.map((event) => event.end_date)).toEqual([
        '2027-10-30 03:30:00',
        '2027-10-31 02:30:00',
        '2027-11-01 03:30:00',
      ]);

      // A series that starts in the repeated hour is taken, by wall time or by either instant.
      for (const [start, utc] of [
        ['2027-10-31 02:30', '2027-10-31 00:30:00'],
        ['2027-10-31T02:30:00+01:00', '2027-10-31 01:30:00'],
      ] as const) {
        const own = await createSeries({
          title: 'Change night',
          timezone: 'Europe/Madrid',
          start_date: start,
          end_date: '2027-10-31 04:00',
          recurrence: ['RRULE:FREQ=WEEKLY;COUNT=2'],
        });
        expect(own.utc_start_date).toBe(utc);
      }
    });

    it('moves an occurrence the clocks skip by the gap, that day only, keeping its length', async () => {
      await createSeries({
        title: 'Night bus',
        timezone: 'Europe/Madrid',
        start_date: '2027-03-27 02:30',
        end_date: '2027-03-27 03:15',
        recurrence: ['RRULE:FREQ=DAILY;COUNT=3'],
      });
      const listed = (await list('start_date=2027-03-26&end_date=2027-03-30')).events;
      expect(listed.map((event) => [event.start_date, event.end_date])).toEqual([
        ['2027-03-27 02:30:00', '2027-03-27 03:15:00'],
        ['2027-03-28 03:30:00', '2027-03-28 04:15:00'],
        ['2027-03-29 02:30:00', '2027-03-29 03:15:00'],
      ]);
    });
  });

  it('brings back occurrences a rule change trashed when a later change gives them again, but not those trashed on their own', async () => {
    const series = await weeklyClass({ recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=5'] });
    const window = 'start_date=2027-03-01&end_date=2027-05-31';
    const ids = (await list(window)).events.map((event) => event.id);
    expect(ids).toHaveLength(5);
    // The user trashes the second one; the rule then shrinks to three and grows back to five.
    await sut.admin.delete(`${EVENTS}/${ids[1]}`).expect(200);
    for (const count of [3, 5]) {
      await sut.admin
        .put(`${EVENTS}/${series.id}`)
        .send({ recurrence: [`RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=${count}`] })
        .expect(200);
    }
    const after = (await list(window)).events;
    expect(after.map((event) => [event.id, event.status])).toEqual(
      [ids[0], ids[2], ids[3], ids[4]].map((id) => [id, 'publish']),
    );
    // Anonymous readers see them too, and the feed excludes only the one trashed by hand.
    const anonymous = await request(sut.http).get(`${EVENTS}?${window}`).expect(200);
    expect((anonymous.body as ListBody).total).toBe(4);
    const text = (await request(sut.http).get(`${EVENTS}/${series.id}.ics`).expect(200)).text;
    const exdates = text.split('\r\n').filter((line) => line.startsWith('EXDATE'));
    expect(exdates).toEqual(['EXDATE;TZID=Europe/Madrid:20270323T100000']);
  });

  it('brings back an occurrence a rule change trashed as the series is now, with the edits made while it was away', async () => {
    const series = await weeklyClass();
    const ids = (await list(MARCH_APRIL)).events.map((event) => event.id);
    expect(ids).toHaveLength(4);
    const rule = (count: number) => ({ recurrence: [`RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=${count}`] });
    await sut.admin.put(`${EVENTS}/${series.id}`).send(rule(2)).expect(200);
    // While the last two are in the trash, the series is renamed, in English and in Spanish,
    // filed under one more category and given a cost.
    await sut.admin
      .put(`${EVENTS}/${series.id}`)
      .send({ title: 'Hatha yoga', categories: ['Classes', 'Mornings'], cost: '12' })
      .expect(200);
    await sut.admin
      .put(`${EVENTS}/${series.id}?i18n_language=es`)
      .send({ title: 'Yoga hatha' })
      .expect(200);
    await sut.admin.put(`${EVENTS}/${series.id}`).send(rule(4)).expect(200);

    for (const id of ids) {
      const english = (await sut.admin.get(`${EVENTS}/${id}`).expect(200)).body as Record<
        string,
        unknown
      >;
      expect(english).toMatchObject({ id, status: 'publish', title: 'Hatha yoga', cost: '$12' });
      const categories = english.categories as Array<{ name: string }>;
      expect(categories.map((category) => category.name).sort()).toEqual(['Classes', 'Mornings']);
      const spanish = (await sut.admin.get(`${EVENTS}/${id}?i18n_language=es`).expect(200))
        .body as Listed;
      expect(spanish.title).toBe('Yoga hatha');
    }
    // The category counts every published occurrence once.
    const mornings = (
      (await request(sut.http).get('/calendar/events/v1/categories?search=Mornings').expect(200))
        .body as { categories: Array<{ count: number }> }
    ).categories;
    expect(mornings.map((category) => category.count)).toEqual([4]);
  });
});
