import { DateTime } from 'luxon';
import { Clock } from '../clock/clock';
import { loadConfig } from '../../config/load-config';
import { echoOf, EchoSpec, ListQueryReader, pageOf, pageRequest } from './list-query';
import { FEED_SIZES, LIST_SIZES } from './paging';

class FixedClock extends Clock {
  override now(): DateTime {
    return DateTime.fromISO('2027-03-10T12:00:00Z', { zone: 'utc' });
  }
}

describe('pageRequest', () => {
  it.each([
    [{}, LIST_SIZES, { page: 1, perPage: 10, offset: 0 }],
    [{ page: 3, per_page: 20 }, LIST_SIZES, { page: 3, perPage: 20, offset: 40 }],
    [{ per_page: 500 }, LIST_SIZES, { page: 1, perPage: 50, offset: 0 }],
    [{ page: 2 }, FEED_SIZES, { page: 2, perPage: 50, offset: 50 }],
    [{ per_page: 500 }, FEED_SIZES, { page: 1, perPage: 200, offset: 0 }],
  ])('reads %j with sizes %j as %j', (query, sizes, expected) => {
    expect(pageRequest(query, sizes)).toEqual(expected);
  });
});

describe('pageOf', () => {
  it('counts the pages of the total at the requested size', () => {
    const page = pageOf(['a'], 21, pageRequest({ page: 3 }, LIST_SIZES));
    expect(page).toEqual({ items: ['a'], page: 3, perPage: 10, total: 21, totalPages: 3 });
    expect(pageOf([], 0, pageRequest({}, LIST_SIZES)).totalPages).toBe(0);
  });
});

describe('echoOf', () => {
  interface Query {
    readonly page?: number;
    readonly b?: string;
    readonly a?: readonly string[];
    readonly flag?: boolean;
  }
  const spec: EchoSpec<Query> = { page: 'skip', b: 'echo', a: 'echo', flag: 'echo' };

  it('repeats the fields marked echo in the spec order, lists as CSV', () => {
    expect(echoOf<Query>({ page: 2, a: ['3', '1'], b: 'x y', flag: false }, spec)).toEqual([
      ['b', 'x y'],
      ['a', '3,1'],
      ['flag', 'false'],
    ]);
  });

  it('repeats an empty list unless told to leave it out', () => {
    expect(echoOf<Query>({ a: [] }, spec)).toEqual([['a', '']]);
    expect(echoOf<Query>({ a: [] }, spec, { skipEmptyLists: true })).toEqual([]);
  });
});

describe('ListQueryReader', () => {
  const reader = new ListQueryReader(
    loadConfig({ SITE_TIMEZONE: 'Europe/Madrid' }, null),
    new FixedClock(),
  );

  it('reads modification bounds as instants in the site zone, with relative forms', () => {
    const { modified } = reader.read(
      { modified_after: '2027-03-01 10:00:00', modified_before: '-1 day' },
      { modified_after: 'echo', modified_before: 'echo' },
    );
    expect(modified.modifiedAfter?.toISOString()).toBe('2027-03-01T09:00:00.000Z');
    expect(modified.modifiedBefore?.toISOString()).toBe('2027-03-09T12:00:00.000Z');
  });
});
