import { DateTime, FixedOffsetZone, IANAZone, type Zone } from 'luxon';

/** TEC/WordPress offset names: `UTC`, `UTC+2`, `UTC-5`, `UTC+5:30`, `UTC+0530`, `UTC+5.5`. */
const OFFSET_NAME = /^utc(?:([+-])(\d{1,2})(?::?(\d{2})|\.(\d{1,2}))?)?$/i;

/** Shape of an IANA identifier (letters first), so Intl-only forms like `+02:00` are refused. */
const IANA_NAME = /^[a-z][a-z0-9_+-]*(?:\/[a-z0-9_+-]+)*$/i;

/** Largest real-world UTC offset, in minutes (UTC+14). */
const MAX_OFFSET_MINUTES = 14 * 60;

/**
 * Names resolved so far, with their zone or null. Checking an IANA name builds `Intl` formatters,
 * which cost tens of microseconds and native memory the garbage collector does not see: a page of
 * events resolves each event's zone, so each name is checked once per process. Names come from
 * callers too, so the memo stops growing at {@link MAX_RESOLVED} names.
 */
const resolved = new Map<string, Zone | null>();
const MAX_RESOLVED = 2048;

/** Resolves an IANA name or a TEC-style `UTC±H[:MM]` offset to a luxon Zone, or null when unknown. */
export function resolveZone(name: string): Zone | null {
  const known = resolved.get(name);
  if (known !== undefined) return known;
  const zone = resolveName(name);
  if (resolved.size < MAX_RESOLVED) resolved.set(name, zone);
  return zone;
}

/** What `IANAZone.isValidZone` said of each name asked so far (bounded as {@link resolved}). */
const validIana = new Map<string, boolean>();

/**
 * Whether `name` is a zone the runtime's `Intl` knows, as `IANAZone.isValidZone` says, asked
 * once per name: luxon builds a formatter at every call, which cost a month's iCalendar feed
 * (a check per event) about 2 ms of its 11.
 */
export function isValidIanaZone(name: string): boolean {
  const known = validIana.get(name);
  if (known !== undefined) return known;
  const valid = IANAZone.isValidZone(name);
  if (validIana.size < MAX_RESOLVED) validIana.set(name, valid);
  return valid;
}

function resolveName(name: string): Zone | null {
  const trimmed = name.trim();
  if (trimmed === '') return null;
  const offset = OFFSET_NAME.exec(trimmed);
  if (offset) return offsetZone(offset);
  return ianaZone(trimmed);
}

/** Builds a fixed-offset zone from an OFFSET_NAME match, or null when the offset is impossible. */
function offsetZone(match: RegExpExecArray): Zone | null {
  const [, sign, hours, minutes, fraction] = match;
  if (sign === undefined || hours === undefined) return FixedOffsetZone.utcInstance;
  const extra = minutes !== undefined ? Number(minutes) : fractionMinutes(fraction);
  if (extra === null || extra >= 60) return null;
  const total = Number(hours) * 60 + extra;
  if (total > MAX_OFFSET_MINUTES) return null;
  if (total === 0) return FixedOffsetZone.utcInstance;
  return FixedOffsetZone.instance(sign === '-' ? -total : total);
}

/** Converts WordPress's decimal part (`UTC+5.5`, `UTC+5.75`) to minutes; null unless a quarter hour. */
function fractionMinutes(fraction: string | undefined): number | null {
  if (fraction === undefined) return 0;
  const minutes = Number(`0.${fraction}`) * 60;
  return Number.isInteger(minutes) && minutes % 15 === 0 ? minutes : null;
}

/** Returns the IANA zone for `name` (case-insensitive, canonical casing kept), or null. */
function ianaZone(name: string): Zone | null {
  if (!IANA_NAME.test(name) || !isValidIanaZone(name)) return null;
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  const canonical = resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  return IANAZone.create(canonical);
}

/**
 * Extra English locales whose CLDR data carries letter abbreviations for a region (tried after
 * en-US). Matched by exact name first, then by `Area/` prefix.
 */
const REGIONAL_LOCALES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['Europe/Dublin', ['en-IE']],
  ['Asia/Kolkata', ['en-IN']],
  ['Asia/Calcutta', ['en-IN']],
  ['Asia/Hong_Kong', ['en-HK']],
  ['Pacific/Auckland', ['en-NZ']],
  ['Europe/', ['en-GB']],
  ['Atlantic/', ['en-GB']],
  ['Africa/', ['en-ZA', 'en-GB']],
  ['Australia/', ['en-AU']],
  ['America/', ['en-CA']],
];

/** tzdata letter abbreviations that no English Intl locale yields, keyed by offset in minutes. */
const TZDATA_ABBREVIATIONS: Readonly<Record<string, Readonly<Record<number, string>>>> = {
  'Asia/Tokyo': { 540: 'JST' },
  'Asia/Seoul': { 540: 'KST' },
  'Asia/Shanghai': { 480: 'CST' },
  'Asia/Taipei': { 480: 'CST' },
  'Asia/Karachi': { 300: 'PKT' },
  'Asia/Jakarta': { 420: 'WIB' },
  'Asia/Jerusalem': { 120: 'IST', 180: 'IDT' },
  'Europe/Moscow': { 180: 'MSK' },
};

/** Cache of Intl formatters, one per locale and zone. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Zone abbreviation as PHP's `T` format shows it: letters when known (EST, CEST, AEST, IST),
 * PHP's numeric form otherwise (`+04`, `+0530`), and the name itself for `UTC±N` offset zones.
 * Unknown zone names are returned unchanged.
 */
export function zoneAbbreviation(zoneName: string, at: DateTime): string {
  const zone = resolveZone(zoneName);
  if (zone === null || !at.isValid) return zoneName;
  if (zone.type !== 'iana') return zoneName.trim().replace(/^utc/i, 'UTC');
  const local = at.setZone(zone);
  return (
    letterAbbreviation(zone.name, local.toMillis()) ??
    TZDATA_ABBREVIATIONS[zone.name]?.[local.offset] ??
    numericAbbreviation(local.offset)
  );
}

/** First letters-only short zone name any candidate locale gives for the instant, or null. */
function letterAbbreviation(zoneName: string, millis: number): string | null {
  for (const locale of localesFor(zoneName)) {
    const name = shortZoneName(zoneName, locale, millis);
    if (name !== null && /^[A-Z]{2,6}$/.test(name)) return name;
  }
  return null;
}

/** en-US followed by the regional locales configured for the zone. */
function localesFor(zoneName: string): readonly string[] {
  const lower = zoneName.toLowerCase();
  const rule = REGIONAL_LOCALES.find(([key]) => {
    const k = key.toLowerCase();
    return k.endsWith('/') ? lower.startsWith(k) : lower === k;
  });
  return ['en-US', ...(rule?.[1] ?? [])];
}

/** Intl `timeZoneName: 'short'` for the zone, locale and instant, or null when absent. */
function shortZoneName(zoneName: string, locale: string, millis: number): string | null {
  const key = `${locale}|${zoneName}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone: zoneName, timeZoneName: 'short' });
    formatters.set(key, formatter);
  }
  const part = formatter.formatToParts(millis).find((p) => p.type === 'timeZoneName');
  return part?.value ?? null;
}

/** PHP's numeric abbreviation: `+04`, `-03`, `+0530`, `+0545`. */
function numericAbbreviation(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hours = String(Math.floor(abs / 60)).padStart(2, '0');
  const minutes = abs % 60;
  return minutes === 0 ? `${sign}${hours}` : `${sign}${hours}${String(minutes).padStart(2, '0')}`;
}
