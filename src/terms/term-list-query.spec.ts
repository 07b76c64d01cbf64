import { DateTime } from 'luxon';
import { Clock } from '../common/clock/clock';
import { ListQueryReader } from '../common/paging/list-query';
import { loadConfig } from '../config/load-config';
import { readTermList } from './term-list-query';

class FixedClock extends Clock {
  override now(): DateTime {
    return DateTime.fromISO('2027-03-10T12:00:00Z', { zone: 'utc' });
  }
}

describe('readTermList', () => {
  const reader = new ListQueryReader(loadConfig({}, null), new FixedClock());

  it('gives a term list the filters given and its links the non-empty ones in TEC order', () => {
    const query = readTermList(reader, {
      per_page: 20,
      parent: 0,
      orderby: 'count',
      exclude: [],
      include: ['3', '1'],
      hide_empty: false,
    });
    expect(query.paging).toEqual({ page: 1, perPage: 20, offset: 0 });
    expect(query.filters).toMatchObject({ parent: 0, orderby: 'count', include: ['3', '1'] });
    expect(query.echo).toEqual([
      ['hide_empty', 'false'],
      ['include', '3,1'],
      ['orderby', 'count'],
      ['parent', '0'],
    ]);
  });
});
