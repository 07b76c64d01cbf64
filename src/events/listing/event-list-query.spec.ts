import { DateTime } from 'luxon';
import { Clock } from '../../common/clock/clock';
import { InvalidParamsError } from '../../common/errors/domain-error';
import { ListQueryReader } from '../../common/paging/list-query';
import { FEED_SIZES } from '../../common/paging/paging';
import { loadConfig } from '../../config/load-config';
import { ListEventsQueryDto } from '../dto/list-events.query.dto';
import { EventListQueries } from './event-list-query';

class FixedClock extends Clock {
  override now(): DateTime {
    return DateTime.fromISO('2027-03-10T12:00:00Z', { zone: 'utc' });
  }
}

function queries(): EventListQueries {
  const config = loadConfig({ SITE_TIMEZONE: 'Europe/Madrid' }, null);
  const clock = new FixedClock();
  return new EventListQueries(config, clock, new ListQueryReader(config, clock));
}

function dto(fields: Partial<ListEventsQueryDto>): ListEventsQueryDto {
  return Object.assign(new ListEventsQueryDto(), fields);
}

describe('EventListQueries', () => {
  it('reads the default window, moving at the next midnight in the site zone', () => {
    const { window, paging } = queries().of(dto({}));
    expect(window.startFrom?.toISO()).toBe('2027-03-09T00:00:00.000+01:00');
    expect(window.windowMovesAt).toBe(DateTime.fromISO('2027-03-11T00:00:00+01:00').toMillis());
    expect(paging).toEqual({ page: 1, perPage: 10, offset: 0 });
  });

  it('tells a window of fixed dates, which never moves, from one the clock moves', () => {
    const movesAt = (fields: Partial<ListEventsQueryDto>): number | undefined =>
      queries().of(dto(fields)).window.windowMovesAt;
    const midnight = DateTime.fromISO('2027-03-11T00:00:00+01:00').toMillis();
    expect(movesAt({ start_date: '2027-04-01', end_date: '2027-04-30 23:00:00' })).toBe(Infinity);
    expect(movesAt({ starts_after: '2027-04-01T10:00:00Z' })).toBe(Infinity);
    // The default window fills the end: it moves at midnight.
    expect(movesAt({ start_date: '2027-04-01' })).toBe(midnight);
    for (const moving of ['now', 'yesterday', 'monday', '+1 week', 'april 1', '12:00']) {
      expect(movesAt({ start_date: moving, end_date: '2029-01-01' })).toBeUndefined();
    }
    expect(movesAt({ start_date: '2027-04-01', ends_before: 'tomorrow' })).toBeUndefined();
  });

  it('drops the window for include and takes a feed its own page sizes', () => {
    const query = queries().of(dto({ include: ['7', '3'], per_page: 500 }), FEED_SIZES);
    expect(query.window).toEqual({});
    expect(query.filters.include).toEqual([7, 3]);
    expect(query.paging.perPage).toBe(200);
  });

  it('repeats the filters given in the links order, never the password or ticketed', () => {
    const query = queries().of(
      dto({
        i18n_language: 'es',
        categories: ['jazz', '4'],
        search: 'jazz  trio',
        password: 's3cret',
        ticketed: false,
        page: 2,
        strict_dates: true,
        starts_after: '2027-03-01',
      }),
    );
    expect(query.echo).toEqual([
      ['starts_after', '2027-03-01'],
      ['strict_dates', 'true'],
      ['search', 'jazz  trio'],
      ['categories', 'jazz,4'],
      ['i18n_language', 'es'],
    ]);
    expect(query.words).toEqual(['jazz', 'trio']);
    expect(query.password).toBe('s3cret');
  });

  it('reads a distance search with the default radius, and refuses half a centre', () => {
    const near = queries().of(dto({ geoloc_lat: 41.39, geoloc_lng: 2.17 })).filters.near;
    expect(near).toEqual({ center: { lat: 41.39, lng: 2.17 }, radiusKm: 25 });
    expect(() => queries().of(dto({ geoloc_lat: 41.39 }))).toThrow(InvalidParamsError);
  });

  it('orders by modification only when asked, ascending unless desc', () => {
    expect(queries().of(dto({ orderby: 'date' })).byModified).toBeUndefined();
    expect(queries().of(dto({ orderby: ' Modified ' })).byModified).toEqual({ descending: false });
    expect(queries().of(dto({ orderby: 'modified', order: 'DESC' })).byModified).toEqual({
      descending: true,
    });
  });
});
