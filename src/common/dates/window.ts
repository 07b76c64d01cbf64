import type { DateTime, Zone } from 'luxon';
import {
  MIDNIGHT,
  calendarDateOf,
  fromWallClock,
  shiftCalendarDate,
  type ClockTime,
} from './calendar';

/** The last second of a day. */
const LAST_SECOND: ClockTime = { hour: 23, minute: 59, second: 59 };

/** A closed range of instants. */
export interface DateWindow {
  start: DateTime;
  end: DateTime;
}

/** 00:00:00 of `dt`'s day in its own zone (the first existing instant if midnight is skipped). */
export function startOfDay(dt: DateTime): DateTime {
  return fromWallClock(calendarDateOf(dt), MIDNIGHT, dt.zone);
}

/** 23:59:59 (milliseconds 0) of `dt`'s day in its own zone. */
export function endOfDay(dt: DateTime): DateTime {
  return fromWallClock(calendarDateOf(dt), LAST_SECOND, dt.zone);
}

/**
 * TEC's default window for GET /events: from yesterday 00:00:00 to the end of the day 24 months
 * from today, both in the site zone (months added with PHP overflow: 2024-02-29 → 2026-03-01).
 */
export function defaultListWindow(now: DateTime, siteZone: Zone): DateWindow {
  const today = calendarDateOf(now.setZone(siteZone));
  const yesterday = shiftCalendarDate(today, 0, -1);
  const lastDay = shiftCalendarDate(today, 24, 0);
  return {
    start: fromWallClock(yesterday, MIDNIGHT, siteZone),
    end: fromWallClock(lastDay, LAST_SECOND, siteZone),
  };
}

/**
 * All-day normalisation: 00:00:00 of the start day and 23:59:59 of the end day, both in the
 * start's zone (the end is converted into it first if it carries another zone).
 */
export function allDayBounds(start: DateTime, end: DateTime): DateWindow {
  return { start: startOfDay(start), end: endOfDay(end.setZone(start.zone)) };
}

/** The earliest of `dates` (null ones ignored), or null when there is none. */
export function earliest(dates: readonly (Date | null | undefined)[]): Date | null {
  let found: Date | null = null;
  for (const date of dates) {
    if (date && (found === null || date.getTime() < found.getTime())) found = date;
  }
  return found;
}
