import ICAL from 'ical.js';
import request from 'supertest';
import { createEvent } from '../factories/event.factory';
import { TestApp, useTestApp } from '../setup/test-app';

const EVENTS = '/calendar/events/v1/events';

interface JsonEvent {
  id: number;
  global_id: string;
  title: string;
  url: string;
  utc_start_date: string;
  utc_end_date: string;
  modified_utc: string;
}

/** The VEVENTs of an iCalendar text, parsed by ical.js with the text's own VTIMEZONEs. */
function parse(text: string): ICAL.Event[] {
  expectContentLines(text);
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(zone);
  }
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

/**
 * RFC 5545 §3.1: `text` is content lines each ending with CRLF, the last one too, with no bare CR
 * or LF, none longer than 75 octets.
 */
function expectContentLines(text: string): void {
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.slice(0, -2).split('\r\n');
  expect(lines.filter((line) => /[\r\n]/.test(line))).toEqual([]);
  expect(lines.filter((line) => Buffer.byteLength(line) > 75)).toEqual([]);
}

/** An instant of the JSON (`YYYY-MM-DD HH:MM:SS`, UTC) in Unix seconds. */
function unix(utc: string): number {
  return Date.parse(`${utc.replace(' ', 'T')}Z`) / 1000;
}

describe('iCalendar feeds', () => {
  const app = useTestApp({ SITE_TIMEZONE: 'Europe/Madrid' });
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });

  const feed = async (path: string) => {
    const response = await request(sut.http).get(path).expect(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    return response.text;
  };

  it('writes a timed event across a DST change at the instants the JSON gives, in its own zone', async () => {
    // Madrid moves to summer time at 02:00 on 28 March 2027: the event ends in CEST.
    const created = (await createEvent(sut.http, {
      title: 'Jazz, on the roof; late',
      start_date: '2027-03-27 20:00',
      end_date: '2027-03-28 03:30',
      timezone: 'Europe/Madrid',
      description: '<p>A quartet</p><p>from Lisbon</p>',
      venue: { venue: 'Terrat', city: 'Barcelona', geo_lat: 41.38, geo_lng: 2.17 },
      organizer: [{ organizer: 'Club', email: 'club@example.com' }],
      categories: ['Music'],
    })) as unknown as JsonEvent;

    const text = await feed(`${EVENTS}.ics?start_date=2027-03-01&end_date=2027-04-30`);
    const [event] = parse(text);

    expect(event?.uid).toBe(created.global_id);
    expect(event?.summary).toBe('Jazz, on the roof; late');
    expect(event?.description).toBe('A quartet\nfrom Lisbon');
    expect(event?.startDate.zone?.tzid).toBe('Europe/Madrid');
    expect(event?.startDate.toUnixTime()).toBe(unix(created.utc_start_date));
    expect(event?.endDate.toUnixTime()).toBe(unix(created.utc_end_date));
    expect((event?.endDate.toUnixTime() ?? 0) - (event?.startDate.toUnixTime() ?? 0)).toBe(
      6.5 * 3600,
    );
    expect(event?.location).toBe('Terrat, Barcelona');
    const vevent = event?.component;
    expect(vevent?.getFirstPropertyValue('geo')).toEqual([41.38, 2.17]);
    expect(vevent?.getFirstPropertyValue('organizer')).toBe('mailto:club@example.com');
    expect(vevent?.getFirstPropertyValue('categories')).toBe('Music');
    expect(vevent?.getFirstPropertyValue('url')).toBe(created.url);
    expect(String(vevent?.getFirstPropertyValue('last-modified'))).toMatch(/Z$/);
    expect(text).toMatch(/\r\nBEGIN:VTIMEZONE\r\nTZID:Europe\/Madrid\r\n/);
    // Folded: no line longer than 75 octets.
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('writes all-day events as dates with an exclusive end', async () => {
    await createEvent(sut.http, {
      title: 'Fair',
      start_date: '2027-04-01',
      end_date: '2027-04-02',
      all_day: true,
      timezone: 'America/New_York',
    });

    const [event] = parse(await feed(`${EVENTS}.ics?start_date=2027-03-01&end_date=2027-04-30`));

    expect(event?.startDate.isDate).toBe(true);
    expect(event?.startDate.toString()).toBe('2027-04-01');
    expect(event?.endDate.toString()).toBe('2027-04-03');
  });

  it('takes the list filters, also through Accept: text/calendar, and answers 304 to its ETag', async () => {
    await createEvent(sut.http, { title: 'Music one', categories: ['Music'] });
    await createEvent(sut.http, { title: 'Theatre one', categories: ['Theatre'] });

    const music = parse(await feed(`${EVENTS}.ics?categories=music`));
    const negotiated = await request(sut.http)
      .get(`${EVENTS}?categories=music`)
      .set('Accept', 'text/calendar')
      .expect(200);
    const json = await request(sut.http).get(`${EVENTS}?categories=music`).expect(200);
    const first = await request(sut.http).get(`${EVENTS}.ics`).expect(200);
    const again = await request(sut.http)
      .get(`${EVENTS}.ics`)
      .set('If-None-Match', String(first.headers['etag']))
      .expect(304);

    expect(music.map((event) => event.summary)).toEqual(['Music one']);
    expect(negotiated.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(parse(negotiated.text).map((event) => event.summary)).toEqual(['Music one']);
    expect(negotiated.headers['vary']).toMatch(/Accept\b/);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['x-tec-total']).toBe('2');
    expect(again.text).toBe('');
  });

  it('keeps a feed in the read cache until the next write, as lists are', async () => {
    const created = await createEvent(sut.http, { title: 'Kept feed' });
    const first = await feed(`${EVENTS}.ics`);
    await sut.dataSource.query('UPDATE event_translations SET title = ? WHERE event_id = ?', [
      'Changed behind',
      created.id,
    ]);

    const kept = await request(sut.http).get(`${EVENTS}.ics`).expect(200);
    await createEvent(sut.http, { title: 'Written' });
    const fresh = parse(await feed(`${EVENTS}.ics`));

    expect(kept.text).toBe(first);
    expect(kept.headers['content-type']).toBe('text/calendar; charset=utf-8');
    // The feed is made again (Written joins it) from the first event's kept rendering: no write
    // reached that event or a term of it.
    expect(fresh.map((event) => event.summary).sort()).toEqual(['Kept feed', 'Written']);
  });

  it('gives one event as a calendar of one, and raises SEQUENCE when it changes', async () => {
    const created = await createEvent(sut.http, { title: 'Once' });
    const before = parse(await feed(`${EVENTS}/${created.id}.ics`));

    await new Promise((done) => setTimeout(done, 1_100));
    await sut.admin.post(`${EVENTS}/${created.id}`).send({ title: 'Twice' }).expect(200);
    const after = parse(await feed(`${EVENTS}/${created.id}.ics`));

    expect(before).toHaveLength(1);
    expect(after[0]?.summary).toBe('Twice');
    expect(after[0]?.sequence).toBeGreaterThan(before[0]?.sequence ?? 0);
    const missing = await request(sut.http).get(`${EVENTS}/999999.ics`).expect(404);
    expect(missing.body).toMatchObject({ code: 'rest-event-not-found' });
  });
});
