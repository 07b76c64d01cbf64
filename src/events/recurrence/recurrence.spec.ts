import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ICAL from 'ical.js';
import { DateTime, IANAZone } from 'luxon';
import {
  expand,
  parseRecurrence,
  RECURRENCE_LIMITS,
  RecurrenceError,
  recurrenceLines,
  requireWithinLimit,
  splitRecurrence,
} from './recurrence';

const MADRID = IANAZone.create('Europe/Madrid');
const NEW_YORK = IANAZone.create('America/New_York');

function at(text: string, zone: IANAZone): DateTime {
  return DateTime.fromISO(text, { zone });
}

/** The occurrences' starts as ISO text in their zone. */
function starts(
  lines: string[],
  start: string,
  zone: IANAZone,
  until = '2030-01-01T00:00',
): string[] {
  const first = at(start, zone);
  const recurrence = parseRecurrence(lines, zone, first);
  const { occurrences } = expand(
    recurrence,
    { start: first, end: first.plus({ hours: 2 }) },
    at(until, zone),
  );
  return occurrences.map(
    (occurrence) => occurrence.start.toISO({ suppressMilliseconds: true }) ?? '',
  );
}

/** What ical.js, a parser we do not own, expands the same series to: instants in ms. */
function icalInstants(lines: string[], start: string, zone: IANAZone, until: string): number[] {
  const vtimezone = getVtimezoneComponent(zone.name);
  const text = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    ...(vtimezone ? [vtimezone.trim()] : []),
    'BEGIN:VEVENT',
    'UID:x',
    'DTSTAMP:20260101T000000Z',
    `DTSTART;TZID=${zone.name}:${at(start, zone).toFormat("yyyyMMdd'T'HHmmss")}`,
    ...lines,
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  for (const component of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(component);
  }
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  const iterator = new ICAL.Event(vevent).iterator();
  const end = at(until, zone).toMillis();
  const found: number[] = [];
  for (let next = iterator.next(); next; next = iterator.next()) {
    const time = firstOfRepeatedHour(next.toJSDate().getTime(), zone);
    if (time > end || found.length > 2_000) break;
    found.push(time);
  }
  return found;
}

/**
 * ical.js reads a wall time in a repeated hour (clocks going back) as its second instant; RFC
 * 5545 §3.3.5 names the first, as this service does: an instant whose wall time the zone also
 * showed an hour earlier is taken back to that earlier one.
 */
function firstOfRepeatedHour(time: number, zone: IANAZone): number {
  const wall = (at: number) => DateTime.fromMillis(at, { zone }).toFormat('yyyyMMddHHmmss');
  const earlier = time - 3_600_000;
  return wall(earlier) === wall(time) ? earlier : time;
}

function refusal(lines: string[]): string {
  const first = at('2027-01-04T10:00', MADRID);
  try {
    expand(
      parseRecurrence(lines, MADRID, first),
      { start: first, end: first },
      first.plus({ years: 2 }),
    );
  } catch (error: unknown) {
    if (error instanceof RecurrenceError) return error.reason;
    throw error;
  }
  return 'accepted';
}

describe('recurrence', () => {
  it('takes COUNT up to the occurrences a series may hold, and refuses more with the count', () => {
    const start = at('2027-03-16T10:00', MADRID);
    const most = RECURRENCE_LIMITS.occurrences;
    expect(parseRecurrence([`RRULE:FREQ=DAILY;COUNT=${most}`], MADRID, start).rule?.count).toBe(
      most,
    );
    const refused = (): unknown =>
      parseRecurrence([`RRULE:FREQ=DAILY;COUNT=${most + 1}`], MADRID, start);
    expect(refused).toThrow(RecurrenceError);
    try {
      refused();
    } catch (error) {
      expect(error).toMatchObject({
        reason: 'reason.recurrence-count-limit',
        args: { count: String(most + 1), limit: String(most) },
      });
    }
  });

  it('refuses an UNTIL that gives more occurrences than a series holds, counting RDATE and EXDATE', () => {
    const first = at('2027-01-01T10:00', MADRID);
    const check = (lines: string[]) =>
      requireWithinLimit(parseRecurrence(lines, MADRID, first), {
        start: first,
        end: first.plus({ hours: 1 }),
      });
    // 2027-01-01 to 2029-09-26 is exactly 1,000 days (2028 is a leap year).
    expect(() => check(['RRULE:FREQ=DAILY;UNTIL=20290926T235959'])).not.toThrow();
    expect(() => check(['RRULE:FREQ=DAILY;UNTIL=20290927T235959'])).toThrow(
      expect.objectContaining({ reason: 'reason.recurrence-until-limit' }) as Error,
    );
    expect(() =>
      check([
        'RRULE:FREQ=DAILY;UNTIL=20290927T235959',
        'EXDATE;TZID=Europe/Madrid:20270105T100000',
      ]),
    ).not.toThrow();
    expect(() =>
      check(['RRULE:FREQ=DAILY;UNTIL=20290926T235959', 'RDATE;TZID=Europe/Madrid:20300101T100000']),
    ).toThrow(RecurrenceError);
    // No UNTIL: nothing to check here.
    expect(() => check(['RRULE:FREQ=DAILY'])).not.toThrow();
  });

  it('takes an RDATE at or after the start, and refuses one before it with its value', () => {
    const start = at('2027-03-16T10:00', MADRID);
    const read = (rdate: string) =>
      parseRecurrence([`RDATE;TZID=Europe/Madrid:${rdate}`], MADRID, start);
    expect(read('20270316T100000').rdates).toHaveLength(1);
    expect(read('20270320T090000').rdates).toHaveLength(1);
    expect(() => read('20270316T095959')).toThrow(
      expect.objectContaining({
        reason: 'reason.recurrence-rdate-before-start',
        args: { value: '20270316T095959' },
      }) as Error,
    );
    // A UTC value is read in the event's zone: 08:59Z is 09:59 in Madrid, before 10:00.
    expect(() => parseRecurrence(['RDATE:20270316T085900Z'], MADRID, start)).toThrow(
      RecurrenceError,
    );
  });

  it('keeps 10:00 at 10:00 across DST changes in two zones', () => {
    // Madrid changes on 28 March and 31 October 2027; New York on 14 March and 7 November.
    const madrid = starts(['RRULE:FREQ=WEEKLY;COUNT=3'], '2027-03-21T10:00', MADRID);
    expect(madrid).toEqual([
      '2027-03-21T10:00:00+01:00',
      '2027-03-28T10:00:00+02:00',
      '2027-04-04T10:00:00+02:00',
    ]);
    const york = starts(['RRULE:FREQ=WEEKLY;BYDAY=SU;COUNT=2'], '2027-10-31T10:00', NEW_YORK);
    expect(york).toEqual(['2027-10-31T10:00:00-04:00', '2027-11-07T10:00:00-05:00']);
  });

  it('expands to the instants an independent parser (ical.js) gives', () => {
    const cases: Array<[string[], string, IANAZone]> = [
      [['RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20271231T230000Z'], '2027-01-04T18:30', MADRID],
      [['RRULE:FREQ=MONTHLY;BYDAY=-1FR'], '2027-01-29T19:00', NEW_YORK],
      [['RRULE:FREQ=MONTHLY;BYDAY=2TU;INTERVAL=2;COUNT=10'], '2027-01-12T09:00', MADRID],
      [['RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1'], '2027-01-29T17:00', MADRID],
      [['RRULE:FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=24'], '2027-06-24T22:00', MADRID],
      [['RRULE:FREQ=DAILY;INTERVAL=3;COUNT=200'], '2027-02-01T01:30', NEW_YORK],
      [['RRULE:FREQ=MONTHLY;BYMONTHDAY=31'], '2027-01-31T12:00', NEW_YORK],
      [
        [
          'RRULE:FREQ=WEEKLY;COUNT=6',
          'EXDATE;TZID=Europe/Madrid:20270322T100000',
          'RDATE;TZID=Europe/Madrid:20270324T100000',
        ],
        '2027-03-15T10:00',
        MADRID,
      ],
    ];
    for (const [lines, start, zone] of cases) {
      const ours = starts(lines, start, zone, '2029-01-01T00:00').map((iso) => Date.parse(iso));
      expect({ lines, instants: ours }).toEqual({
        lines,
        instants: icalInstants(lines, start, zone, '2029-01-01T00:00'),
      });
    }
  });

  it('reads RDATE and EXDATE as UTC, in another zone, or as dates at the start time', () => {
    const lines = [
      'RRULE:FREQ=DAILY;COUNT=5',
      'EXDATE:20270302T090000Z', // 10:00 in Madrid
      'EXDATE;VALUE=DATE:20270303',
      'RDATE;TZID=America/New_York:20270310T040000', // 10:00 in Madrid (EST, CET)
    ];
    expect(starts(lines, '2027-03-01T10:00', MADRID)).toEqual([
      '2027-03-01T10:00:00+01:00',
      '2027-03-04T10:00:00+01:00',
      '2027-03-05T10:00:00+01:00',
      '2027-03-10T10:00:00+01:00',
    ]);
    const read = parseRecurrence(lines, MADRID, at('2027-03-01T10:00', MADRID));
    expect(read.lines).toEqual([
      'RRULE:FREQ=DAILY;COUNT=5',
      'RDATE;TZID=Europe/Madrid:20270310T100000',
      'EXDATE;TZID=Europe/Madrid:20270302T100000,20270303T100000',
    ]);
  });

  it('keeps each occurrence exactly as long as the first (RFC 5545 §3.8.5.3), and names it by its start', () => {
    // The first runs across the change to summer time: 24.5 hours, though 25.5 on the wall.
    const first = at('2027-03-27T22:00', MADRID);
    const { occurrences } = expand(
      parseRecurrence(['RRULE:FREQ=DAILY;COUNT=2'], MADRID, first),
      { start: first, end: at('2027-03-28T23:30', MADRID) },
      first.plus({ years: 1 }),
    );
    expect(occurrences.map((o) => [o.recurrenceId, o.end.toISO()])).toEqual([
      ['20270327T220000', '2027-03-28T23:30:00.000+02:00'],
      ['20270328T220000', '2027-03-29T22:30:00.000+02:00'],
    ]);
  });

  it('keeps an all-day occurrence on whole days, whatever a DST change does to their length', () => {
    const first = at('2027-03-27T00:00', MADRID);
    const { occurrences } = expand(
      parseRecurrence(['RRULE:FREQ=DAILY;COUNT=2'], MADRID, first),
      { start: first, end: at('2027-03-27T23:59:59', MADRID), allDay: true },
      first.plus({ years: 1 }),
    );
    expect(occurrences.map((o) => [o.start.toISO(), o.end.toISO()])).toEqual([
      ['2027-03-27T00:00:00.000+01:00', '2027-03-27T23:59:59.000+01:00'],
      ['2027-03-28T00:00:00.000+01:00', '2027-03-28T23:59:59.000+02:00'],
    ]);
  });

  it('moves a time a DST change skips forward by the change', () => {
    expect(starts(['RRULE:FREQ=DAILY;COUNT=2'], '2027-03-27T02:30', MADRID)).toEqual([
      '2027-03-27T02:30:00+01:00',
      '2027-03-28T03:30:00+02:00',
    ]);
  });

  it('stops an open-ended rule at the horizon and any rule at the limit', () => {
    expect(
      starts(['RRULE:FREQ=WEEKLY'], '2027-01-04T10:00', MADRID, '2027-02-01T00:00'),
    ).toHaveLength(4);
    const first = at('2027-01-01T10:00', MADRID);
    const daily = expand(
      parseRecurrence(['RRULE:FREQ=DAILY;UNTIL=20461231T000000Z'], MADRID, first),
      { start: first, end: first },
      first.plus({ years: 20 }),
    );
    expect(daily.occurrences).toHaveLength(RECURRENCE_LIMITS.occurrences);
    expect(daily.capped).toBe(true);
  });

  it('refuses rules it cannot read, with the reason', () => {
    expect(refusal(['RRULE:FREQ=HOURLY'])).toBe('reason.recurrence-freq');
    expect(refusal(['RRULE:INTERVAL=2'])).toBe('reason.recurrence-freq');
    expect(refusal(['RRULE:FREQ=WEEKLY;COUNT=2;UNTIL=20270101'])).toBe(
      'reason.recurrence-count-until',
    );
    expect(refusal(['RRULE:FREQ=WEEKLY;BYDAY=XX'])).toBe('reason.recurrence-value');
    expect(refusal(['RRULE:FREQ=WEEKLY;BYDAY=2MO'])).toBe('reason.recurrence-value');
    expect(refusal(['RRULE:FREQ=MONTHLY;BYDAY=6MO'])).toBe('reason.recurrence-value');
    expect(refusal(['RRULE:FREQ=YEARLY;BYMONTH=13'])).toBe('reason.recurrence-value');
    expect(refusal(['RRULE:FREQ=MONTHLY;BYMONTHDAY=0'])).toBe('reason.recurrence-value');
    expect(refusal(['RRULE:FREQ=WEEKLY;INTERVAL=0'])).toBe('reason.recurrence-value');
    expect(refusal(['RRULE:FREQ=WEEKLY;BYSETPOS=1'])).toBe('reason.recurrence-value');
    expect(refusal(['RRULE:FREQ=WEEKLY;BYHOUR=9'])).toBe('reason.recurrence-unsupported');
    expect(refusal(['RRULE:FREQ=WEEKLY', 'RRULE:FREQ=DAILY'])).toBe('reason.recurrence-one-rule');
    expect(refusal(['DTSTART:20270101T100000'])).toBe('reason.recurrence-unsupported');
    expect(refusal(['EXDATE:2027-01-11'])).toBe('reason.recurrence-line');
    expect(refusal(['RDATE;VALUE=PERIOD:20270101T100000Z/PT1H'])).toBe(
      'reason.recurrence-unsupported',
    );
    expect(refusal(['not a line'])).toBe('reason.recurrence-line');
    expect(
      refusal(['RRULE:FREQ=WEEKLY;COUNT=1', 'EXDATE;TZID=Europe/Madrid:20270104T100000']),
    ).toBe('reason.recurrence-empty');
    expect(refusal(['RRULE:FREQ=MONTHLY;BYDAY=-1FR'])).toBe('accepted');
  });

  it('reads recurrence as a list of lines or one text, folded lines joined', () => {
    expect(recurrenceLines('RRULE:FREQ=WEEKLY;\r\n BYDAY=MO\nEXDATE:20270111T090000Z\n')).toEqual([
      'RRULE:FREQ=WEEKLY;BYDAY=MO',
      'EXDATE:20270111T090000Z',
    ]);
    expect(recurrenceLines(['RRULE:FREQ=DAILY', ' '])).toEqual(['RRULE:FREQ=DAILY']);
  });
});

describe('recurrence limits', () => {
  it('refuses a rule no date matches within its deadline instead of walking to the year 9999', () => {
    const started = Date.now();
    expect(refusal(['RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'])).toBe('reason.recurrence-empty');
    expect(refusal(['RRULE:FREQ=MONTHLY;BYDAY=MO;BYSETPOS=6'])).toBe('reason.recurrence-empty');
    expect(Date.now() - started).toBeLessThan(2 * RECURRENCE_LIMITS.expansionMs + 2_000);
  });

  it('refuses a rule no date matches when its walk ends well within the deadline too', () => {
    // Yearly, the walk to its end is a few dozen steps: the refusal does not wait on a timeout.
    expect(refusal(['RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30'])).toBe('reason.recurrence-empty');
    expect(refusal(['RRULE:FREQ=YEARLY;BYMONTH=4;BYMONTHDAY=31;COUNT=3'])).toBe(
      'reason.recurrence-empty',
    );
  });
});

describe('splitRecurrence', () => {
  const first = at('2027-03-16T10:00', MADRID);
  const split = (lines: string[], when: string) =>
    splitRecurrence(parseRecurrence(lines, MADRID, first), first, at(when, MADRID));

  it('ends the first part a second before the split and counts the rest from there', () => {
    expect(split(['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=6'], '2027-04-06T10:00')).toEqual({
      before: ['RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20270406T075959Z'],
      after: ['RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=3'],
    });
  });

  it('keeps an UNTIL or no end for the second part, and shares out the extra dates', () => {
    const lines = [
      'RRULE:FREQ=WEEKLY;UNTIL=20270601T000000Z',
      'RDATE;TZID=Europe/Madrid:20270320T100000,20270501T100000',
      'EXDATE;TZID=Europe/Madrid:20270323T100000,20270511T100000',
    ];
    expect(split(lines, '2027-04-13T10:00')).toEqual({
      before: [
        'RRULE:FREQ=WEEKLY;UNTIL=20270413T075959Z',
        'RDATE;TZID=Europe/Madrid:20270320T100000',
        'EXDATE;TZID=Europe/Madrid:20270323T100000',
      ],
      after: [
        'RRULE:FREQ=WEEKLY;UNTIL=20270601T000000Z',
        'RDATE;TZID=Europe/Madrid:20270501T100000',
        'EXDATE;TZID=Europe/Madrid:20270511T100000',
      ],
    });
    expect(split(['RRULE:FREQ=DAILY;COUNT=3'], '2027-03-20T10:00').after).toEqual([]);
  });
});
