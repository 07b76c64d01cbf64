import { parseTermOrder } from './term-order';

describe('parseTermOrder', () => {
  it('orders by name, ascending, when nothing is asked', () => {
    expect(parseTermOrder(undefined, undefined, false)).toEqual({ key: 'name', direction: 'ASC' });
  });

  it.each([
    ['id', 'id'],
    ['ID', 'id'],
    ['term_id', 'id'],
    ['none', 'id'],
    ['term_group', 'id'],
    ['name', 'name'],
    ['slug', 'slug'],
    ['count', 'count'],
    ['description', 'description'],
    ['parent', 'parent'],
    ['slug__in', 'name'],
    ['include_slugs', 'name'],
    ['rand', 'name'],
    ['meta_value', 'name'],
  ])('reads orderby %p as %p', (orderby, key) => {
    expect(parseTermOrder(orderby, undefined, false).key).toBe(key);
  });

  it('orders by the include list only when there is one', () => {
    expect(parseTermOrder('include', undefined, true).key).toBe('include');
    expect(parseTermOrder('include', undefined, false).key).toBe('name');
  });

  it.each([
    ['desc', 'DESC'],
    ['DESC', 'DESC'],
    [' Desc ', 'DESC'],
    ['asc', 'ASC'],
    ['down', 'ASC'],
  ])('reads order %p as %p', (order, direction) => {
    expect(parseTermOrder('name', order, false).direction).toBe(direction);
  });
});
