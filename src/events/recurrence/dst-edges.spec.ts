import { DateTime, IANAZone } from 'luxon';
import { expand, parseRecurrence } from './recurrence';

/**
 * Occurrences at DST changes (RFC 5545 §3.3.5, §3.8.5.3): a wall time in a repeated hour is its
 * first instant, one in a gap is read with the offset before the gap (on that day only), and every
 * occurrence lasts exactly as long as the first. Four zones: an hour at 02:00 (Madrid, New York),
 * half an hour (Lord Howe, southern hemisphere) and an hour at midnight (Santiago, southern
 * hemisphere); daily, weekly, monthly and yearly rules.
 */

interface Case {
  readonly what: string;
  readonly zone: string;
  /** The series' first occurrence, wall time in the zone (not itself at a change). */
  readonly start: string;
  readonly minutes: number;
  /** The rule; `FREQ=DAILY;COUNT=3` when not given. */
  readonly rule?: string;
  /** The three occurrences' starts and ends, as UTC instants (worked out by hand from the zone's rules). */
  readonly expected: ReadonlyArray<readonly [string, string]>;
}

const CASES: readonly Case[] = [
  {
    what: 'Madrid, weekly, the repeated hour',
    zone: 'Europe/Madrid',
    start: '2027-10-24T02:30',
    minutes: 60,
    rule: 'FREQ=WEEKLY;BYDAY=SU;COUNT=3',
    expected: [
      ['2027-10-24T00:30:00Z', '2027-10-24T01:30:00Z'],
      ['2027-10-31T00:30:00Z', '2027-10-31T01:30:00Z'],
      ['2027-11-07T01:30:00Z', '2027-11-07T02:30:00Z'],
    ],
  },
  {
    what: 'New York, monthly on the second Sunday, the gap',
    zone: 'America/New_York',
    start: '2027-02-14T02:30',
    minutes: 60,
    rule: 'FREQ=MONTHLY;BYDAY=2SU;COUNT=3',
    expected: [
      ['2027-02-14T07:30:00Z', '2027-02-14T08:30:00Z'],
      ['2027-03-14T07:30:00Z', '2027-03-14T08:30:00Z'],
      ['2027-04-11T06:30:00Z', '2027-04-11T07:30:00Z'],
    ],
  },
  {
    what: 'Lord Howe, yearly, the half-hour gap',
    zone: 'Australia/Lord_Howe',
    start: '2026-10-03T02:15',
    minutes: 30,
    rule: 'FREQ=YEARLY;COUNT=3',
    expected: [
      ['2026-10-02T15:45:00Z', '2026-10-02T16:15:00Z'],
      ['2027-10-02T15:45:00Z', '2027-10-02T16:15:00Z'],
      ['2028-10-02T15:15:00Z', '2028-10-02T15:45:00Z'],
    ],
  },
  {
    what: 'Santiago, weekly on Saturday night, the repeated hour',
    zone: 'America/Santiago',
    start: '2027-03-27T23:30',
    minutes: 60,
    rule: 'FREQ=WEEKLY;COUNT=3',
    expected: [
      ['2027-03-28T02:30:00Z', '2027-03-28T03:30:00Z'],
      ['2027-04-04T02:30:00Z', '2027-04-04T03:30:00Z'],
      ['2027-04-11T03:30:00Z', '2027-04-11T04:30:00Z'],
    ],
  },
  {
    what: 'Madrid, the repeated hour',
    zone: 'Europe/Madrid',
    start: '2027-10-30T02:30',
    minutes: 60,
    expected: [
      ['2027-10-30T00:30:00Z', '2027-10-30T01:30:00Z'],
      ['2027-10-31T00:30:00Z', '2027-10-31T01:30:00Z'],
      ['2027-11-01T01:30:00Z', '2027-11-01T02:30:00Z'],
    ],
  },
  {
    what: 'Madrid, the gap',
    zone: 'Europe/Madrid',
    start: '2027-03-27T02:30',
    minutes: 60,
    expected: [
      ['2027-03-27T01:30:00Z', '2027-03-27T02:30:00Z'],
      // 02:30 does not exist: 03:30 CEST, an hour long still.
      ['2027-03-28T01:30:00Z', '2027-03-28T02:30:00Z'],
      // The next day is back at 02:30.
      ['2027-03-29T00:30:00Z', '2027-03-29T01:30:00Z'],
    ],
  },
  {
    what: 'New York, the repeated hour',
    zone: 'America/New_York',
    start: '2027-11-06T01:30',
    minutes: 60,
    expected: [
      ['2027-11-06T05:30:00Z', '2027-11-06T06:30:00Z'],
      ['2027-11-07T05:30:00Z', '2027-11-07T06:30:00Z'],
      ['2027-11-08T06:30:00Z', '2027-11-08T07:30:00Z'],
    ],
  },
  {
    what: 'New York, the gap',
    zone: 'America/New_York',
    start: '2027-03-13T02:30',
    minutes: 60,
    expected: [
      ['2027-03-13T07:30:00Z', '2027-03-13T08:30:00Z'],
      ['2027-03-14T07:30:00Z', '2027-03-14T08:30:00Z'],
      ['2027-03-15T06:30:00Z', '2027-03-15T07:30:00Z'],
    ],
  },
  {
    what: 'Lord Howe, the repeated half hour',
    zone: 'Australia/Lord_Howe',
    start: '2027-04-03T01:45',
    minutes: 45,
    expected: [
      ['2027-04-02T14:45:00Z', '2027-04-02T15:30:00Z'],
      ['2027-04-03T14:45:00Z', '2027-04-03T15:30:00Z'],
      ['2027-04-04T15:15:00Z', '2027-04-04T16:00:00Z'],
    ],
  },
  {
    what: 'Lord Howe, the half-hour gap',
    zone: 'Australia/Lord_Howe',
    start: '2027-10-02T02:10',
    minutes: 45,
    expected: [
      ['2027-10-01T15:40:00Z', '2027-10-01T16:25:00Z'],
      // 02:10 does not exist: 02:40, 45 minutes long still.
      ['2027-10-02T15:40:00Z', '2027-10-02T16:25:00Z'],
      ['2027-10-03T15:10:00Z', '2027-10-03T15:55:00Z'],
    ],
  },
  {
    what: 'Santiago, the repeated hour before midnight',
    zone: 'America/Santiago',
    start: '2027-04-02T23:30',
    minutes: 60,
    expected: [
      ['2027-04-03T02:30:00Z', '2027-04-03T03:30:00Z'],
      ['2027-04-04T02:30:00Z', '2027-04-04T03:30:00Z'],
      ['2027-04-05T03:30:00Z', '2027-04-05T04:30:00Z'],
    ],
  },
  {
    what: 'Santiago, the gap at midnight',
    zone: 'America/Santiago',
    start: '2027-09-04T00:30',
    minutes: 60,
    expected: [
      ['2027-09-04T04:30:00Z', '2027-09-04T05:30:00Z'],
      ['2027-09-05T04:30:00Z', '2027-09-05T05:30:00Z'],
      ['2027-09-06T03:30:00Z', '2027-09-06T04:30:00Z'],
    ],
  },
];

function utcText(time: DateTime): string {
  return time.toUTC().toISO({ suppressMilliseconds: true }) ?? '';
}

describe('recurrence at DST changes', () => {
  it.each(CASES)('$what', ({ zone: name, start, minutes, rule, expected }) => {
    const zone = IANAZone.create(name);
    const first = DateTime.fromISO(start, { zone });
    const { occurrences } = expand(
      parseRecurrence([`RRULE:${rule ?? 'FREQ=DAILY;COUNT=3'}`], zone, first),
      { start: first, end: first.plus({ minutes }) },
      first.plus({ years: 3 }),
    );
    expect(occurrences.map((o) => [utcText(o.start), utcText(o.end)])).toEqual(expected);
    // Every occurrence keeps the rule's wall time as its RECURRENCE-ID, moved or not.
    expect(occurrences.map((o) => o.recurrenceId.slice(8))).toEqual(
      expected.map(() => first.toFormat("'T'HHmmss")),
    );
  });

  it('keeps a first occurrence given as the second instant of a repeated hour as it is', () => {
    const zone = IANAZone.create('Europe/Madrid');
    const first = DateTime.fromISO('2027-10-31T02:30:00+01:00').setZone(zone);
    const { occurrences } = expand(
      parseRecurrence(['RRULE:FREQ=DAILY;COUNT=2'], zone, first),
      { start: first, end: first.plus({ hours: 1 }) },
      first.plus({ years: 1 }),
    );
    expect(occurrences.map((o) => utcText(o.start))).toEqual([
      '2027-10-31T01:30:00Z',
      '2027-11-01T01:30:00Z',
    ]);
  });

  it('reads every occurrence of random series in twelve zones as an independent reading does', () => {
    const zones = [
      'Europe/Madrid',
      'Europe/London',
      'America/New_York',
      'America/Los_Angeles',
      'America/Santiago',
      'America/Havana',
      'Australia/Lord_Howe',
      'Australia/Sydney',
      'Pacific/Auckland',
      'Pacific/Chatham',
      'Asia/Gaza',
      'Africa/Casablanca',
    ];
    const random = seeded(20271031);
    let checked = 0;
    for (let round = 0; round < 120; round += 1) {
      const name = zones[round % zones.length] ?? 'UTC';
      const zone = IANAZone.create(name);
      // Wall times near the usual change hours, on days across two years.
      const day = DateTime.fromObject({ year: 2027, month: 1, day: 1 }, { zone: 'utc' }).plus({
        days: Math.floor(random() * 700),
      });
      const minute = [0, 15, 30, 45][Math.floor(random() * 4)] ?? 0;
      const hour = [0, 1, 2, 3, 23][Math.floor(random() * 5)] ?? 0;
      const first = DateTime.fromObject(
        { year: day.year, month: day.month, day: day.day, hour: 12 },
        { zone },
      ).set({ hour, minute });
      // A start in a gap is refused upstream; one in a repeated hour is tested above.
      const firstWall = Date.UTC(first.year, first.month - 1, first.day, first.hour, first.minute);
      if (intlWall(first.toMillis(), name) !== firstWall) continue;
      if (independentInstant(firstWall, name) !== first.toMillis()) continue;
      const length = (15 + Math.floor(random() * 16) * 15) * 60_000;
      const rule = random() < 0.5 ? 'FREQ=DAILY;COUNT=45' : 'FREQ=WEEKLY;COUNT=26';
      const { occurrences } = expand(
        parseRecurrence([`RRULE:${rule}`], zone, first),
        { start: first, end: first.plus({ milliseconds: length }) },
        first.plus({ years: 2 }),
      );
      for (const occurrence of occurrences) {
        const id = occurrence.recurrenceId;
        expect(id.slice(9, 13)).toBe(first.toFormat('HHmm'));
        const wall = Date.UTC(
          Number(id.slice(0, 4)),
          Number(id.slice(4, 6)) - 1,
          Number(id.slice(6, 8)),
          Number(id.slice(9, 11)),
          Number(id.slice(11, 13)),
        );
        expect({ zone: name, id, start: occurrence.start.toMillis() }).toEqual({
          zone: name,
          id,
          start: independentInstant(wall, name),
        });
        expect(occurrence.end.toMillis() - occurrence.start.toMillis()).toBe(length);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(2_500);
  });
});

const FORMATS = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of `instant` in `zone` by Intl (ICU), as a UTC millisecond count. */
function intlWall(instant: number, zone: string): number {
  let format = FORMATS.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    FORMATS.set(zone, format);
  }
  const part = (parts: Intl.DateTimeFormatPart[], type: string): number =>
    Number(parts.find((p) => p.type === type)?.value);
  const parts = format.formatToParts(new Date(instant));
  return Date.UTC(
    part(parts, 'year'),
    part(parts, 'month') - 1,
    part(parts, 'day'),
    part(parts, 'hour'),
    part(parts, 'minute'),
  );
}

/**
 * The instant a wall time names in `zone`, found by search rather than by offsets: the earliest
 * instant within ±15 hours that shows it; none (a gap) is the wall time read with the offset in
 * force a day before.
 */
function independentInstant(wall: number, zone: string): number {
  for (let minutes = -15 * 60; minutes <= 15 * 60; minutes += 15) {
    const instant = wall + minutes * 60_000;
    if (intlWall(instant, zone) === wall) return instant;
  }
  const before = wall - 86_400_000;
  const offset = intlWall(before, zone) - before;
  return wall - offset;
}

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
