import { listLinks } from './list-links';

describe('listLinks', () => {
  const base = 'https://api.test/calendar/events/v1/events/';

  it('links page 2 to page 3 and to a page 1 without a page parameter', () => {
    const sut = listLinks(base, [['per_page', '2']], 2, 3);

    expect(sut).toEqual({
      rest_url: `${base}?page=2&per_page=2`,
      next_rest_url: `${base}?per_page=2&page=3`,
      previous_rest_url: `${base}?per_page=2`,
    });
  });

  it('has no neighbours on a single page', () => {
    expect(listLinks(base, [], 1, 1)).toEqual({ rest_url: `${base}?page=1` });
  });
});
