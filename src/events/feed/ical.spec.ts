import { DateTime } from 'luxon';
import { EventResponseDto } from '../dto/event.response.dto';
import { toICalendar } from './ical';

const SQL = 'yyyy-LL-dd HH:mm:ss';

/** An event of `zone` from `utcStart` for `hours`, with the wall times the list would give. */
function eventAt(zone: string, utcStart: string, hours: number, allDay: boolean): EventResponseDto {
  const start = DateTime.fromISO(utcStart, { zone: 'utc' });
  const end = start.plus({ hours });
  const shown = zone.startsWith('UTC+') ? `utc${zone.slice(3)}` : zone;
  return {
    id: 1,
    global_id: 'example.org?id=1',
    title: 'Edge',
    description: '',
    url: 'https://example.org/event/edge/',
    timezone: zone,
    all_day: allDay,
    start_date: start.setZone(shown).toFormat(SQL),
    end_date: end.setZone(shown).toFormat(SQL),
    utc_start_date: start.toFormat(SQL),
    utc_end_date: end.toFormat(SQL),
    modified_utc: '2026-01-02 03:04:05',
    organizer: [],
    categories: [],
    venue: [],
  } as unknown as EventResponseDto;
}

/** The DTSTART and DTEND lines of a calendar of one event's VEVENT (not its VTIMEZONE). */
function dates(text: string): string[] {
  const lines = text.split('\r\n');
  return lines
    .slice(lines.indexOf('BEGIN:VEVENT'))
    .filter((line) => /^DT(START|END)[;:]/.test(line));
}

describe('toICalendar dates', () => {
  const zones = [
    'Europe/Madrid',
    'America/New_York',
    'America/Sao_Paulo',
    'America/St_Johns',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'Europe/Dublin',
    'Pacific/Chatham',
    'UTC',
    'UTC+2',
  ];
  // Around DST changes (the hour that repeats, the one skipped), and far from today.
  const starts = [
    '2026-03-29T00:30:00Z',
    '2026-03-29T01:30:00Z',
    '2026-10-25T00:30:00Z',
    '2026-10-25T01:30:00Z',
    '2026-11-01T05:30:00Z',
    '2026-11-01T06:30:00Z',
    '1905-06-01T12:00:00Z',
    '2040-07-01T23:59:59Z',
  ];

  it.each(zones)(
    'writes a timed event in %s at the wall times its zone gives the instants',
    (zone) => {
      for (const utcStart of starts) {
        const event = eventAt(zone, utcStart, 26, false);
        const iana = zone === 'UTC' || zone.startsWith('UTC+') ? null : zone;
        const wall = (text: string): string => {
          const at = DateTime.fromSQL(text, { zone: 'utc' });
          return iana
            ? `;TZID=${iana}:${at.setZone(iana).toFormat("yyyyLLdd'T'HHmmss")}`
            : `:${at.toFormat("yyyyLLdd'T'HHmmss")}Z`;
        };
        expect(dates(toICalendar([event], { name: 'x' }))).toEqual([
          `DTSTART${wall(event.utc_start_date)}`,
          `DTEND${wall(event.utc_end_date)}`,
        ]);
      }
    },
  );

  it.each(zones)('writes an all-day event in %s as its own dates, the end exclusive', (zone) => {
    for (const utcStart of starts) {
      const event = eventAt(zone, utcStart, 26, true);
      const day = (text: string, plus: number): string =>
        DateTime.fromSQL(text.slice(0, 10), { zone: 'utc' })
          .plus({ days: plus })
          .toFormat('yyyyLLdd');
      expect(dates(toICalendar([event], { name: 'x' }))).toEqual([
        `DTSTART;VALUE=DATE:${day(event.start_date, 0)}`,
        `DTEND;VALUE=DATE:${day(event.end_date, 1)}`,
      ]);
    }
  });
});
