import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DateTime, FixedOffsetZone, IANAZone, Settings } from 'luxon';
import { isParsableDate, parseDateInput } from './parse-date';

/** Fixed "current instant" for every relative test: Saturday 2026-11-21 12:00:00 UTC. */
const NOW = DateTime.fromISO('2026-11-21T12:00:00.000Z', { zone: 'utc' });

const UTC = FixedOffsetZone.utcInstance;
const NEW_YORK = IANAZone.create('America/New_York');
const MADRID = IANAZone.create('Europe/Madrid');
const DARWIN = IANAZone.create('Australia/Darwin');
const HONG_KONG = IANAZone.create('Asia/Hong_Kong');
const KIRITIMATI = IANAZone.create('Pacific/Kiritimati');
const UTC_PLUS_2 = FixedOffsetZone.instance(120);

/** Wall-clock `YYYY-MM-DD HH:MM:SS` of a result, read in its own zone. */
function wall(dt: DateTime | null): string | null {
  return dt === null ? null : dt.toFormat('yyyy-MM-dd HH:mm:ss');
}

/** The same result read in UTC. */
function inUtc(dt: DateTime | null): string | null {
  return dt === null ? null : wall(dt.toUTC());
}

/** An instant given in ISO form (UTC), for `now`. */
function instant(iso: string): DateTime {
  return DateTime.fromISO(iso, { zone: 'utc' });
}

describe('parseDateInput', () => {
  const sut = parseDateInput;

  describe('wall-clock dates and times', () => {
    it.each([
      ['2024-06-01 19:05:07', '2024-06-01 19:05:07'],
      ['2024-06-01 19:05', '2024-06-01 19:05:00'],
      ['2024-06-01', '2024-06-01 00:00:00'],
      ['2024-06-01T19:05', '2024-06-01 19:05:00'],
      ['2024-06-01T19:05:07', '2024-06-01 19:05:07'],
      ['2024-06-01 19:05:07.999', '2024-06-01 19:05:07'],
      ['  2024-06-01 19:05  ', '2024-06-01 19:05:00'],
      ['2024-6-1 9:05', '2024-06-01 09:05:00'],
    ])('reads %p as the wall-clock time %p in the given zone', (input, expected) => {
      for (const zone of [UTC, NEW_YORK, MADRID, DARWIN, HONG_KONG, UTC_PLUS_2]) {
        const result = sut(input, zone, NOW);
        expect(wall(result)).toBe(expected);
        expect(result?.zone.equals(zone)).toBe(true);
      }
    });

    it('reads 2018-01-01 4pm in Asia/Hong_Kong as 16:00 local, 08:00 UTC (the TEC example)', () => {
      const result = sut('2018-01-01 4pm', HONG_KONG, NOW);

      expect(wall(result)).toBe('2018-01-01 16:00:00');
      expect(inUtc(result)).toBe('2018-01-01 08:00:00');
    });

    it.each([
      ['2018-01-01 4pm', '2018-01-01 16:00:00'],
      ['2018-01-01 4:30 pm', '2018-01-01 16:30:00'],
      ['2018-01-01 11am', '2018-01-01 11:00:00'],
      ['2018-01-01 12am', '2018-01-01 00:00:00'],
      ['2018-01-01 12pm', '2018-01-01 12:00:00'],
      ['2018-01-01 12:15am', '2018-01-01 00:15:00'],
      ['2018-01-01 4 P.M.', '2018-01-01 16:00:00'],
      ['2018-01-01 4:30:15PM', '2018-01-01 16:30:15'],
    ])('reads the 12-hour time in %p as %p', (input, expected) => {
      expect(wall(sut(input, UTC, NOW))).toBe(expected);
    });

    it('places the same wall-clock time at different instants in different zones', () => {
      expect(inUtc(sut('2024-06-01 19:00', MADRID, NOW))).toBe('2024-06-01 17:00:00');
      expect(inUtc(sut('2024-06-01 19:00', NEW_YORK, NOW))).toBe('2024-06-01 23:00:00');
      expect(inUtc(sut('2024-06-01 19:00', DARWIN, NOW))).toBe('2024-06-01 09:30:00');
      expect(inUtc(sut('2024-06-01 19:00', UTC_PLUS_2, NOW))).toBe('2024-06-01 17:00:00');
    });

    it('uses the offset in force on that date in America/New_York around the March change', () => {
      expect(sut('2026-03-07 12:00', NEW_YORK, NOW)?.toISO()).toBe('2026-03-07T12:00:00.000-05:00');
      expect(sut('2026-03-08 12:00', NEW_YORK, NOW)?.toISO()).toBe('2026-03-08T12:00:00.000-04:00');
    });

    it('moves a time skipped by the March change forward by the gap (02:30 → 03:30 EDT)', () => {
      expect(sut('2026-03-08 02:30', NEW_YORK, NOW)?.toISO()).toBe('2026-03-08T03:30:00.000-04:00');
    });

    it('resolves a time repeated by the November change to its first occurrence (EDT)', () => {
      expect(sut('2026-11-01 01:30', NEW_YORK, NOW)?.toISO()).toBe('2026-11-01T01:30:00.000-04:00');
      expect(sut('2026-11-01 03:00', NEW_YORK, NOW)?.toISO()).toBe('2026-11-01T03:00:00.000-05:00');
    });

    it('resolves a repeated time to its first occurrence in Europe/Madrid too', () => {
      expect(sut('2026-10-25 02:30', MADRID, NOW)?.toISO()).toBe('2026-10-25T02:30:00.000+02:00');
    });
  });

  describe('the other forms strtotime reads that TEC clients send', () => {
    it.each([
      ['2027/03/01', '2027-03-01 00:00:00'],
      ['2027/3/1 20:30', '2027-03-01 20:30:00'],
      ['03/01/2027', '2027-03-01 00:00:00'],
      ['01-03-2027', '2027-03-01 00:00:00'],
      ['01.03.2027 9pm', '2027-03-01 21:00:00'],
      ['March 1, 2027', '2027-03-01 00:00:00'],
      ['March 1 2027 8pm', '2027-03-01 20:00:00'],
      ['Sep 5th 2027', '2027-09-05 00:00:00'],
      ['1 March 2027', '2027-03-01 00:00:00'],
      ['5th September, 2027 18:15', '2027-09-05 18:15:00'],
    ])('reads %p as the wall-clock time %p in the given zone', (input, expected) => {
      for (const zone of [UTC, NEW_YORK, MADRID]) {
        expect(wall(sut(input, zone, NOW))).toBe(expected);
      }
    });

    it.each([
      ['first monday of next month', '2026-12-07 00:00:00'],
      ['last friday of next month', '2026-12-25 00:00:00'],
      ['second tuesday of next month 7pm', '2026-12-08 19:00:00'],
      ['first day of next month', '2026-12-01 12:00:00'],
      ['last day of next month', '2026-12-31 12:00:00'],
      ['last day of this month', '2026-11-30 12:00:00'],
      ['first day of +2 months midnight', '2027-01-01 00:00:00'],
    ])('reads %p as PHP does: %p (now: Saturday 2026-11-21 12:00)', (input, expected) => {
      expect(wall(sut(input, UTC, NOW))).toBe(expected);
    });

    it('refuses a day of the month that does not exist, and two of them', () => {
      expect(sut('fifth monday of next month', UTC, NOW)).toBeNull();
      expect(sut('first day of last day of next month', UTC, NOW)).toBeNull();
      // Without `of`, `last day` is still a day ago.
      expect(wall(sut('last day', UTC, NOW))).toBe('2026-11-20 12:00:00');
    });

    it('reads an RFC 2822 date with its offset as that instant', () => {
      const result = sut('Mon, 01 Mar 2027 10:00:00 +0100', MADRID, NOW);
      expect(inUtc(result)).toBe('2027-03-01 09:00:00');
      expect(inUtc(sut('Mon, 01 Mar 2027 10:00:00 GMT', MADRID, NOW))).toBe('2027-03-01 10:00:00');
      expect(inUtc(sut('2027-03-01 10:00 -05:00', MADRID, NOW))).toBe('2027-03-01 15:00:00');
    });

    it('keeps +N units an offset, not a UTC offset', () => {
      expect(inUtc(sut('+1000 minutes', UTC, NOW))).toBe('2026-11-22 04:40:00');
    });

    it.each(['2027/02/30', '13/13/2027', '31/12/2027', 'Smarch 1 2027', 'March 1 2027 +2500'])(
      'refuses %p',
      (input) => {
        expect(sut(input, UTC, NOW)).toBeNull();
      },
    );
  });

  describe('ISO 8601 instants with an offset', () => {
    it.each([
      ['2024-06-01T19:00:00Z', '2024-06-01 19:00:00'],
      ['2024-06-01T19:00:00+02:00', '2024-06-01 17:00:00'],
      ['2024-06-01 19:00:00+0200', '2024-06-01 17:00:00'],
      ['2024-06-01T19:00:00-05', '2024-06-02 00:00:00'],
      ['2024-06-01T19:00:00.123456Z', '2024-06-01 19:00:00'],
      ['2024-06-01T19:00Z', '2024-06-01 19:00:00'],
      ['2024-06-01 19:00:00 +05:30', '2024-06-01 13:30:00'],
      ['2024-06-01 19:00:00 UTC', '2024-06-01 19:00:00'],
    ])('reads %p as the instant %p UTC', (input, expectedUtc) => {
      expect(inUtc(sut(input, UTC, NOW))).toBe(expectedUtc);
    });

    it('converts the instant into the requested zone instead of keeping its digits', () => {
      const input = '2024-06-01T19:00:00+02:00';

      expect(wall(sut(input, HONG_KONG, NOW))).toBe('2024-06-02 01:00:00');
      expect(wall(sut(input, NEW_YORK, NOW))).toBe('2024-06-01 13:00:00');
      expect(wall(sut(input, DARWIN, NOW))).toBe('2024-06-02 02:30:00');
      expect(wall(sut(input, UTC_PLUS_2, NOW))).toBe('2024-06-01 19:00:00');
      expect(sut(input, NEW_YORK, NOW)?.zone.equals(NEW_YORK)).toBe(true);
    });

    it('drops fractional seconds (milliseconds are 0)', () => {
      expect(sut('2024-06-01T19:00:00.999Z', MADRID, NOW)?.millisecond).toBe(0);
    });
  });

  describe('Unix timestamps', () => {
    it('reads a number as seconds since the epoch, converted into the zone', () => {
      expect(inUtc(sut(1717000000, UTC, NOW))).toBe('2024-05-29 16:26:40');
      expect(wall(sut(1717000000, NEW_YORK, NOW))).toBe('2024-05-29 12:26:40');
      expect(wall(sut(1717000000, HONG_KONG, NOW))).toBe('2024-05-30 00:26:40');
    });

    it.each(['1717000000', '@1717000000', ' @1717000000 ', '0001717000000'])(
      'reads the string %p as a timestamp',
      (input) => {
        expect(inUtc(sut(input, UTC, NOW))).toBe('2024-05-29 16:26:40');
      },
    );

    it('drops the fraction of a fractional number', () => {
      const result = sut(1717000000.9, UTC, NOW);

      expect(inUtc(result)).toBe('2024-05-29 16:26:40');
      expect(result?.millisecond).toBe(0);
    });

    it('accepts any finite number, however small', () => {
      expect(inUtc(sut(0, UTC, NOW))).toBe('1970-01-01 00:00:00');
    });

    it.each(['1', '2024', '12345678', '@12345678'])(
      'refuses the digit string %p (fewer than 9 digits)',
      (input) => {
        expect(sut(input, UTC, NOW)).toBeNull();
      },
    );

    it.each([Number.NaN, Number.POSITIVE_INFINITY, 1e20])('refuses the number %p', (input) => {
      expect(sut(input, UTC, NOW)).toBeNull();
    });
  });

  describe('relative forms (now: Saturday 2026-11-21 12:00:00 UTC)', () => {
    it.each([
      ['now', '2026-11-21 12:00:00'],
      ['NOW', '2026-11-21 12:00:00'],
      ['today', '2026-11-21 00:00:00'],
      ['midnight', '2026-11-21 00:00:00'],
      ['noon', '2026-11-21 12:00:00'],
      ['tomorrow', '2026-11-22 00:00:00'],
      ['yesterday', '2026-11-20 00:00:00'],
      ['tomorrow 9am', '2026-11-22 09:00:00'],
      ['today 16:00', '2026-11-21 16:00:00'],
      ['yesterday 23:59', '2026-11-20 23:59:00'],
      ['tomorrow noon', '2026-11-22 12:00:00'],
      ['4pm', '2026-11-21 16:00:00'],
      ['16:30', '2026-11-21 16:30:00'],
      ['wednesday', '2026-11-25 00:00:00'],
      ['wed', '2026-11-25 00:00:00'],
      ['Wednesday', '2026-11-25 00:00:00'],
      ['saturday', '2026-11-21 00:00:00'],
      ['this wednesday', '2026-11-25 00:00:00'],
      ['next wednesday', '2026-11-25 00:00:00'],
      ['next saturday', '2026-11-28 00:00:00'],
      ['last wednesday', '2026-11-18 00:00:00'],
      ['last saturday', '2026-11-14 00:00:00'],
      ['last sunday', '2026-11-15 00:00:00'],
      ['next wednesday 4pm', '2026-11-25 16:00:00'],
      ['friday 9:30am', '2026-11-27 09:30:00'],
      ['+2 days', '2026-11-23 12:00:00'],
      ['2 days', '2026-11-23 12:00:00'],
      ['-1 week', '2026-11-14 12:00:00'],
      ['+3 hours', '2026-11-21 15:00:00'],
      ['+90 minutes', '2026-11-21 13:30:00'],
      ['+45 sec', '2026-11-21 12:00:45'],
      ['+1 second', '2026-11-21 12:00:01'],
      ['-10 min', '2026-11-21 11:50:00'],
      ['+1 fortnight', '2026-12-05 12:00:00'],
      ['+1 month', '2026-12-21 12:00:00'],
      ['+1 year', '2027-11-21 12:00:00'],
      ['+2 weeks', '2026-12-05 12:00:00'],
      ['+1 day 2 hours', '2026-11-22 14:00:00'],
      ['+1 day -2 hours', '2026-11-22 10:00:00'],
      ['+1day', '2026-11-22 12:00:00'],
      ['+5 days 11am', '2026-11-26 11:00:00'],
      ['tomorrow +2 hours', '2026-11-22 02:00:00'],
      ['next wednesday +1 week', '2026-12-02 00:00:00'],
      ['2 days ago', '2026-11-19 12:00:00'],
      ['next month', '2026-12-21 12:00:00'],
      ['last year', '2025-11-21 12:00:00'],
      ['2026-12-24 +1 day', '2026-12-25 00:00:00'],
      ['2026-12-24 18:00 +2 hours', '2026-12-24 20:00:00'],
    ])('reads %p as %p in UTC', (input, expected) => {
      expect(wall(sut(input, UTC, NOW))).toBe(expected);
    });

    it('evaluates tomorrow 9am in the zone: 09:00 local in each', () => {
      expect(inUtc(sut('tomorrow 9am', NEW_YORK, NOW))).toBe('2026-11-22 14:00:00');
      expect(inUtc(sut('tomorrow 9am', HONG_KONG, NOW))).toBe('2026-11-22 01:00:00');
      expect(inUtc(sut('tomorrow 9am', DARWIN, NOW))).toBe('2026-11-21 23:30:00');
      expect(inUtc(sut('tomorrow 9am', UTC_PLUS_2, NOW))).toBe('2026-11-22 07:00:00');
    });

    it('evaluates next wednesday 4pm from Saturday to Wednesday 2026-11-25 16:00 in each zone', () => {
      expect(wall(sut('next wednesday 4pm', MADRID, NOW))).toBe('2026-11-25 16:00:00');
      expect(inUtc(sut('next wednesday 4pm', MADRID, NOW))).toBe('2026-11-25 15:00:00');
      expect(inUtc(sut('next wednesday 4pm', NEW_YORK, NOW))).toBe('2026-11-25 21:00:00');
    });

    it('evaluates +5 days 11am from the local date in the zone', () => {
      expect(sut('+5 days 11am', UTC_PLUS_2, NOW)?.toISO()).toBe('2026-11-26T11:00:00.000+02:00');
      expect(sut('+5 days 11am', DARWIN, NOW)?.toISO()).toBe('2026-11-26T11:00:00.000+09:30');
    });

    it('keeps the current local time of day for offsets without a day word', () => {
      expect(wall(sut('+2 days', NEW_YORK, NOW))).toBe('2026-11-23 07:00:00');
      expect(wall(sut('+2 days', DARWIN, NOW))).toBe('2026-11-23 21:30:00');
      expect(wall(sut('now', HONG_KONG, NOW))).toBe('2026-11-21 20:00:00');
    });

    it('takes "today" from the zone, where it can already be Sunday', () => {
      expect(wall(sut('today', KIRITIMATI, NOW))).toBe('2026-11-22 00:00:00');
      expect(wall(sut('saturday', KIRITIMATI, NOW))).toBe('2026-11-28 00:00:00');
      expect(wall(sut('next wednesday', KIRITIMATI, NOW))).toBe('2026-11-25 00:00:00');
    });

    it('returns the exact current instant for "now", even in a repeated hour', () => {
      const secondOneThirty = instant('2026-11-01T06:30:00Z');

      expect(sut('now', NEW_YORK, secondOneThirty)?.toISO()).toBe('2026-11-01T01:30:00.000-05:00');
      expect(inUtc(sut('+1 hour', NEW_YORK, secondOneThirty))).toBe('2026-11-01 07:30:00');
    });

    it('drops the milliseconds of now', () => {
      const result = sut('now', UTC, instant('2026-11-21T12:00:00.750Z'));

      expect(result?.toISO()).toBe('2026-11-21T12:00:00.000Z');
    });

    it('adds days on the calendar across the March change (+1 day keeps 12:00, 23 h later)', () => {
      const saturdayNoon = instant('2026-03-07T17:00:00Z');

      expect(sut('+1 day', NEW_YORK, saturdayNoon)?.toISO()).toBe('2026-03-08T12:00:00.000-04:00');
      expect(sut('tomorrow +2 hours', NEW_YORK, saturdayNoon)?.toISO()).toBe(
        '2026-03-08T03:00:00.000-04:00',
      );
    });

    it('adds hours as elapsed time across the March change (+24 hours → 13:00 EDT)', () => {
      const saturdayNoon = instant('2026-03-07T17:00:00Z');

      expect(sut('+24 hours', NEW_YORK, saturdayNoon)?.toISO()).toBe(
        '2026-03-08T13:00:00.000-04:00',
      );
    });

    it('adds days on the calendar and hours as elapsed time across the November change', () => {
      const saturdayNoon = instant('2026-10-31T16:00:00Z');

      expect(sut('+1 day', NEW_YORK, saturdayNoon)?.toISO()).toBe('2026-11-01T12:00:00.000-05:00');
      expect(sut('+24 hours', NEW_YORK, saturdayNoon)?.toISO()).toBe(
        '2026-11-01T11:00:00.000-05:00',
      );
    });

    it('lets months overflow into the next month as PHP does', () => {
      expect(wall(sut('2026-01-31 +1 month', UTC, NOW))).toBe('2026-03-03 00:00:00');
      expect(wall(sut('2024-02-29 +1 year', UTC, NOW))).toBe('2025-03-01 00:00:00');
    });

    it('resets the time for a day word placed after a time, as PHP documents ("10:00 tomorrow")', () => {
      expect(wall(sut('10:00 tomorrow', UTC, NOW))).toBe('2026-11-22 00:00:00');
    });
  });

  describe('rejections', () => {
    it.each([
      '',
      '   ',
      'foo',
      'next',
      'last',
      'ago',
      'fortnight',
      '+2',
      '2 parsecs',
      '2024-06-01 25:00',
      '2024-06-01 24:00',
      '2024-06-01 19:60',
      '2024-02-30',
      '2024-13-01',
      '2023-02-29',
      '2024-00-10',
      '13pm',
      '0am',
      '16:30 pm',
      '4pm 5pm',
      'noon 4pm',
      '+999999999 years',
      '-999999999 days',
      '2024-06-01 2024-06-02',
      'monday tuesday',
      'next blursday',
      '2024-06-01T19:00:00+15:00',
      '2024-06-01T25:00:00Z',
    ])('returns null for %p', (input) => {
      expect(sut(input, UTC, NOW)).toBeNull();
    });

    it('returns null for an invalid zone', () => {
      expect(sut('2024-06-01', IANAZone.create('Mars/Base'), NOW)).toBeNull();
    });

    it('returns null for an invalid now', () => {
      expect(sut('today', UTC, DateTime.invalid('test'))).toBeNull();
    });
  });
});

describe('isParsableDate', () => {
  const sut = isParsableDate;

  it.each(['2024-06-01 19:00:00', 'tomorrow 9am', '+2 days', '@1717000000', 1717000000, 0])(
    'is true for %p',
    (input) => {
      expect(sut(input)).toBe(true);
    },
  );

  it.each(['foo', '', '2024-02-30', '12345678', null, undefined, true, {}, [], Number.NaN])(
    'is false for %p',
    (input) => {
      expect(sut(input)).toBe(false);
    },
  );
});

describe('independence from the process time zone', () => {
  const INPUTS = ['today', 'tomorrow 9am', '2026-11-01 01:30', '2026-03-08 02:30', '+1 day', 'wed'];

  /** Every input parsed in America/New_York against NOW, as ISO strings. */
  function parseAll(): Array<string | null> {
    return INPUTS.map((input) => parseDateInput(input, NEW_YORK, NOW)?.toISO() ?? null);
  }

  const originalZone = Settings.defaultZone;
  const originalNow = Settings.now;

  afterEach(() => {
    Settings.defaultZone = originalZone;
    Settings.now = originalNow;
  });

  it("gives the same results whatever luxon's default zone and clock are", () => {
    const reference = parseAll();

    Settings.defaultZone = 'Pacific/Kiritimati';
    Settings.now = () => Date.UTC(2026, 6, 1);
    const summer = parseAll();
    Settings.defaultZone = 'America/Adak';
    Settings.now = () => Date.UTC(2026, 0, 1);
    const winter = parseAll();

    expect(summer).toEqual(reference);
    expect(winter).toEqual(reference);
  });

  it('gives the same results in processes started with a different TZ', () => {
    const root = resolve(__dirname, '../../..');
    const script = [
      "const { DateTime, IANAZone } = require('luxon');",
      `const { parseDateInput } = require(${JSON.stringify(join(__dirname, 'parse-date.ts'))});`,
      `const now = DateTime.fromISO(${JSON.stringify(NOW.toISO())}, { zone: 'utc' });`,
      "const zone = IANAZone.create('America/New_York');",
      `const inputs = ${JSON.stringify(INPUTS)};`,
      'const out = inputs.map((i) => parseDateInput(i, zone, now)?.toISO() ?? null);',
      'process.stdout.write(JSON.stringify({ out, offset: new Date(0).getTimezoneOffset() }));',
    ].join('\n');
    const run = (tz: string): { out: unknown; offset: number } =>
      JSON.parse(
        execFileSync(process.execPath, ['-r', 'ts-node/register', '-e', script], {
          cwd: root,
          env: { ...process.env, TZ: tz, TS_NODE_TRANSPILE_ONLY: '1' },
          encoding: 'utf8',
        }),
      ) as { out: unknown; offset: number };

    const east = run('Pacific/Kiritimati');
    const west = run('America/Adak');

    expect(east.offset).not.toBe(west.offset);
    expect(east.out).toEqual(parseAll());
    expect(west.out).toEqual(parseAll());
  }, 30_000);

  it('never reaches for the local zone or native date parsing in the module sources', () => {
    const sources = readdirSync(__dirname).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'),
    );
    const forbidden =
      /DateTime\.(local|now|fromISO|fromSQL|fromJSDate|fromFormat)\(|new Date\(|Date\.parse\(|toLocale\w*\(/;

    for (const file of sources) {
      expect([file, forbidden.test(readFileSync(join(__dirname, file), 'utf8'))]).toEqual([
        file,
        false,
      ]);
    }
  });
});
