import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalEventStatus, type ICalLocation } from 'ical-generator';
import type { Response } from 'express';
import { DateTime, IANAZone } from 'luxon';
import { toPlainText } from '../../common/text/html';
import { EventResponseDto } from '../dto/event.response.dto';

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
}

/** A description's text: paragraphs and line breaks kept as new lines, markup dropped. */
function plainDescription(html: string): string {
  return html
    .split(/<\/p>|<br\s*\/?>/i)
    .map((part) => toPlainText(part))
    .filter((part) => part !== '')
    .join('\n');
}

function utc(text: string): DateTime {
  return DateTime.fromSQL(text, { zone: 'utc' });
}

/** The event's own zone when it is an IANA zone (so a VTIMEZONE describes it), else none. */
function ianaZone(name: string): string | null {
  return name !== 'UTC' && IANAZone.isValidZone(name) ? name : null;
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
 * unlocked for the reader has no description, as in the JSON.
 */
export function toICalendar(events: readonly EventResponseDto[], options: FeedOptions): string {
  const calendar = ical({
    name: options.name,
    prodId: { company: 'calendar-events', product: 'calendar-events-service', language: 'EN' },
    // No calendar-wide zone: DTSTAMP and LAST-MODIFIED must be UTC, which ical-generator writes
    // only then; each event names its own zone, and the generator adds a VTIMEZONE for each.
    timezone: { name: '', generator: getVtimezoneComponent },
  });
  for (const event of events) {
    const zone = ianaZone(event.timezone);
    const modified = utc(event.modified_utc);
    const organizer = event.organizer.find(
      (item) => typeof item.email === 'string' && item.email !== '',
    );
    const common = {
      id: event.global_id,
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
      const first = DateTime.fromSQL(event.start_date, { zone: zone ?? 'utc' }).startOf('day');
      const last = DateTime.fromSQL(event.end_date, { zone: zone ?? 'utc' }).startOf('day');
      calendar.createEvent({
        ...common,
        allDay: true,
        timezone: zone ?? 'Etc/UTC',
        start: first,
        end: last.plus({ days: 1 }),
      });
    } else {
      const start = utc(event.utc_start_date);
      const end = utc(event.utc_end_date);
      calendar.createEvent({
        ...common,
        // Without an IANA zone (an offset such as UTC+2) the times are written in UTC.
        ...(zone ? { timezone: zone } : {}),
        start: zone ? start.setZone(zone) : start,
        end: zone ? end.setZone(zone) : end,
      });
    }
  }
  return calendar.toString();
}
