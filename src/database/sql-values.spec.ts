import { toSqlDateTime } from './sql-values';

/** What `toSqlDateTime` writes, as `toISOString` makes it. */
function reference(instant: Date): string {
  const seconds = Math.floor(instant.getTime() / 1000) * 1000;
  return new Date(seconds).toISOString().replace('T', ' ').replace('Z', '');
}

describe('toSqlDateTime', () => {
  it('writes the UTC instant to whole seconds, as toISOString does', () => {
    expect(toSqlDateTime(new Date('2026-03-29T01:30:05.999Z'))).toBe('2026-03-29 01:30:05.000');
    expect(toSqlDateTime(new Date('1969-12-31T23:59:59.500Z'))).toBe('1969-12-31 23:59:59.000');
    expect(toSqlDateTime(new Date('2000-02-29T00:00:00.000Z'))).toBe('2000-02-29 00:00:00.000');
  });

  it('agrees with toISOString over instants of any day, before and after the epoch', () => {
    // More days than the formatter keeps, so it also drops and makes them again.
    let state = 7;
    for (let i = 0; i < 20_000; i++) {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      const at = (state / 2_147_483_648 - 0.3) * 4e12 + (i % 1000);
      const instant = new Date(at);
      expect(toSqlDateTime(instant)).toBe(reference(instant));
    }
    for (const at of [0, -1, -86_400_000, 253_402_300_799_000, -62_135_596_800_000]) {
      expect(toSqlDateTime(new Date(at))).toBe(reference(new Date(at)));
    }
  });

  it('refuses an invalid date as toISOString does', () => {
    expect(() => toSqlDateTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
