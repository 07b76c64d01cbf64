import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalEventStatus, type ICalLocation } from 'ical-generator';
import type { Response } from 'express';
import {
  DateTime,
  FixedOffsetZone,
  IANAZone,
  Zone,
  type ZoneOffsetFormat,
  type ZoneOffsetOptions,
} from 'luxon';
import { isValidIanaZone, resolveZone } from '../../common/dates/zones';
import { htmlToText } from '../../common/text/html';
import { EventResponseDto } from '../dto/event.response.dto';
import { recurrenceInstant } from '../recurrence/recurrence';

/** The media type of the feeds. */
export const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/** Marks `response` as iCalendar, with a list's totals when it is one. */
export function asCalendar(
  response: Pick<Response, 'setHeader'>,
  page?: { readonly total: number; readonly totalPages: number },
): void {
  response.setHeader('Content-Type', CALENDAR_TYPE);
  if (!page) return;
  response.setHeader('X-TEC-Total', String(page.total));
  response.setHeader('X-TEC-TotalPages', String(page.totalPages));
}

/** `SEQUENCE` counts seconds of modification from here, so it grows with every change. */
const SEQUENCE_EPOCH_SECONDS = 1_700_000_000;

/** What a feed needs besides its events. */
export interface FeedOptions {
  /** `X-WR-CALNAME`: what calendar apps show as the calendar's name. */
  readonly name: string;
  /** The first event is a recurring series, written as one VEVENT with its rule. */
  readonly series?: SeriesExport;
}

/** A series as one VEVENT: its rule, the occurrences it leaves out, those changed on their own. */
export interface SeriesExport {
  /** Original starts (`yyyyMMdd'T'HHmmss` in the event's zone) of occurrences not shown. */
  readonly excluded: readonly string[];
  /** Occurrences changed on their own, each with its original start. */
  readonly overrides: ReadonlyArray<{
    readonly event: EventResponseDto;
    readonly recurrenceId: string;
  }>;
}

const WALL_TIME = "yyyyMMdd'T'HHmmss";

/**
 * The series' rule lines for its VEVENT, with an `EXDATE` for each occurrence not shown. An
 * all-day series gives its dates as dates (`VALUE=DATE`), as its `DTSTART` is one.
 */
function ruleLines(event: EventResponseDto, excluded: readonly string[]): string {
  const zone = resolveZone(event.timezone) ?? FixedOffsetZone.utcInstance;
  const iana = ianaZone(event.timezone);
  const excludedLine =
    excluded.length === 0
      ? []
      : iana
        ? [`EXDATE;TZID=${iana}:${excluded.join(',')}`]
        : [
            `EXDATE:${excluded
              .map((id) => recurrenceInstant(id, zone).toUTC().toFormat(`${WALL_TIME}'Z'`))
              .join(',')}`,
          ];
  const lines = [...event.recurrence, ...excludedLine];
  if (!event.all_day) return lines.join('\n');
  return lines
    .map((line) => {
      const match = /^(RDATE|EXDATE)[;:].*?:(.*)$/.exec(line);
      if (!match) return line;
      const dates = (match[2] ?? '').split(',').map((value) => value.slice(0, 8));
      return `${match[1]};VALUE=DATE:${dates.join(',')}`;
    })
    .join('\n');
}

/** A description's text: paragraphs and line breaks kept as new lines, markup dropped. */
function plainDescription(html: string): string {
  return html
    .split(/<\/p>|<br\s*\/?>/i)
    .map((part) => htmlToText(part))
    .filter((part) => part !== '')
    .join('\n');
}

/**
 * The instant a `yyyy-MM-dd HH:mm:ss` text names when read as UTC (ms), NaN when it is not one.
 * Read by hand: luxon's parser cost more than the rest of a VEVENT's dates.
 */
function sqlMillis(text: string): number {
  const match = SQL_DATE_TIME.exec(text);
  if (!match) return Number.NaN;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, ...number[]];
  return utcMillis(y ?? 0, mo ?? 1, d ?? 1, h, mi, s);
}

/** `Date.UTC` for every year (it reads years 0 to 99 as 1900 to 1999). */
function utcMillis(year: number, month: number, day: number, h = 0, mi = 0, s = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(h, mi, s, 0);
  return date.getTime();
}

const SQL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

function utc(text: string): DateTime {
  const at = sqlMillis(text);
  return Number.isNaN(at)
    ? DateTime.fromSQL(text, { zone: 'utc' })
    : DateTime.fromMillis(at, { zone: FixedOffsetZone.utcInstance });
}

/**
 * An IANA zone at one instant whose offset is known: what ical-generator formats a date in.
 * It moves every date into the event's zone (`setZone`), and luxon asks Intl for an IANA zone's
 * offset at each date, which took most of a feed's time (a month's page of 50 events). This
 * zone equals the IANA zone of its name, so `setZone` keeps the date as it is, at the offset
 * the list gives (`start_date` beside `utc_start_date`). Its offset is that instant's alone:
 * a date in it is only formatted, never moved.
 */
class ZoneAtInstant extends Zone {
  constructor(
    private readonly iana: string,
    private readonly minutes: number,
  ) {
    super();
  }

  override get type(): string {
    return 'iana';
  }

  override get name(): string {
    return this.iana;
  }

  override get isUniversal(): boolean {
    return false;
  }

  override get isValid(): true {
    return true;
  }

  override offset(): number {
    return this.minutes;
  }

  override offsetName(ts: number, options: ZoneOffsetOptions): string | null {
    return IANAZone.create(this.iana).offsetName(ts, options);
  }

  override formatOffset(ts: number, format: ZoneOffsetFormat): string {
    return FixedOffsetZone.instance(this.minutes).formatOffset(ts, format);
  }

  override equals(other: Zone): boolean {
    return other.type === 'iana' && other.name === this.iana;
  }
}

/**
 * The calendar date of `wall` (a time in `zone`) `days` later, as ical-generator writes an
 * all-day event's date: in `zone`, its date is the one written. Its instant is that date's
 * midnight at UTC, at offset 0 ({@link ZoneAtInstant}): only its date is ever read.
 */
function dayIn(wall: string, days: number, zone: string): DateTime {
  const date = SQL_DATE.exec(wall);
  if (!date) {
    return DateTime.fromSQL(wall, { zone }).startOf('day').plus({ days });
  }
  const [, y, m, d] = date.map(Number) as [number, number, number, number];
  return DateTime.fromMillis(utcMillis(y, m, d + days), {
    zone: new ZoneAtInstant(zone, 0),
  });
}

const SQL_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * The instant `utcText` in the IANA zone `zone`, where its time is `wall` (the list gives both),
 * without asking the zone for its offset ({@link ZoneAtInstant}); a pair that does not give a
 * whole number of minutes asks it.
 */
function inZone(utcText: string, wall: string, zone: string): DateTime {
  const at = sqlMillis(utcText);
  const offset = (sqlMillis(wall) - at) / 60_000;
  if (!Number.isInteger(offset)) return utc(utcText).setZone(zone);
  return DateTime.fromMillis(at, { zone: new ZoneAtInstant(zone, offset) });
}

/** The event's own zone when it is an IANA zone (so a VTIMEZONE describes it), else none. */
function ianaZone(name: string): string | null {
  return name !== 'UTC' && isValidIanaZone(name) ? name : null;
}

/** One line of the venue: its name and the address parts it has. */
function locationOf(event: EventResponseDto): ICalLocation | undefined {
  const venue = Array.isArray(event.venue) ? undefined : event.venue;
  if (!venue) return undefined;
  const parts = [venue.address, venue.city, venue.stateprovince, venue.zip, venue.country].filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
  const title = [venue.venue, ...parts]
    .filter((part) => part !== undefined && part !== '')
    .join(', ');
  const lat = Number(venue.geo_lat);
  const lon = Number(venue.geo_lng);
  const geo =
    venue.geo_lat !== undefined &&
    venue.geo_lng !== undefined &&
    Number.isFinite(lat) &&
    Number.isFinite(lon)
      ? { lat, lon }
      : undefined;
  if (title === '') return geo ? { geo } : undefined;
  return { title, ...(geo ? { geo } : {}) };
}

/**
 * Events as an RFC 5545 calendar (docs/behaviour.md#icalendar-feeds), written from their API
 * representation so the feed says what the JSON says: one VEVENT per event with a VTIMEZONE for
 * every zone used, times in the event's zone (`TZID`), all-day events as dates with an exclusive
 * end, the `global_id` as UID, the venue as LOCATION and GEO, the first organizer with an email
 * as ORGANIZER, categories, the page's URL, LAST-MODIFIED and a SEQUENCE that grows with each
 * change. Text is escaped and lines folded by `ical-generator`. A password-protected event not
 * unlocked for the reader has no description, as in the JSON. With `options.series`, the one
 * event is a recurring series: its VEVENT carries the rule (`RRULE`, `RDATE`, `EXDATE`, plus an
 * `EXDATE` for each occurrence not shown) and each occurrence changed on its own follows as a
 * VEVENT with the same UID and its `RECURRENCE-ID`.
 */
export function toICalendar(events: readonly EventResponseDto[], options: FeedOptions): string {
  const calendar = ical({
    name: options.name,
    prodId: { company: 'calendar-events', product: 'calendar-events-service', language: 'EN' },
    // No calendar-wide zone: DTSTAMP and LAST-MODIFIED must be UTC, which ical-generator writes
    // only then; each event names its own zone, and the generator adds a VTIMEZONE for each.
    timezone: { name: '', generator: getVtimezoneComponent },
  });
  const series = options.series;
  const [head] = events;
  const written: Array<{ event: EventResponseDto; repeating?: string; recurrenceId?: string }> =
    series && head
      ? [
          { event: head, repeating: ruleLines(head, series.excluded) },
          ...series.overrides.map(({ event, recurrenceId }) => ({ event, recurrenceId })),
        ]
      : events.map((event) => ({ event }));
  for (const { event, repeating, recurrenceId } of written) {
    const zone = ianaZone(event.timezone);
    const modified = utc(event.modified_utc);
    const organizer = event.organizer.find(
      (item) => typeof item.email === 'string' && item.email !== '',
    );
    const original =
      recurrenceId === undefined
        ? undefined
        : recurrenceInstant(
            recurrenceId,
            resolveZone(event.timezone) ?? FixedOffsetZone.utcInstance,
          );
    const common = {
      // An occurrence changed on its own is the series' VEVENT again, at its original start.
      id: original && head ? head.global_id : event.global_id,
      ...(repeating ? { repeating } : {}),
      summary: event.title,
      ...(event.description ? { description: plainDescription(event.description) } : {}),
      url: event.url,
      stamp: modified.toJSDate(),
      lastModified: modified.toJSDate(),
      sequence: Math.max(0, Math.floor(modified.toSeconds()) - SEQUENCE_EPOCH_SECONDS),
      status: ICalEventStatus.CONFIRMED,
      location: locationOf(event),
      categories: event.categories.map((category) => ({ name: category.name })),
      ...(organizer?.email
        ? { organizer: { name: organizer.organizer ?? organizer.email, email: organizer.email } }
        : {}),
    };
    if (event.all_day) {
      // Dates of the event's own calendar; DTEND is the day after the last one (exclusive).
      const timezone = zone ?? 'Etc/UTC';
      calendar.createEvent({
        ...common,
        allDay: true,
        timezone,
        start: dayIn(event.start_date, 0, timezone),
        end: dayIn(event.end_date, 1, timezone),
        ...(original ? { recurrenceId: original.startOf('day') } : {}),
      });
    } else {
      calendar.createEvent({
        ...common,
        // Without an IANA zone (an offset such as UTC+2) the times are written in UTC.
        ...(zone ? { timezone: zone } : {}),
        start: zone
          ? inZone(event.utc_start_date, event.start_date, zone)
          : utc(event.utc_start_date),
        end: zone ? inZone(event.utc_end_date, event.end_date, zone) : utc(event.utc_end_date),
        ...(original ? { recurrenceId: zone ? original : original.toUTC() } : {}),
      });
    }
  }
  // RFC 5545 §3.1: every content line ends with CRLF, the last one too (the generator leaves it).
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
