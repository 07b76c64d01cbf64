import { DateTime, FixedOffsetZone, type Zone } from 'luxon';

/** A wall-calendar day, independent of any zone. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** A wall-clock time of day. */
export interface ClockTime {
  hour: number;
  minute: number;
  second: number;
}

/** Midnight as a wall-clock time. */
export const MIDNIGHT: ClockTime = { hour: 0, minute: 0, second: 0 };

/** Same instant and zone, milliseconds dropped (floored, so it never moves into the next second). */
export function toSecondPrecision(dt: DateTime): DateTime {
  const millis = Math.floor(dt.toMillis() / 1000) * 1000;
  return DateTime.fromMillis(millis, { zone: dt.zone });
}

/** Days in a month of the proleptic Gregorian calendar. */
function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/** True when year/month/day names a real calendar day (rejects 2024-02-30, month 13). */
export function isValidCalendarDate({ year, month, day }: CalendarDate): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** True when the fields are a valid 24-hour time of day (00:00:00–23:59:59). */
export function isValidClockTime({ hour, minute, second }: ClockTime): boolean {
  return hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59 && second >= 0 && second <= 59;
}

/** Calendar day of a DateTime, read in its own zone. */
export function calendarDateOf(dt: DateTime): CalendarDate {
  return { year: dt.year, month: dt.month, day: dt.day };
}

/**
 * Adds months then days to a calendar day with PHP overflow semantics: the day of month is kept
 * and rolls into the next month when too large (2026-01-31 +1 month = 2026-03-03).
 */
export function shiftCalendarDate(date: CalendarDate, months: number, days: number): CalendarDate {
  const monthIndex = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12 + 1;
  const first = DateTime.fromObject({ year, month, day: 1 }, { zone: FixedOffsetZone.utcInstance });
  return calendarDateOf(first.plus({ days: date.day - 1 + days }));
}

/** Luxon weekday (Monday 1 … Sunday 7) of a calendar day. */
export function weekdayOf(date: CalendarDate): number {
  return DateTime.fromObject(date, { zone: FixedOffsetZone.utcInstance }).weekday;
}

/** One day in milliseconds: the distance at which offsets before/after a transition are sampled. */
const DAY_MILLIS = 86_400_000;

/**
 * The instant a wall-clock date and time names in `zone`, chosen deterministically (luxon's own
 * guess depends on the current date): an ambiguous time (clocks going back) resolves to the
 * earlier instant; a skipped time (clocks going forward) is read with the pre-transition offset,
 * so 02:30 becomes 03:30 — the rules of Temporal's `compatible` disambiguation.
 */
export function fromWallClock(date: CalendarDate, time: ClockTime, zone: Zone): DateTime {
  const fields = { ...date, ...time };
  if (!Object.values(fields).every(Number.isFinite)) return DateTime.invalid('not a calendar day');
  const wall = DateTime.fromObject(fields, { zone: FixedOffsetZone.utcInstance }).toMillis();
  if (!Number.isFinite(wall)) return DateTime.invalid('outside the supported range');
  const before = zone.offset(wall - DAY_MILLIS);
  const after = zone.offset(wall + DAY_MILLIS);
  const candidates = [before, after]
    .map((offset) => wall - offset * 60_000)
    .filter((instant) => wall - zone.offset(instant) * 60_000 === instant);
  const instant = candidates.length > 0 ? Math.min(...candidates) : wall - before * 60_000;
  return DateTime.fromMillis(instant, { zone });
}

/** Whether a wall-clock date and time exists in `zone` (no DST change skips it). */
export function wallClockExists(date: CalendarDate, time: ClockTime, zone: Zone): boolean {
  const read = fromWallClock(date, time, zone);
  return (
    read.isValid &&
    read.year === date.year &&
    read.month === date.month &&
    read.day === date.day &&
    read.hour === time.hour &&
    read.minute === time.minute &&
    read.second === time.second
  );
}
