import { DateTime, FixedOffsetZone } from 'luxon';
import { resolveZone, zoneAbbreviation } from './zones';

/** An instant given in ISO form (UTC). */
function at(iso: string): DateTime {
  return DateTime.fromISO(iso, { zone: 'utc' });
}

const WINTER = at('2026-01-15T12:00:00Z');
const SUMMER = at('2026-07-15T12:00:00Z');

describe('resolveZone', () => {
  const sut = resolveZone;

  it.each(['America/New_York', 'Europe/Madrid', 'Australia/Darwin', 'Asia/Hong_Kong', 'Etc/GMT+5'])(
    'resolves the IANA name %p to an IANA zone of that name',
    (name) => {
      const zone = sut(name);

      expect(zone?.type).toBe('iana');
      expect(zone?.name).toBe(name);
      expect(zone?.isValid).toBe(true);
    },
  );

  it('resolves IANA names case-insensitively to their canonical spelling', () => {
    expect(sut('america/new_york')?.name).toBe('America/New_York');
  });

  it('keeps an IANA alias as given instead of replacing it', () => {
    expect(sut('US/Eastern')?.name).toBe('US/Eastern');
  });

  it('answers a name asked again as the first time, known or not', () => {
    for (const name of ['Europe/Madrid', 'europe/madrid', 'Mars/Olympus', 'UTC+2']) {
      const first = sut(name);

      expect(sut(name)).toBe(first);
    }
    expect(sut('Mars/Olympus')).toBeNull();
    expect(sut('europe/madrid')?.name).toBe('Europe/Madrid');
  });

  it('checks an IANA name once: asking again builds no formatter', () => {
    sut('Asia/Kathmandu');
    const built = jest.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(sut('Asia/Kathmandu')?.name).toBe('Asia/Kathmandu');
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });

  it('ignores surrounding whitespace', () => {
    expect(sut('  Europe/Madrid ')?.name).toBe('Europe/Madrid');
  });

  it.each([
    ['UTC', 0],
    ['utc', 0],
    ['UTC+0', 0],
    ['UTC-0', 0],
    ['UTC+2', 120],
    ['UTC-5', -300],
    ['UTC+5:30', 330],
    ['UTC+0530', 330],
    ['UTC+05:30', 330],
    ['UTC-03:30', -210],
    ['UTC+12:45', 765],
    ['UTC+14', 840],
    ['UTC+5.5', 330],
    ['UTC+5.75', 345],
    ['UTC-9.5', -570],
  ])('resolves %p to a fixed offset of %p minutes', (name, minutes) => {
    const zone = sut(name);

    expect(zone).toBeInstanceOf(FixedOffsetZone);
    expect(zone?.offset(0)).toBe(minutes);
  });

  it('names offset zones the TEC way', () => {
    expect(sut('UTC+0530')?.name).toBe('UTC+5:30');
    expect(sut('UTC+2')?.name).toBe('UTC+2');
    expect(sut('UTC')?.name).toBe('UTC');
  });

  it.each([
    'Mars/Base',
    'foo',
    '',
    '   ',
    '+02:00',
    'UTC+15',
    'UTC+5:60',
    'UTC+5.3',
    'UTC+',
    'GMT+2',
    'UTC 2',
  ])('returns null for %p', (name) => {
    expect(sut(name)).toBeNull();
  });
});

describe('zoneAbbreviation', () => {
  const sut = zoneAbbreviation;

  it.each([
    ['America/New_York', WINTER, 'EST'],
    ['America/New_York', SUMMER, 'EDT'],
    ['Europe/Madrid', WINTER, 'CET'],
    ['Europe/Madrid', SUMMER, 'CEST'],
    ['Europe/London', WINTER, 'GMT'],
    ['Europe/London', SUMMER, 'BST'],
    ['UTC', WINTER, 'UTC'],
    ['Etc/UTC', SUMMER, 'UTC'],
    ['Australia/Sydney', SUMMER, 'AEST'],
    ['Australia/Sydney', WINTER, 'AEDT'],
    ['Australia/Darwin', WINTER, 'ACST'],
    ['Asia/Hong_Kong', WINTER, 'HKT'],
    ['Asia/Kolkata', WINTER, 'IST'],
    ['Asia/Tokyo', WINTER, 'JST'],
    ['Asia/Jerusalem', SUMMER, 'IDT'],
    ['Africa/Johannesburg', WINTER, 'SAST'],
    ['Pacific/Auckland', SUMMER, 'NZST'],
  ])('gives %p at %p the letters %p', (zone, when, expected) => {
    expect(sut(zone, when)).toBe(expected);
  });

  it('switches from EST to EDT at the March 2026 change in America/New_York', () => {
    expect(sut('America/New_York', at('2026-03-08T06:59:59Z'))).toBe('EST');
    expect(sut('America/New_York', at('2026-03-08T07:00:00Z'))).toBe('EDT');
  });

  it('switches from EDT to EST at the November 2026 change in America/New_York', () => {
    expect(sut('America/New_York', at('2026-11-01T05:59:59Z'))).toBe('EDT');
    expect(sut('America/New_York', at('2026-11-01T06:00:00Z'))).toBe('EST');
  });

  it.each([
    ['Asia/Dubai', '+04'],
    ['America/Sao_Paulo', '-03'],
    ['Asia/Kathmandu', '+0545'],
    ['Asia/Singapore', '+08'],
    ['Africa/Casablanca', '+01'],
    ['America/St_Johns', 'NST'],
    ['Atlantic/Azores', '-01'],
  ])('gives %p the PHP form %p when tzdata has no letters for it', (zone, expected) => {
    expect(sut(zone, WINTER)).toBe(expected);
  });

  it.each([
    ['UTC+2', 'UTC+2'],
    ['UTC+5:30', 'UTC+5:30'],
    ['UTC+0530', 'UTC+0530'],
    ['utc-5', 'UTC-5'],
  ])('gives the offset zone %p its own name %p', (zone, expected) => {
    expect(sut(zone, SUMMER)).toBe(expected);
  });

  it('reads the instant in the named zone, whatever zone the DateTime carries', () => {
    expect(sut('America/New_York', SUMMER.setZone('Asia/Tokyo'))).toBe('EDT');
  });

  it('returns an unknown zone name unchanged', () => {
    expect(sut('Mars/Base', WINTER)).toBe('Mars/Base');
  });
});
