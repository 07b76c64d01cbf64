import { createContext, Script } from 'node:vm';
import { DateTime, IANAZone, type Zone } from 'luxon';
import { Frequency, RRule, Weekday, type Options } from 'rrule';
import { fromWallClock } from '../../common/dates/calendar';
import { resolveZone } from '../../common/dates/zones';
import type { MessageArgs, MessageKey } from '../../common/i18n/messages';

/**
 * Recurring events' rules (RFC 5545 `RRULE`, `RDATE`, `EXDATE`), read and expanded in the event's
 * own time zone (docs/decisions.md#recurring-events).
 *
 * Expansion runs on "floating" times: a wall-clock time in the event's zone is carried as the
 * UTC instant with the same fields, so the `rrule` library, which knows no zones, steps days,
 * weeks, months and years without ever meeting a DST change; each result is then read back as
 * that wall-clock time in the zone. 10:00 stays 10:00 on both sides of a change.
 *
 * Read back, a wall time follows RFC 5545 §3.3.5: one in a repeated hour (clocks going back) is
 * its first instant; one in a gap (clocks going forward) is read with the offset before the gap,
 * so it moves on by the gap's length, on that day only. Every occurrence lasts exactly as long as
 * the first (§3.8.5.3), except all-day ones, which keep their calendar days.
 */

/** Limits of one series (documented in docs/behaviour.md#recurring-events). */
export const RECURRENCE_LIMITS = {
  /** Occurrences a series has at most: a rule that would make more stops there. */
  occurrences: 1_000,
  /** `RDATE` and `EXDATE` values together. */
  dates: 1_000,
  /** Largest `INTERVAL`. */
  interval: 1_000,
  /** How far ahead of now a series' occurrences are stored. */
  horizonMonths: 24,
  /** Days past the horizon a list's window must end for series to be extended on demand. */
  onDemandAfterDays: 7,
  /** How far ahead of now a list asking past the horizon has series extended, at most. */
  onDemandYears: 10,
  /** Series one list request extends on demand, at most. */
  onDemandSeries: 100,
  /**
   * Milliseconds one series' expansion may take (see {@link guarded}). A valid rule of 1,000
   * occurrences takes about 90 ms on a 2-core machine on a slow day (165 ms cold); 200 ms refused
   * such a rule when the machine was busy, so the deadline leaves ten times that room and still
   * stops a rule that would walk to the year 9999 for seconds.
   */
  expansionMs: 1_000,
} as const;

/** Why a recurrence was refused: a message key of data.details with its arguments. */
export class RecurrenceError extends Error {
  constructor(
    readonly reason: MessageKey,
    readonly args: MessageArgs = {},
  ) {
    super(reason);
  }
}

/** A wall-clock time in the event's zone, carried as the UTC instant with the same fields. */
type Floating = Date;

/** A series' rule and its extra and excluded dates, read and checked. */
export interface Recurrence {
  /** The lines as this service writes them back: names upper-cased, dates in the event's zone. */
  readonly lines: readonly string[];
  /** The `RRULE`'s options without a start, or null for a series of `RDATE`s alone. */
  readonly rule: Partial<Options> | null;
  readonly rdates: readonly Floating[];
  readonly exdates: readonly Floating[];
}

/** One occurrence: its instants and its original start (its `RECURRENCE-ID`), as wall time. */
export interface Occurrence {
  readonly start: DateTime;
  readonly end: DateTime;
  /** The occurrence's start before any change, `yyyyMMdd'T'HHmmss` in the event's zone. */
  readonly recurrenceId: string;
}

/** A series' first occurrence: the event's own start and end, and whether it is all-day. */
export interface FirstOccurrence {
  readonly start: DateTime;
  readonly end: DateTime;
  /** All-day occurrences keep the first's calendar days, not its exact length. */
  readonly allDay?: boolean;
}

/** What {@link expand} found: the occurrences and whether the limit cut the series short. */
export interface Expansion {
  readonly occurrences: readonly Occurrence[];
  readonly capped: boolean;
  /** The rule gives occurrences after `until` (and the limit is not reached). */
  readonly continues: boolean;
}

/** How far past the horizon the next occurrence of a series is looked for. */
const LATER_YEARS = 10;

const FREQUENCIES: Readonly<Record<string, Frequency>> = {
  DAILY: Frequency.DAILY,
  WEEKLY: Frequency.WEEKLY,
  MONTHLY: Frequency.MONTHLY,
  YEARLY: Frequency.YEARLY,
};

const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

const RULE_PARTS = [
  'FREQ',
  'INTERVAL',
  'COUNT',
  'UNTIL',
  'BYDAY',
  'BYMONTHDAY',
  'BYMONTH',
  'BYSETPOS',
  'WKST',
] as const;
type RulePart = (typeof RULE_PARTS)[number];

const DATE_VALUE = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/;
const WHOLE = /^[+-]?\d{1,4}$/;
const LINE = /^([A-Za-z-]+)((?:;[A-Za-z-]+=[^;:]*)*):(.*)$/;

/** `recurrence` as sent: a list of lines, or one text of lines. Empty means not recurring. */
export function recurrenceLines(input: string | readonly string[]): string[] {
  const raw = typeof input === 'string' ? [input] : input;
  return raw
    .flatMap((entry) => entry.replace(/\r?\n[ \t]/g, '').split(/\r?\n/))
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * Reads a series' lines for an event in `zone` starting at `start`. Throws
 * {@link RecurrenceError} with the reason when a line is not one this service reads.
 */
export function parseRecurrence(lines: readonly string[], zone: Zone, start: DateTime): Recurrence {
  let rule: Partial<Options> | null = null;
  let ruleLine: string | null = null;
  const rdates: Floating[] = [];
  const exdates: Floating[] = [];
  for (const line of lines) {
    const match = LINE.exec(line);
    if (!match) throw new RecurrenceError('reason.recurrence-line', { line: shorten(line) });
    const [, rawName = '', rawParams = '', value = ''] = match;
    const name = rawName.toUpperCase();
    const params = readParams(rawParams, line);
    switch (name) {
      case 'RRULE':
        if (rule !== null) throw new RecurrenceError('reason.recurrence-one-rule');
        if (params.size > 0) throw new RecurrenceError('reason.recurrence-line', { line });
        ({ rule, line: ruleLine } = readRule(value, zone));
        break;
      case 'RDATE':
      case 'EXDATE':
        (name === 'RDATE' ? rdates : exdates).push(...readDates(value, params, zone, start, line));
        break;
      default:
        throw new RecurrenceError('reason.recurrence-unsupported', { part: name });
    }
  }
  // The start is the series' first occurrence (DTSTART): an RDATE before it would be in the rule
  // and the feed but in no list.
  const first = floating(start.setZone(zone)).getTime();
  const early = rdates.find((date) => date.getTime() < first);
  if (early !== undefined) {
    throw new RecurrenceError('reason.recurrence-rdate-before-start', {
      value: floatingText(early),
    });
  }
  if (rdates.length + exdates.length > RECURRENCE_LIMITS.dates) {
    throw new RecurrenceError('reason.recurrence-too-many-dates', {
      limit: String(RECURRENCE_LIMITS.dates),
    });
  }
  const written = [
    ...(ruleLine === null ? [] : [ruleLine]),
    ...dateLines('RDATE', rdates, zone),
    ...dateLines('EXDATE', exdates, zone),
  ];
  return { lines: written, rule, rdates: sortUnique(rdates), exdates: sortUnique(exdates) };
}

/**
 * The occurrences of a series whose first occurrence is `first` (its `DTSTART`, always an
 * occurrence unless excluded), up to `until` and at most {@link RECURRENCE_LIMITS.occurrences}
 * in all. Each keeps the first's wall-clock length. Throws {@link RecurrenceError} when the
 * series has no occurrence at all.
 */
export function expand(recurrence: Recurrence, first: FirstOccurrence, until: DateTime): Expansion {
  return guarded(() => expandNow(recurrence, first, until));
}

/**
 * Refuses a rule whose `UNTIL` gives more occurrences than a series may hold: only the first
 * 1,000 would ever be stored, while the rule and the feed would promise the rest. (An open rule
 * is stored to the horizon and extended; a `COUNT` above the limit is refused when read.)
 */
export function requireWithinLimit(recurrence: Recurrence, first: FirstOccurrence): void {
  const until = recurrence.rule?.until;
  if (until == null) return;
  // Up to the rule's end or the last RDATE, whichever is later: all of it would be stored.
  const last = Math.max(until.getTime(), ...recurrence.rdates.map((date) => date.getTime()));
  if (expand(recurrence, first, wallTime(new Date(last), first.start.zone)).capped) {
    throw new RecurrenceError('reason.recurrence-until-limit', {
      limit: String(RECURRENCE_LIMITS.occurrences),
    });
  }
}

/**
 * Runs `work` with a deadline. The library looks for a rule's next occurrence period by period
 * until it finds one or reaches the year 9999, whatever the bounds asked for, so a rule that no
 * date matches from some point on (BYMONTH=2;BYMONTHDAY=30, BYSETPOS=6 of the Mondays of a
 * month) would hold the event loop for seconds. A script run with a timeout is stopped by V8
 * wherever it is, the library's code included; such a rule is refused as having no occurrence.
 */
function guarded<T>(work: () => T): T {
  const slot = GUARD_CONTEXT as { work?: () => unknown; result?: unknown };
  slot.work = work;
  try {
    GUARD_SCRIPT.runInContext(GUARD_CONTEXT, { timeout: RECURRENCE_LIMITS.expansionMs });
    return slot.result as T;
  } catch (error: unknown) {
    if ((error as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      throw new RecurrenceError('reason.recurrence-empty');
    }
    throw error;
  } finally {
    slot.work = undefined;
    slot.result = undefined;
  }
}

const GUARD_CONTEXT = createContext({});
const GUARD_SCRIPT = new Script('result = work()');

function expandNow(recurrence: Recurrence, first: FirstOccurrence, until: DateTime): Expansion {
  const zone = first.start.zone;
  const start = floating(first.start);
  // Wall-clock length for all-day series (their days), exact length for the others.
  const wallLength = floating(first.end.setZone(zone)).getTime() - start.getTime();
  const exactLength = first.end.toMillis() - first.start.toMillis();
  const last = floating(until.setZone(zone));
  const limit = RECURRENCE_LIMITS.occurrences;
  const excluded = new Set(recurrence.exdates.map((date) => date.getTime()));
  const found = new Set<number>([start.getTime(), ...recurrence.rdates.map((d) => d.getTime())]);
  // One more than the limit (and the excluded ones) tells whether the series was cut short.
  const wanted = limit + excluded.size + 1;
  const further = new Date(last.getTime());
  further.setUTCFullYear(further.getUTCFullYear() + LATER_YEARS);
  let later = recurrence.rdates.some((d) => d > last && !excluded.has(d.getTime()));
  let matched = false;
  // One walk: the rule's occurrences up to `last`, then the first one after it not excluded
  // (whether the series goes on past `until`), looked for up to LATER_YEARS further.
  bounded(recurrence, start, further)?.all((date, count) => {
    matched = true;
    if (date <= last) {
      found.add(date.getTime());
      return count + 1 < wanted;
    }
    if (!excluded.has(date.getTime())) later = true;
    return !later && count + 1 < wanted;
  });
  const times = [...found]
    .filter((time) => time >= start.getTime() && time <= last.getTime() && !excluded.has(time))
    .sort((a, b) => a - b);
  // A rule no date matches is refused whether its walk ends or runs out of time: the first
  // occurrence alone (always one) does not make it a series.
  if (recurrence.rule !== null && !matched) throw new RecurrenceError('reason.recurrence-empty');
  if (times.length === 0 && !later) throw new RecurrenceError('reason.recurrence-empty');
  const kept = times.slice(0, limit);
  return {
    capped: times.length > limit,
    continues: later && times.length < limit,
    occurrences: kept.map((time) => {
      const recurrenceId = floatingText(new Date(time));
      // The first occurrence is the event itself, whichever instant of its wall time it names.
      if (time === start.getTime()) return { start: first.start, end: first.end, recurrenceId };
      const begins = wallTime(new Date(time), zone);
      const ends = first.allDay
        ? wallTime(new Date(time + wallLength), zone)
        : begins.plus({ milliseconds: exactLength });
      return { start: begins, end: ends, recurrenceId };
    }),
  };
}

/**
 * The series' rule from `start`, ending at `last` at the latest: the library looks for a next
 * occurrence until its UNTIL, so a rule nothing matches (BYMONTH=2;BYMONTHDAY=30) would make it
 * walk day by day to the year 9999.
 */
function bounded(recurrence: Recurrence, start: Floating, last: Floating): RRule | null {
  const rule = recurrence.rule;
  if (rule === null) return null;
  const until = rule.until != null && rule.until < last ? rule.until : last;
  return new RRule({ ...rule, dtstart: start, until, tzid: null });
}

/** The lines of the two series a split makes (see {@link splitRecurrence}). */
export interface SplitLines {
  /** The series up to the split: its rule ends the second before `at`. */
  readonly before: string[];
  /** The series from `at` on: the rest of the rule, counted from `at`. */
  readonly after: string[];
}

/**
 * Splits the series that starts at `first` at its occurrence `at` ("this and following"): the
 * first part ends with `UNTIL` a second before `at`; the second part starts at `at` with the rest
 * of the rule (a `COUNT` less the occurrences the rule gave before `at`; none left, no `RRULE`)
 * and the `RDATE`s and `EXDATE`s from `at` on.
 */
export function splitRecurrence(recurrence: Recurrence, first: DateTime, at: DateTime): SplitLines {
  const zone = first.zone;
  const start = floating(first);
  const split = floating(at.setZone(zone));
  const lastBefore = new Date(split.getTime() - 1000);
  const ruleLine = recurrence.lines.find((line) => line.startsWith('RRULE:'));
  const parts = (ruleLine ?? '')
    .slice('RRULE:'.length)
    .split(';')
    .filter((part) => part !== '' && !/^(COUNT|UNTIL)=/.test(part));
  const before = ruleLine
    ? [`RRULE:${[...parts, `UNTIL=${utcText(lastBefore, zone)}`].join(';')}`]
    : [];
  const after: string[] = [];
  const rule = recurrence.rule;
  if (ruleLine && rule) {
    if (rule.count != null) {
      const count = rule.count;
      const given = guarded(
        () => new RRule({ ...rule, dtstart: start, until: lastBefore, tzid: null }).all().length,
      );
      if (count > given) after.push(`RRULE:${[...parts, `COUNT=${count - given}`].join(';')}`);
    } else {
      after.push(ruleLine);
    }
  }
  const from = (dates: readonly Floating[], later: boolean): Floating[] =>
    dates.filter((date) => date.getTime() >= split.getTime() === later);
  return {
    before: [
      ...before,
      ...dateLines('RDATE', from(recurrence.rdates, false), zone),
      ...dateLines('EXDATE', from(recurrence.exdates, false), zone),
    ],
    after: [
      ...after,
      ...dateLines('RDATE', from(recurrence.rdates, true), zone),
      ...dateLines('EXDATE', from(recurrence.exdates, true), zone),
    ],
  };
}

/** Whether `rule` has no end of its own (no COUNT, no UNTIL): it goes on to the horizon. */
export function isOpenEnded(recurrence: Recurrence): boolean {
  const rule = recurrence.rule;
  return rule !== null && rule.count == null && rule.until == null;
}

function readParams(raw: string, line: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const part of raw.split(';').filter((entry) => entry !== '')) {
    const [key = '', value = ''] = part.split('=', 2);
    const upper = key.toUpperCase();
    if (params.has(upper)) throw new RecurrenceError('reason.recurrence-line', { line });
    params.set(upper, value);
  }
  return params;
}

function readRule(body: string, zone: Zone): { rule: Partial<Options>; line: string } {
  const parts = new Map<RulePart, string>();
  for (const entry of body.split(';')) {
    const [rawKey = '', value = ''] = entry.split('=', 2);
    const key = rawKey.trim().toUpperCase();
    if (!(RULE_PARTS as readonly string[]).includes(key)) {
      throw new RecurrenceError('reason.recurrence-unsupported', { part: key || entry });
    }
    if (parts.has(key as RulePart) || value.trim() === '') {
      throw new RecurrenceError('reason.recurrence-value', { part: key });
    }
    parts.set(key as RulePart, value.trim().toUpperCase());
  }
  const freqName = parts.get('FREQ');
  const freq = freqName === undefined ? undefined : FREQUENCIES[freqName];
  if (freq === undefined) throw new RecurrenceError('reason.recurrence-freq');
  if (parts.has('COUNT') && parts.has('UNTIL')) {
    throw new RecurrenceError('reason.recurrence-count-until');
  }
  const rule: Partial<Options> = { freq, interval: 1 };
  for (const [key, value] of parts) {
    switch (key) {
      case 'FREQ':
        break;
      case 'INTERVAL':
        rule.interval = wholeNumber(key, value, 1, RECURRENCE_LIMITS.interval);
        break;
      case 'COUNT':
        rule.count = wholeNumber(key, value, 1, Number.MAX_SAFE_INTEGER);
        // More than a series may hold: refused, so the rule and the feed never promise
        // occurrences the API does not list.
        if (rule.count > RECURRENCE_LIMITS.occurrences) {
          throw new RecurrenceError('reason.recurrence-count-limit', {
            count: String(rule.count),
            limit: String(RECURRENCE_LIMITS.occurrences),
          });
        }
        break;
      case 'UNTIL':
        rule.until = untilOf(value, zone);
        break;
      case 'BYMONTH':
        rule.bymonth = numbers(key, value, 1, 12, false);
        break;
      case 'BYMONTHDAY':
        if (freq === Frequency.WEEKLY) {
          throw new RecurrenceError('reason.recurrence-value', { part: key });
        }
        rule.bymonthday = numbers(key, value, 1, 31, true);
        break;
      case 'BYSETPOS':
        rule.bysetpos = numbers(key, value, 1, 366, true);
        break;
      case 'BYDAY':
        rule.byweekday = weekdays(value, freq);
        break;
      case 'WKST':
        rule.wkst = weekdayIndex(key, value);
        break;
    }
  }
  if (
    rule.bysetpos != null &&
    !['BYDAY', 'BYMONTHDAY', 'BYMONTH'].some((k) => parts.has(k as RulePart))
  ) {
    throw new RecurrenceError('reason.recurrence-value', { part: 'BYSETPOS' });
  }
  const written = [...parts].map(([key, value]) =>
    key === 'UNTIL' && rule.until ? `UNTIL=${utcText(rule.until, zone)}` : `${key}=${value}`,
  );
  return { rule, line: `RRULE:${written.join(';')}` };
}

function wholeNumber(part: string, value: string, min: number, max: number): number {
  const number = WHOLE.test(value) || /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number) || number < min || number > max) {
    throw new RecurrenceError('reason.recurrence-value', { part });
  }
  return number;
}

/** A list of whole numbers within ±`max` (negatives only when `signed`), never 0. */
function numbers(part: string, value: string, min: number, max: number, signed: boolean): number[] {
  return value.split(',').map((entry) => {
    if (!WHOLE.test(entry)) throw new RecurrenceError('reason.recurrence-value', { part });
    const number = Number(entry);
    const size = Math.abs(number);
    if (size < min || size > max || (number < 0 && !signed)) {
      throw new RecurrenceError('reason.recurrence-value', { part });
    }
    return number;
  });
}

function weekdayIndex(part: string, value: string): number {
  const index = (WEEKDAYS as readonly string[]).indexOf(value);
  if (index < 0) throw new RecurrenceError('reason.recurrence-value', { part });
  return index;
}

/** BYDAY: weekdays, with an ordinal (`2MO`, `-1FR`) only in monthly and yearly rules. */
function weekdays(value: string, freq: Frequency): Weekday[] {
  return value.split(',').map((entry) => {
    const match = /^([+-]?\d{1,2})?([A-Z]{2})$/.exec(entry);
    const day = match?.[2];
    if (!match || day === undefined) {
      throw new RecurrenceError('reason.recurrence-value', { part: 'BYDAY' });
    }
    const weekday = weekdayIndex('BYDAY', day);
    if (match[1] === undefined) return new Weekday(weekday);
    const ordinal = Number(match[1]);
    const most = freq === Frequency.MONTHLY ? 5 : freq === Frequency.YEARLY ? 53 : 0;
    if (ordinal === 0 || Math.abs(ordinal) > most) {
      throw new RecurrenceError('reason.recurrence-value', { part: 'BYDAY' });
    }
    return new Weekday(weekday, ordinal);
  });
}

/** UNTIL as a floating time in `zone`: a UTC instant, a wall time, or a whole day (inclusive). */
function untilOf(value: string, zone: Zone): Floating {
  const match = DATE_VALUE.exec(value);
  if (!match) throw new RecurrenceError('reason.recurrence-value', { part: 'UNTIL' });
  const [, year, month, day, hour, minute, second, utc] = match;
  const fields = { year: Number(year), month: Number(month), day: Number(day) };
  const time =
    hour === undefined
      ? { hour: 23, minute: 59, second: 59 }
      : { hour: Number(hour), minute: Number(minute), second: Number(second) };
  const read = utc
    ? DateTime.fromObject({ ...fields, ...time }, { zone: 'utc' })
    : fromWallClock(fields, time, zone);
  if (!read.isValid) throw new RecurrenceError('reason.recurrence-value', { part: 'UNTIL' });
  return floating(read.setZone(zone));
}

/** RDATE or EXDATE values as floating times in `zone`; a date alone takes the start's time. */
function readDates(
  value: string,
  params: Map<string, string>,
  zone: Zone,
  start: DateTime,
  line: string,
): Floating[] {
  const kind = params.get('VALUE')?.toUpperCase();
  const tzid = params.get('TZID');
  for (const key of params.keys()) {
    if (key !== 'VALUE' && key !== 'TZID') {
      throw new RecurrenceError('reason.recurrence-line', { line: shorten(line) });
    }
  }
  if (kind !== undefined && kind !== 'DATE' && kind !== 'DATE-TIME') {
    throw new RecurrenceError('reason.recurrence-unsupported', { part: `VALUE=${kind}` });
  }
  const valueZone = tzid === undefined ? zone : resolveZone(tzid);
  if (valueZone === null) throw new RecurrenceError('reason.recurrence-value', { part: 'TZID' });
  return value.split(',').map((entry) => {
    const match = DATE_VALUE.exec(entry.trim());
    if (!match) throw new RecurrenceError('reason.recurrence-line', { line: shorten(line) });
    const [, year, month, day, hour, minute, second, utc] = match;
    const local = start.setZone(zone);
    const date = { year: Number(year), month: Number(month), day: Number(day) };
    const time =
      hour === undefined
        ? { hour: local.hour, minute: local.minute, second: local.second }
        : { hour: Number(hour), minute: Number(minute), second: Number(second) };
    const read = utc
      ? DateTime.fromObject({ ...date, ...time }, { zone: 'utc' })
      : fromWallClock(date, time, hour === undefined ? zone : valueZone);
    if (!read.isValid) throw new RecurrenceError('reason.recurrence-line', { line: shorten(line) });
    return floating(read.setZone(zone));
  });
}

function dateLines(name: string, dates: readonly Floating[], zone: Zone): string[] {
  if (dates.length === 0) return [];
  const sorted = sortUnique(dates);
  if (zone instanceof IANAZone) {
    const values = sorted.map((date) => floatingText(date));
    return [`${name};TZID=${zone.name}:${values.join(',')}`];
  }
  return [`${name}:${sorted.map((date) => utcText(date, zone)).join(',')}`];
}

function sortUnique(dates: readonly Floating[]): Floating[] {
  return [...new Set(dates.map((date) => date.getTime()))]
    .sort((a, b) => a - b)
    .map((time) => new Date(time));
}

/** The wall-clock fields of `time` (in its own zone) as a floating time. */
export function floating(time: DateTime): Floating {
  return new Date(
    Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second),
  );
}

/**
 * A floating time read as wall-clock time in `zone` (RFC 5545 §3.3.5): a time skipped by a DST
 * change moves on by the change (02:30 on a spring-forward night is 03:30); a repeated one is its
 * first instant.
 */
function wallTime(date: Floating, zone: Zone): DateTime {
  return fromWallClock(
    { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
    { hour: date.getUTCHours(), minute: date.getUTCMinutes(), second: date.getUTCSeconds() },
    zone,
  );
}

/** The instant an occurrence's `RECURRENCE-ID` (`yyyyMMdd'T'HHmmss`, wall time) names in `zone`. */
export function recurrenceInstant(recurrenceId: string, zone: Zone): DateTime {
  const read = DateTime.fromFormat(recurrenceId, "yyyyMMdd'T'HHmmss", { zone: 'utc' });
  return read.isValid ? wallTime(read.toJSDate(), zone) : read;
}

function floatingText(date: Floating): string {
  return DateTime.fromJSDate(date, { zone: 'utc' }).toFormat("yyyyMMdd'T'HHmmss");
}

function utcText(date: Floating, zone: Zone): string {
  return wallTime(date, zone).toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'");
}

function shorten(line: string): string {
  return line.length > 80 ? `${line.slice(0, 77)}...` : line;
}
