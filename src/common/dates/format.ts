import type { DateTime } from 'luxon';

/** Zero-padded date and time parts, as TEC's `*_details` objects carry them. */
export interface DateDetails {
  year: string;
  month: string;
  day: string;
  hour: string;
  minutes: string;
  seconds: string;
}

/** Left-pads a non-negative integer with zeros to `width` digits. */
function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** Refuses invalid DateTimes, which would otherwise print as `NaN`. */
function assertValid(dt: DateTime): void {
  if (!dt.isValid) throw new RangeError(`Invalid DateTime: ${dt.invalidExplanation ?? 'unknown'}`);
}

/** Zero-padded year/month/day/hour/minutes/seconds of `dt`, read in its own zone. */
export function dateDetails(dt: DateTime): DateDetails {
  assertValid(dt);
  return {
    year: pad(dt.year, 4),
    month: pad(dt.month),
    day: pad(dt.day),
    hour: pad(dt.hour),
    minutes: pad(dt.minute),
    seconds: pad(dt.second),
  };
}

/** `YYYY-MM-DD HH:MM:SS` in `dt`'s zone (milliseconds dropped). */
export function formatDateTime(dt: DateTime): string {
  const d = dateDetails(dt);
  return `${d.year}-${d.month}-${d.day} ${d.hour}:${d.minutes}:${d.seconds}`;
}

/** ISO 8601 with the zone's offset and no milliseconds: `2017-01-05T14:23:36-05:00`. */
export function formatIso(dt: DateTime): string {
  const d = dateDetails(dt);
  return `${d.year}-${d.month}-${d.day}T${d.hour}:${d.minutes}:${d.seconds}${isoOffset(dt.offset)}`;
}

/** `±HH:MM` for an offset in minutes (`+00:00` for UTC, as PHP's `c` format prints it). */
function isoOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
