import { retryAfterMs } from './tec-source';

describe('Retry-After', () => {
  const now = Date.parse('2026-11-24T10:00:00Z');

  it.each([
    ['120', 120_000],
    [' 0 ', 0],
    ['Tue, 24 Nov 2026 10:00:30 GMT', 30_000],
    ['Tue, 24 Nov 2026 09:00:00 GMT', 0],
    ['soon', null],
    ['', null],
    [null, null],
  ])('reads %p as %p ms', (header, expected) => {
    expect(retryAfterMs(header, now)).toBe(expected);
  });
});
