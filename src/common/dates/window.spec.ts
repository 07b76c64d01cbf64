import { DateTime, FixedOffsetZone, IANAZone } from 'luxon';
import { allDayBounds, defaultListWindow, endOfDay, startOfDay } from './window';

const NOW = DateTime.fromISO('2026-11-21T12:00:00Z', { zone: 'utc' });
const NEW_YORK = IANAZone.create('America/New_York');

/** The instant `iso` (read in UTC) expressed in `zone`. */
function inZone(iso: string, zone: string): DateTime {
  return DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone);
}

describe('startOfDay', () => {
  const sut = startOfDay;

  it('gives 00:00:00 of the same local day, in the same zone', () => {
    const result = sut(inZone('2026-11-21T03:30:45.500Z', 'America/New_York'));

    expect(result.toISO()).toBe('2026-11-20T00:00:00.000-05:00');
    expect(result.zone.equals(NEW_YORK)).toBe(true);
  });

  it('uses the offset of midnight itself on the day of the March change', () => {
    expect(sut(inZone('2026-03-08T20:00:00Z', 'America/New_York')).toISO()).toBe(
      '2026-03-08T00:00:00.000-05:00',
    );
  });

  it('gives the first existing instant when midnight is skipped (America/Santiago)', () => {
    expect(sut(inZone('2026-09-06T18:00:00Z', 'America/Santiago')).toISO()).toBe(
      '2026-09-06T01:00:00.000-03:00',
    );
  });
});

describe('endOfDay', () => {
  const sut = endOfDay;

  it('gives 23:59:59 with milliseconds 0 of the same local day', () => {
    const result = sut(inZone('2026-11-21T12:00:00Z', 'Asia/Hong_Kong'));

    expect(result.toISO()).toBe('2026-11-21T23:59:59.000+08:00');
  });

  it('uses the offset in force at the end of the day of the November change', () => {
    expect(sut(inZone('2026-11-01T04:30:00Z', 'America/New_York')).toISO()).toBe(
      '2026-11-01T23:59:59.000-05:00',
    );
  });
});

describe('defaultListWindow', () => {
  const sut = defaultListWindow;

  it('runs from yesterday 00:00:00 to today + 24 months 23:59:59 in UTC', () => {
    const { start, end } = sut(NOW, FixedOffsetZone.utcInstance);

    expect(start.toISO()).toBe('2026-11-20T00:00:00.000Z');
    expect(end.toISO()).toBe('2028-11-21T23:59:59.000Z');
  });

  it('uses the site zone for both ends (America/New_York)', () => {
    const { start, end } = sut(NOW, NEW_YORK);

    expect(start.toISO()).toBe('2026-11-20T00:00:00.000-05:00');
    expect(end.toISO()).toBe('2028-11-21T23:59:59.000-05:00');
  });

  it('takes "today" from the site zone, where it can already be tomorrow', () => {
    const { start, end } = sut(NOW, IANAZone.create('Pacific/Kiritimati'));

    expect(start.toISO()).toBe('2026-11-21T00:00:00.000+14:00');
    expect(end.toISO()).toBe('2028-11-22T23:59:59.000+14:00');
  });

  it('uses fixed offset zones too', () => {
    const { start } = sut(NOW, FixedOffsetZone.instance(120));

    expect(start.toISO()).toBe('2026-11-20T00:00:00.000+02:00');
  });

  it('lets 24 months from 29 February overflow into March as PHP does', () => {
    const leapDay = DateTime.fromISO('2024-02-29T12:00:00Z', { zone: 'utc' });

    expect(sut(leapDay, FixedOffsetZone.utcInstance).end.toISO()).toBe('2026-03-01T23:59:59.000Z');
  });

  it('ignores the milliseconds of now', () => {
    const { start, end } = sut(NOW.plus({ milliseconds: 999 }), NEW_YORK);

    expect(start.millisecond).toBe(0);
    expect(end.millisecond).toBe(0);
  });
});

describe('allDayBounds', () => {
  const sut = allDayBounds;

  it('stretches an all-day event from 00:00:00 of its first day to 23:59:59 of its last', () => {
    const start = inZone('2026-11-21T15:00:00Z', 'Europe/Madrid');
    const end = inZone('2026-11-23T09:30:00Z', 'Europe/Madrid');

    const result = sut(start, end);

    expect(result.start.toISO()).toBe('2026-11-21T00:00:00.000+01:00');
    expect(result.end.toISO()).toBe('2026-11-23T23:59:59.000+01:00');
  });

  it('keeps a single-day event on its day', () => {
    const day = inZone('2026-11-21T15:00:00Z', 'Australia/Darwin');

    const result = sut(day, day);

    expect(result.start.toISO()).toBe('2026-11-22T00:00:00.000+09:30');
    expect(result.end.toISO()).toBe('2026-11-22T23:59:59.000+09:30');
  });

  it("reads the end in the start's zone when it carries another zone", () => {
    const start = inZone('2026-11-21T15:00:00Z', 'America/New_York');
    const end = DateTime.fromISO('2026-11-23T02:00:00Z', { zone: 'utc' });

    expect(sut(start, end).end.toISO()).toBe('2026-11-22T23:59:59.000-05:00');
  });

  it('spans a DST change with the right offset at each end', () => {
    const start = inZone('2026-03-07T15:00:00Z', 'America/New_York');
    const end = inZone('2026-03-08T15:00:00Z', 'America/New_York');

    const result = sut(start, end);

    expect(result.start.toISO()).toBe('2026-03-07T00:00:00.000-05:00');
    expect(result.end.toISO()).toBe('2026-03-08T23:59:59.000-04:00');
  });
});
