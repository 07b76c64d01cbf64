import request from 'supertest';
import { createEvent } from '../factories/event.factory';
import { TestApp, useTestApp } from '../setup/test-app';

const EVENTS = '/calendar/events/v1/events';

describe('the site time zone', () => {
  const app = useTestApp({ SITE_TIMEZONE: 'America/New_York' });
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });

  it('is the zone of an event created without one', async () => {
    const event = await createEvent(sut.http, {
      timezone: undefined,
      start_date: '2031-01-10 20:00:00',
      end_date: '2031-01-10 22:00:00',
    });

    expect(event).toMatchObject({
      timezone: 'America/New_York',
      utc_start_date: '2031-01-11 01:00:00',
    });
  });

  it('shows date in the site zone and date_utc in UTC', async () => {
    const event = await createEvent(sut.http, { date_utc: '2030-01-10 15:00:00' });

    expect(event).toMatchObject({ date: '2030-01-10 10:00:00', date_utc: '2030-01-10 15:00:00' });
  });

  it('reads naive list dates as days of the site zone', async () => {
    await createEvent(sut.http, {
      title: 'Late show',
      timezone: 'UTC',
      start_date: '2031-03-10 02:00:00',
      end_date: '2031-03-10 03:00:00',
    });

    const sameSiteDay = await request(sut.http)
      .get(`${EVENTS}?start_date=2031-03-09&end_date=2031-03-09`)
      .expect(200);
    const nextSiteDay = await request(sut.http)
      .get(`${EVENTS}?start_date=2031-03-10&end_date=2031-03-10`)
      .expect(200);

    expect(sameSiteDay.body.total).toBe(1);
    expect(nextSiteDay.body.total).toBe(0);
    expect(new URL(sameSiteDay.body.rest_url as string).searchParams.get('start_date')).toBe(
      '2031-03-09 00:00:00',
    );
  });
});
