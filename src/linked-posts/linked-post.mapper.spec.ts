import { withoutEmpty } from './linked-post.mapper';

describe('withoutEmpty', () => {
  it("drops what PHP's array_filter drops and keeps the order of the rest", () => {
    const sut = withoutEmpty({
      a: 'x',
      empty: '',
      zeroText: '0',
      zero: 0,
      no: false,
      nothing: null,
      missing: undefined,
      none: [],
      b: 2,
      yes: true,
      list: ['y'],
      object: {},
    });

    expect(Object.entries(sut)).toEqual([
      ['a', 'x'],
      ['b', 2],
      ['yes', true],
      ['list', ['y']],
      ['object', {}],
    ]);
  });
});
