import { DateTime, FixedOffsetZone, type Zone } from 'luxon';
import {
  MIDNIGHT,
  calendarDateOf,
  fromWallClock,
  isValidCalendarDate,
  isValidClockTime,
  shiftCalendarDate,
  toSecondPrecision,
  wallClockExists,
  weekdayOf,
  type CalendarDate,
  type ClockTime,
} from './calendar';
import { tokenize, type OffsetUnit, type Token } from './strtotime-tokens';

/** Bare Unix timestamps need at least 9 digits (shorter digit runs are refused). */
const TIMESTAMP = /^@?(\d{9,})$/;

/** `YYYY-MM-DD[T ]HH:MM[:SS[.frac]]` followed by `Z`, `UTC`, `GMT` or a `±HH[[:]MM]` offset. */
const ISO_WITH_OFFSET =
  /^(\d{4})-(\d{2})-(\d{2})[t ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(z|utc|gmt|[+-]\d{2}(?::?\d{2})?)$/;

/** Luxon's representable range, in milliseconds either side of the epoch. */
const MAX_EPOCH_MILLIS = 8.64e15;

/** Relative amounts gathered from a phrase, applied after the date and time are fixed. */
interface Offsets {
  years: number;
  months: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Everything a relative phrase says, accumulated token by token (PHP timelib semantics). */
interface Phrase {
  date: CalendarDate | null;
  time: ClockTime | null;
  timeIsExplicit: boolean;
  weekday: { weekday: number; behavior: 0 | 1 } | null;
  offsets: Offsets;
  hasOffsets: boolean;
  /** A UTC offset the phrase names (`+0100`), in minutes; null: the caller's zone. */
  zoneMinutes: number | null;
  /** `first day of`, `last friday of`…: the day within the month the phrase lands in. */
  dayOf: { ordinal: number; weekday: number | null } | null;
}

/** Maps a normalised offset unit to the field of Offsets it accumulates into. */
const OFFSET_FIELDS: Readonly<Record<OffsetUnit, keyof Offsets>> = {
  second: 'seconds',
  minute: 'minutes',
  hour: 'hours',
  day: 'days',
  month: 'months',
  year: 'years',
};

/**
 * Parses a date the way PHP's strtotime() accepts it (the subset TEC clients send) into a
 * DateTime in `zone`, at seconds precision; null when the input is not understood.
 */
export function parseDateInput(input: string | number, zone: Zone, now: DateTime): DateTime | null {
  if (!zone.isValid || !now.isValid) return null;
  if (typeof input === 'number') return fromUnixSeconds(input, zone);
  const text = input.trim().toLowerCase();
  if (text === '') return null;
  return (
    parseTimestamp(text, zone) ?? parseIsoWithOffset(text, zone) ?? parsePhrase(text, zone, now)
  );
}

/**
 * Whether `input` names the same instant whatever the time is (`2026-12-01`, `2026-12-01
 * 18:00`), not one that moves with the clock (`now`, `yesterday`, `monday`, `+1 week`): read at
 * `now` and at an instant more than a year, some hours, minutes and seconds later, it gives the
 * same result. False when it cannot be read.
 */
export function isFixedDate(input: string | number, zone: Zone, now: DateTime): boolean {
  const at = parseDateInput(input, zone, now);
  const later = parseDateInput(
    input,
    zone,
    now.plus({ days: 400, hours: 7, minutes: 13, seconds: 17 }),
  );
  return at !== null && later !== null && at.toMillis() === later.toMillis();
}

/** True when `input` is a string or number parseDateInput understands (evaluated in UTC). */
export function isParsableDate(input: unknown): boolean {
  if (typeof input !== 'string' && typeof input !== 'number') return false;
  return parseDateInput(input, FixedOffsetZone.utcInstance, DateTime.utc()) !== null;
}

/** A Unix timestamp in seconds (fraction dropped) as a DateTime in `zone`. */
function fromUnixSeconds(seconds: number, zone: Zone): DateTime | null {
  const millis = Math.floor(seconds) * 1000;
  if (!Number.isFinite(millis) || Math.abs(millis) > MAX_EPOCH_MILLIS) return null;
  return validOrNull(DateTime.fromMillis(millis, { zone }));
}

/** `1717000000` or `@1717000000`. */
function parseTimestamp(text: string, zone: Zone): DateTime | null {
  const match = TIMESTAMP.exec(text);
  return match ? fromUnixSeconds(Number(match[1]), zone) : null;
}

/** ISO 8601 with an offset or Z: an instant, converted into `zone`. */
function parseIsoWithOffset(text: string, zone: Zone): DateTime | null {
  const m = ISO_WITH_OFFSET.exec(text);
  if (!m) return null;
  const offset = offsetMinutes(m[7] ?? '');
  const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  const time = { hour: Number(m[4]), minute: Number(m[5]), second: Number(m[6] ?? 0) };
  if (offset === null || !isValidCalendarDate(date) || !isValidClockTime(time)) return null;
  const instant = DateTime.fromObject(
    { ...date, ...time },
    { zone: FixedOffsetZone.instance(offset) },
  );
  return validOrNull(instant.setZone(zone));
}

/** Minutes east of UTC for `z`, `utc`, `gmt`, `+02`, `+0200`, `-05:30`; null beyond ±14:00. */
function offsetMinutes(designator: string): number | null {
  if (designator === 'z' || designator === 'utc' || designator === 'gmt') return 0;
  const digits = designator.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2) || '0');
  if (minutes > 59 || hours * 60 + minutes > 14 * 60) return null;
  return (designator.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

/** Dates, times, day words, weekdays and relative offsets, evaluated against `now` in `zone`. */
function parsePhrase(text: string, zone: Zone, now: DateTime): DateTime | null {
  const tokens = tokenize(text);
  if (tokens === null || tokens.length === 0) return null;
  const phrase = emptyPhrase();
  for (const token of tokens) {
    if (!applyToken(phrase, token)) return null;
  }
  return resolvePhrase(phrase, zone, now);
}

/** A phrase that says nothing yet (meaning "now"). */
function emptyPhrase(): Phrase {
  const offsets = { years: 0, months: 0, days: 0, hours: 0, minutes: 0, seconds: 0 };
  return {
    date: null,
    time: null,
    timeIsExplicit: false,
    weekday: null,
    offsets,
    hasOffsets: false,
    zoneMinutes: null,
    dayOf: null,
  };
}

/** Folds one token into the phrase; false when it contradicts what was already said. */
function applyToken(phrase: Phrase, token: Token): boolean {
  switch (token.kind) {
    case 'date':
      return setDate(phrase, token.date);
    case 'time':
      return setTime(phrase, token.time);
    case 'noon':
      resetTime(phrase);
      return setTime(phrase, { hour: 12, minute: 0, second: 0 });
    case 'now':
      return true;
    case 'day':
      resetTime(phrase);
      return addOffset(phrase, 'days', token.shift);
    case 'weekday':
      return setWeekday(phrase, token.weekday, token.behavior, token.days);
    case 'offset':
      phrase.hasOffsets = true;
      return addOffset(phrase, OFFSET_FIELDS[token.unit], token.amount);
    case 'ago':
      return negateOffsets(phrase);
    case 'zone':
      if (phrase.zoneMinutes !== null) return false;
      phrase.zoneMinutes = token.minutes;
      return true;
    case 'dayOf':
      if (phrase.dayOf !== null || phrase.weekday !== null) return false;
      phrase.dayOf = { ordinal: token.ordinal, weekday: token.weekday };
      // As PHP: `first monday of` starts at midnight; `first day of` keeps the time of day.
      if (token.weekday !== null) resetTime(phrase);
      return true;
  }
}

/** Records an absolute calendar date; a second date is a contradiction. */
function setDate(phrase: Phrase, date: CalendarDate): boolean {
  if (phrase.date !== null) return false;
  phrase.date = date;
  return true;
}

/** Records an explicit time of day; a second explicit time is a contradiction. */
function setTime(phrase: Phrase, time: ClockTime): boolean {
  if (phrase.timeIsExplicit) return false;
  phrase.time = time;
  phrase.timeIsExplicit = true;
  return true;
}

/** Day words (today, tomorrow, weekdays…) set the time to 00:00:00 until a later time says otherwise. */
function resetTime(phrase: Phrase): void {
  phrase.time = MIDNIGHT;
  phrase.timeIsExplicit = false;
}

/** Records a weekday target (once), resetting the time as PHP does. */
function setWeekday(phrase: Phrase, weekday: number, behavior: 0 | 1, days: number): boolean {
  if (phrase.weekday !== null) return false;
  phrase.weekday = { weekday, behavior };
  resetTime(phrase);
  return addOffset(phrase, 'days', days);
}

/** Adds an amount to one relative field. */
function addOffset(phrase: Phrase, field: keyof Offsets, amount: number): boolean {
  phrase.offsets[field] += amount;
  return true;
}

/** `ago`: turns every offset said so far around; meaningless without one. */
function negateOffsets(phrase: Phrase): boolean {
  if (!phrase.hasOffsets) return false;
  const o = phrase.offsets;
  for (const field of Object.keys(o) as Array<keyof Offsets>) o[field] = -o[field];
  return true;
}

/** Turns the accumulated phrase into an instant in `zone`. */
function resolvePhrase(phrase: Phrase, callerZone: Zone, now: DateTime): DateTime | null {
  const zone =
    phrase.zoneMinutes === null ? callerZone : FixedOffsetZone.instance(phrase.zoneMinutes);
  const local = toSecondPrecision(now.setZone(zone));
  const { hours, minutes, seconds } = phrase.offsets;
  const start = keepsCurrentWallClock(phrase) ? local : wallClock(phrase, zone, local);
  return start === null ? null : validOrNull(start.plus({ hours, minutes, seconds }));
}

/** True when nothing moves the calendar day or the time, so `now` itself is the starting point. */
function keepsCurrentWallClock(phrase: Phrase): boolean {
  const { years, months, days } = phrase.offsets;
  return (
    phrase.date === null &&
    phrase.time === null &&
    phrase.weekday === null &&
    phrase.dayOf === null &&
    years === 0 &&
    months === 0 &&
    days === 0
  );
}

/** Builds the wall-clock date and time the phrase names (before hour/minute/second offsets). */
function wallClock(phrase: Phrase, zone: Zone, local: DateTime): DateTime | null {
  const fields = wallFields(phrase, local);
  return fields === null ? null : validOrNull(fromWallClock(fields.date, fields.time, zone));
}

/** The calendar day and time of day the phrase names, `local` being now in its zone. */
function wallFields(
  phrase: Phrase,
  local: DateTime,
): { date: CalendarDate; time: ClockTime } | null {
  const base = phrase.date ?? calendarDateOf(local);
  const time = phrase.time ?? (phrase.date !== null ? MIDNIGHT : clockTimeOf(local));
  const { years, months, days } = phrase.offsets;
  if (phrase.dayOf !== null) {
    const month = shiftCalendarDate({ ...base, day: 1 }, years * 12 + months, 0);
    const day = dayOfMonth(month, phrase.dayOf);
    return day === null ? null : { date: day, time };
  }
  const toWeekday = phrase.weekday ? weekdayShift(base, phrase.weekday, days) : 0;
  return { date: shiftCalendarDate(base, years * 12 + months, toWeekday + days), time };
}

/**
 * The wall-clock time `input` names in `zone` when that time does not exist there (it falls in
 * a gap a DST change skips, such as 02:30 on a spring-forward night), as `yyyy-MM-dd HH:mm:ss`;
 * null when it exists, or when `input` names an instant (a timestamp, an offset) rather than a
 * wall-clock time. parseDateInput reads such a time with the offset before the gap.
 */
export function skippedWallClock(input: string | number, zone: Zone, now: DateTime): string | null {
  if (typeof input === 'number' || !zone.isValid || !now.isValid) return null;
  const text = input.trim().toLowerCase();
  if (TIMESTAMP.test(text) || ISO_WITH_OFFSET.test(text)) return null;
  const tokens = tokenize(text);
  if (tokens === null || tokens.length === 0) return null;
  const phrase = emptyPhrase();
  for (const token of tokens) {
    if (!applyToken(phrase, token)) return null;
  }
  if (phrase.zoneMinutes !== null || keepsCurrentWallClock(phrase)) return null;
  const fields = wallFields(phrase, toSecondPrecision(now.setZone(zone)));
  if (fields === null || wallClockExists(fields.date, fields.time, zone)) return null;
  const { date, time } = fields;
  const two = (value: number): string => String(value).padStart(2, '0');
  return `${date.year}-${two(date.month)}-${two(date.day)} ${two(time.hour)}:${two(time.minute)}:${two(time.second)}`;
}

/**
 * The day of `month` (its first day given) that `first day of`, `last day of` or `<ordinal>
 * <weekday> of` names; null when the month has no such day (no fifth Monday).
 */
function dayOfMonth(
  month: CalendarDate,
  which: { ordinal: number; weekday: number | null },
): CalendarDate | null {
  const last = shiftCalendarDate(month, 1, -1);
  if (which.weekday === null) return which.ordinal === 1 ? month : last;
  if (which.ordinal === -1) {
    return shiftCalendarDate(last, 0, -((weekdayOf(last) - which.weekday + 7) % 7));
  }
  const first = (which.weekday - weekdayOf(month) + 7) % 7;
  const day = shiftCalendarDate(month, 0, first + (which.ordinal - 1) * 7);
  return day.month === month.month ? day : null;
}

/** Time of day of a DateTime, read in its own zone. */
function clockTimeOf(dt: DateTime): ClockTime {
  return { hour: dt.hour, minute: dt.minute, second: dt.second };
}

/**
 * Days from `base` to the requested weekday, as timelib computes it: behavior 1 (`wednesday`)
 * may stay on today, behavior 0 (`next`/`last`) may not; `relativeDays` < 0 marks `last`.
 */
function weekdayShift(
  base: CalendarDate,
  target: { weekday: number; behavior: 0 | 1 },
  relativeDays: number,
): number {
  const difference = (target.weekday % 7) - (weekdayOf(base) % 7);
  const wrap =
    (relativeDays < 0 && difference < 0) || (relativeDays >= 0 && difference <= -target.behavior);
  return wrap ? difference + 7 : difference;
}

/** The DateTime when valid, else null. */
function validOrNull(dt: DateTime): DateTime | null {
  return dt.isValid ? dt : null;
}

/**
 * The publication instant of a write: `date_utc` (read in UTC) wins over `date` (read in
 * `siteZone` unless it carries an offset); undefined when neither is given or parses.
 */
export function publicationDate(
  input: { readonly date?: string; readonly date_utc?: string },
  siteZone: Zone,
  now: DateTime,
): DateTime | undefined {
  if (input.date_utc !== undefined) {
    return parseDateInput(input.date_utc, FixedOffsetZone.utcInstance, now) ?? undefined;
  }
  if (input.date !== undefined) return parseDateInput(input.date, siteZone, now) ?? undefined;
  return undefined;
}

/**
 * The query parameter `name` of `source` read as a date in `zone` (naive inputs there), or
 * undefined when it is absent or unreadable (the query DTO reports those).
 */
export function readDateParam(
  source: Readonly<Record<string, unknown>>,
  name: string,
  zone: Zone,
  now: DateTime,
): DateTime | undefined {
  const value = source[name];
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  return parseDateInput(typeof value === 'string' ? value.trim() : value, zone, now) ?? undefined;
}
