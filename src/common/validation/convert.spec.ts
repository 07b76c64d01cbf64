import { toBoolean, toInteger, toList, toNumber } from './convert';

describe('conversions of query and form values', () => {
  it.each([
    ['TRUE', true],
    ['false', false],
    ['1', true],
    [0, false],
    [true, true],
    ['yes', 'yes'],
    [2, 2],
  ])('toBoolean(%j) is %j', (input, expected) => {
    expect(toBoolean(input)).toBe(expected);
  });

  it('converts whole-number strings (a minus sign too) to integers and keeps anything else', () => {
    expect(toInteger('42')).toBe(42);
    expect(toInteger('1.5')).toBe('1.5');
    expect(toInteger('-1')).toBe(-1);
  });

  it('splits comma lists and keeps repeated values', () => {
    expect(toList('1, 2,,3')).toEqual(['1', '2', '3']);
    expect(toList(['4', 5])).toEqual(['4', '5']);
    expect(toList({ a: 1 })).toEqual({ a: 1 });
  });
});

describe('toNumber', () => {
  it('turns decimal strings into numbers and keeps everything else', () => {
    expect(toNumber('41.38')).toBe(41.38);
    expect(toNumber('-2')).toBe(-2);
    expect(toNumber(' .5 ')).toBe(0.5);
    expect(toNumber('12km')).toBe('12km');
    expect(toNumber('')).toBe('');
  });
});
