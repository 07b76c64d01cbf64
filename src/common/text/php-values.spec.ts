import {
  compareKeys,
  isNumeric,
  looselyEqual,
  numberFormatDigits,
  phpTrim,
  toDouble,
} from './php-values';

describe('PHP value rules', () => {
  it.each([
    ['12', true],
    ['12.50', true],
    ['.5', true],
    ['5.', true],
    [' 1e3 ', true],
    ['1,000', false],
    ['1.2.3', false],
    ['free', false],
    ['', false],
    ['.', false],
  ])('is_numeric(%j) is %j', (text, expected) => {
    expect(isNumeric(text)).toBe(expected);
  });

  it.each([
    ['1-2-3', 1],
    ['free', 0],
    ['.50', 0.5],
    ['  7 apples', 7],
    ['', 0],
  ])('(float) %j is %j', (text, expected) => {
    expect(toDouble(text)).toBe(expected);
  });

  it.each([
    ['1.000', 3, '1000'],
    ['.50', 2, '050'],
    ['0.5', 0, '1'],
    ['000', 0, '0'],
    ['0', 2, '000'],
    ['5.', 0, '5'],
    ['9.995', 2, '1000'],
    ['12.345', 1, '123'],
    ['12', 2, '1200'],
  ])('number_format(%j, %j) without separators is %j', (number, decimals, expected) => {
    expect(numberFormatDigits(number, decimals)).toBe(expected);
  });

  it('orders keys as PHP 8 does: numbers by value, other strings byte by byte', () => {
    const keys = ['free', '1000', '050', '25', 'donation', '0'];
    expect([...keys].sort(compareKeys)).toEqual(['0', '25', '050', '1000', 'donation', 'free']);
    expect(compareKeys('20', 'free')).toBeLessThan(0);
  });

  it('compares two strings loosely as numbers only when both are numeric', () => {
    expect(looselyEqual('10', '10.0')).toBe(true);
    expect(looselyEqual('$10', '$10.0')).toBe(false);
    expect(looselyEqual('Free', 'Free')).toBe(true);
  });

  it('trims the characters PHP trims', () => {
    expect(phpTrim(' \t$\n')).toBe('$');
    expect(phpTrim('\u00a0$')).toBe('\u00a0$');
  });
});
