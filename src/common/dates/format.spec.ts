import { DateTime, FixedOffsetZone } from 'luxon';
import { dateDetails, formatDateTime, formatIso } from './format';

const SAMPLE = DateTime.fromISO('2017-01-05T19:23:36.789Z', { zone: 'utc' });

describe('formatDateTime', () => {
  const sut = formatDateTime;

  it('prints YYYY-MM-DD HH:MM:SS in the DateTime zone', () => {
    expect(sut(SAMPLE.setZone('America/New_York'))).toBe('2017-01-05 14:23:36');
    expect(sut(SAMPLE.setZone('Asia/Hong_Kong'))).toBe('2017-01-06 03:23:36');
    expect(sut(SAMPLE.setZone('Australia/Darwin'))).toBe('2017-01-06 04:53:36');
    expect(sut(SAMPLE.setZone(FixedOffsetZone.instance(120)))).toBe('2017-01-05 21:23:36');
    expect(sut(SAMPLE)).toBe('2017-01-05 19:23:36');
  });

  it('zero-pads every field', () => {
    const early = DateTime.fromObject(
      { year: 987, month: 2, day: 3, hour: 4, minute: 5, second: 6 },
      { zone: 'utc' },
    );

    expect(sut(early)).toBe('0987-02-03 04:05:06');
  });

  it('throws a RangeError for an invalid DateTime', () => {
    expect(() => sut(DateTime.invalid('test'))).toThrow(RangeError);
  });
});

describe('dateDetails', () => {
  const sut = dateDetails;

  it('gives zero-padded string parts in the DateTime zone', () => {
    expect(sut(SAMPLE.setZone('America/New_York'))).toEqual({
      year: '2017',
      month: '01',
      day: '05',
      hour: '14',
      minutes: '23',
      seconds: '36',
    });
  });

  it('reads the parts in Europe/Madrid during summer time', () => {
    const summer = DateTime.fromISO('2026-07-01T22:05:09Z', { zone: 'utc' }).setZone(
      'Europe/Madrid',
    );

    expect(sut(summer)).toEqual({
      year: '2026',
      month: '07',
      day: '02',
      hour: '00',
      minutes: '05',
      seconds: '09',
    });
  });
});

describe('formatIso', () => {
  const sut = formatIso;

  it('prints the local time with the zone offset, without milliseconds', () => {
    expect(sut(SAMPLE.setZone('America/New_York'))).toBe('2017-01-05T14:23:36-05:00');
  });

  it('prints +00:00 for UTC, as PHP does', () => {
    expect(sut(SAMPLE)).toBe('2017-01-05T19:23:36+00:00');
  });

  it('prints half-hour offsets and summer offsets', () => {
    expect(sut(SAMPLE.setZone('Australia/Darwin'))).toBe('2017-01-06T04:53:36+09:30');
    expect(sut(SAMPLE.setZone('Asia/Kolkata'))).toBe('2017-01-06T00:53:36+05:30');
    expect(sut(SAMPLE.set({ month: 7 }).setZone('America/New_York'))).toBe(
      '2017-07-05T15:23:36-04:00',
    );
  });

  it('prints negative half-hour offsets', () => {
    expect(sut(SAMPLE.setZone(FixedOffsetZone.instance(-210)))).toBe('2017-01-05T15:53:36-03:30');
  });
});
