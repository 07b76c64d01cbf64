import {
  isValidCalendarDate,
  isValidClockTime,
  type CalendarDate,
  type ClockTime,
} from './calendar';

/** Units a relative offset (`+2 days`) can be expressed in, after normalisation. */
export type OffsetUnit = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year';

/** One meaningful piece of a strtotime()-style phrase. */
export type Token =
  | { kind: 'date'; date: CalendarDate }
  | { kind: 'time'; time: ClockTime }
  | { kind: 'noon' }
  | { kind: 'now' }
  | { kind: 'day'; shift: number }
  | { kind: 'weekday'; weekday: number; behavior: 0 | 1; days: number }
  | { kind: 'offset'; unit: OffsetUnit; amount: number }
  | { kind: 'ago' }
  /** A UTC offset the phrase names (`+0100`, `+01:00`, `GMT`), in minutes. */
  | { kind: 'zone'; minutes: number }
  /**
   * `first day of`, `last day of`, `second tuesday of`, `last friday of`: a day of the month the
   * rest of the phrase names. `weekday` null: the first or last day; `ordinal` -1: the last.
   */
  | { kind: 'dayOf'; ordinal: number; weekday: number | null };

/** Spelling of each unit → normalised unit and multiplier. */
const UNITS: ReadonlyMap<string, readonly [OffsetUnit, number]> = new Map([
  ...spellings(['sec', 'secs', 'second', 'seconds'], 'second', 1),
  ...spellings(['min', 'mins', 'minute', 'minutes'], 'minute', 1),
  ...spellings(['hour', 'hours'], 'hour', 1),
  ...spellings(['day', 'days'], 'day', 1),
  ...spellings(['week', 'weeks'], 'day', 7),
  ...spellings(['fortnight', 'fortnights'], 'day', 14),
  ...spellings(['month', 'months'], 'month', 1),
  ...spellings(['year', 'years'], 'year', 1),
]);

/** Spelling of each weekday → luxon weekday (Monday 1 … Sunday 7), PHP's abbreviations included. */
const WEEKDAYS: ReadonlyMap<string, number> = new Map([
  ...weekdaySpellings(['mon', 'monday'], 1),
  ...weekdaySpellings(['tue', 'tues', 'tuesday'], 2),
  ...weekdaySpellings(['wed', 'wednes', 'wednesday'], 3),
  ...weekdaySpellings(['thu', 'thur', 'thurs', 'thursday'], 4),
  ...weekdaySpellings(['fri', 'friday'], 5),
  ...weekdaySpellings(['sat', 'saturday'], 6),
  ...weekdaySpellings(['sun', 'sunday'], 7),
]);

/** Stand-alone words and the token each one stands for. */
const WORDS: ReadonlyMap<string, Token> = new Map<string, Token>([
  ['now', { kind: 'now' }],
  ['today', { kind: 'day', shift: 0 }],
  ['midnight', { kind: 'day', shift: 0 }],
  ['tomorrow', { kind: 'day', shift: 1 }],
  ['yesterday', { kind: 'day', shift: -1 }],
  ['noon', { kind: 'noon' }],
  ['ago', { kind: 'ago' }],
  ['gmt', { kind: 'zone', minutes: 0 }],
  ['utc', { kind: 'zone', minutes: 0 }],
]);

/** Spelling of each month → its number. */
const MONTHS: ReadonlyMap<string, number> = new Map(
  [
    ['jan', 'january'],
    ['feb', 'february'],
    ['mar', 'march'],
    ['apr', 'april'],
    ['may'],
    ['jun', 'june'],
    ['jul', 'july'],
    ['aug', 'august'],
    ['sep', 'sept', 'september'],
    ['oct', 'october'],
    ['nov', 'november'],
    ['dec', 'december'],
  ].flatMap((words, index) => words.map((word): [string, number] => [word, index + 1])),
);

/** A month spelling in a pattern (the longest first, so `march` is not read as `mar`). */
const MONTH = `(${[...MONTHS.keys()].sort((a, b) => b.length - a.length).join('|')})\\.?`;

/** Ordinals before `<weekday> of` or `day of` → which one (-1: the last). */
const ORDINALS: ReadonlyMap<string, number> = new Map([
  ['first', 1],
  ['second', 2],
  ['third', 3],
  ['fourth', 4],
  ['fifth', 5],
  ['last', -1],
]);

/** `next`/`last`/`this` → amount applied to the following unit or weekday. */
const RELATIVE_WORDS: ReadonlyMap<string, number> = new Map([
  ['next', 1],
  ['last', -1],
  ['previous', -1],
  ['this', 0],
]);

/** Pairs each unit spelling with its normalised unit and multiplier. */
function spellings(
  words: readonly string[],
  unit: OffsetUnit,
  factor: number,
): Array<[string, readonly [OffsetUnit, number]]> {
  return words.map((w) => [w, [unit, factor]]);
}

/** Pairs each weekday spelling with its luxon weekday number. */
function weekdaySpellings(words: readonly string[], weekday: number): Array<[string, number]> {
  return words.map((w) => [w, weekday]);
}

/** A sticky pattern and the builder turning its match into a token (null = not this token). */
interface Matcher {
  pattern: RegExp;
  build: (m: RegExpExecArray) => Token | null;
}

/** Token patterns, tried in order at each position of the lower-cased input. */
const MATCHERS: readonly Matcher[] = [
  { pattern: /(\d{4})-(\d{1,2})-(\d{1,2})(?:t(?=\d)|(?![a-z0-9]))/y, build: buildDate },
  // 2027/03/01
  { pattern: /(\d{4})\/(\d{1,2})\/(\d{1,2})(?![a-z0-9/])/y, build: buildDate },
  // 03/01/2027 is March 1 (American, as PHP reads a slash); 01-03-2027 and 01.03.2027 are 1 March.
  {
    pattern: /(\d{1,2})\/(\d{1,2})\/(\d{4})(?![a-z0-9/])/y,
    build: (m) => dateToken(m[3], m[1], m[2]),
  },
  {
    pattern: /(\d{1,2})([-.])(\d{1,2})\2(\d{4})(?![a-z0-9])/y,
    build: (m) => dateToken(m[4], m[3], m[1]),
  },
  // March 1, 2027 / Mar 1st 2027
  {
    pattern: new RegExp(`${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s*(\\d{4})(?![a-z0-9:])`, 'y'),
    build: (m) => dateToken(m[3], String(MONTHS.get(m[1] ?? '')), m[2]),
  },
  // 1 March 2027 / 01 Mar 2027 (RFC 2822)
  {
    pattern: new RegExp(`(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH},?\\s+(\\d{4})(?![a-z0-9:])`, 'y'),
    build: (m) => dateToken(m[3], String(MONTHS.get(m[2] ?? '')), m[1]),
  },
  // +0100, -05:00, GMT+01:00 (not `+1000 minutes`, an offset)
  {
    pattern: /(?:gmt|utc)?([+-])(\d{2}):?(\d{2})(?![0-9])(?!\s*[a-z])/y,
    build: buildZone,
  },
  {
    pattern: /(\d{1,2})(?::(\d{2})(?::(\d{2}))?)?\s*([ap])\.?m\.?(?![a-z0-9])/y,
    build: buildTime12,
  },
  { pattern: /(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(?![a-z0-9:])/y, build: buildTime24 },
  { pattern: /([+-]?)\s*(\d{1,9})\s*([a-z]+)(?![a-z0-9])/y, build: buildOffset },
  // first day of, last friday of (before `last day`, an offset, is read)
  { pattern: /([a-z]+)\s+([a-z]+)\s+of(?![a-z0-9])/y, build: buildDayOf },
  { pattern: /([a-z]+)\s+([a-z]+)(?![a-z0-9])/y, build: buildRelativeText },
  { pattern: /([a-z]+)(?![a-z0-9])/y, build: buildWord },
];

/** Splits a lower-cased strtotime()-style phrase into tokens, or null when a part is unknown. */
export function tokenize(text: string): Token[] | null {
  const tokens: Token[] = [];
  let position = skipSeparators(text, 0);
  while (position < text.length) {
    const next = matchAt(text, position);
    if (next === null) return null;
    tokens.push(next.token);
    position = skipSeparators(text, next.end);
  }
  return tokens;
}

/** Index of the first character at or after `from` that is not whitespace or a comma. */
function skipSeparators(text: string, from: number): number {
  let position = from;
  while (position < text.length && /[\s,]/.test(text.charAt(position))) position += 1;
  return position;
}

/** First token that matches at `position`, with the index just after it. */
function matchAt(text: string, position: number): { token: Token; end: number } | null {
  for (const { pattern, build } of MATCHERS) {
    pattern.lastIndex = position;
    const match = pattern.exec(text);
    const token = match ? build(match) : null;
    if (match && token) return { token, end: position + match[0].length };
  }
  return null;
}

/** `YYYY-MM-DD`, rejected when the day does not exist. */
function buildDate(m: RegExpExecArray): Token | null {
  return dateToken(m[1], m[2], m[3]);
}

/** A date token from its year, month and day, or null when that day does not exist. */
function dateToken(
  year: string | undefined,
  month: string | undefined,
  day: string | undefined,
): Token | null {
  const date = { year: Number(year), month: Number(month), day: Number(day) };
  return isValidCalendarDate(date) ? { kind: 'date', date } : null;
}

/** `+0100`, `-05:00`: minutes east of UTC (at most 14 hours). */
function buildZone(m: RegExpExecArray): Token | null {
  const minutes = (Number(m[2]) * 60 + Number(m[3])) * (m[1] === '-' ? -1 : 1);
  return Math.abs(minutes) <= 14 * 60 && Number(m[3]) < 60 ? { kind: 'zone', minutes } : null;
}

/** `4pm`, `4:30 pm`, `11:15:20am`; 12am is midnight and 12pm is noon. */
function buildTime12(m: RegExpExecArray): Token | null {
  const hour12 = Number(m[1]);
  if (hour12 < 1 || hour12 > 12) return null;
  const hour = (hour12 % 12) + (m[4] === 'p' ? 12 : 0);
  return timeToken({ hour, minute: Number(m[2] ?? 0), second: Number(m[3] ?? 0) });
}

/** `16:30`, `16:30:05`, `16:30:05.250` (fraction dropped). */
function buildTime24(m: RegExpExecArray): Token | null {
  return timeToken({ hour: Number(m[1]), minute: Number(m[2]), second: Number(m[3] ?? 0) });
}

/** A time token when the fields form a valid time of day. */
function timeToken(time: ClockTime): Token | null {
  return isValidClockTime(time) ? { kind: 'time', time } : null;
}

/** `+2 days`, `-1 week`, `90 minutes` (no sign means plus). */
function buildOffset(m: RegExpExecArray): Token | null {
  const unit = UNITS.get(m[3] ?? '');
  if (unit === undefined) return null;
  const amount = Number(m[2]) * unit[1] * (m[1] === '-' ? -1 : 1);
  return { kind: 'offset', unit: unit[0], amount };
}

/** `first day of`, `last day of`, `second tuesday of`, `last friday of`. */
function buildDayOf(m: RegExpExecArray): Token | null {
  const ordinal = ORDINALS.get(m[1] ?? '');
  if (ordinal === undefined) return null;
  if (m[2] === 'day') {
    return ordinal === 1 || ordinal === -1 ? { kind: 'dayOf', ordinal, weekday: null } : null;
  }
  const weekday = WEEKDAYS.get(m[2] ?? '');
  return weekday === undefined ? null : { kind: 'dayOf', ordinal, weekday };
}

/** `next wednesday`, `last week`, `this month`. */
function buildRelativeText(m: RegExpExecArray): Token | null {
  const amount = RELATIVE_WORDS.get(m[1] ?? '');
  if (amount === undefined) return null;
  const weekday = WEEKDAYS.get(m[2] ?? '');
  if (weekday !== undefined) return relativeWeekday(weekday, amount);
  const unit = UNITS.get(m[2] ?? '');
  if (unit === undefined) return null;
  return { kind: 'offset', unit: unit[0], amount: amount * unit[1] };
}

/** PHP's rule: `this`→ on or after today; `next` → strictly after; `last` → strictly before. */
function relativeWeekday(weekday: number, amount: number): Token {
  const days = (amount > 0 ? amount - 1 : amount) * 7;
  return { kind: 'weekday', weekday, behavior: amount === 0 ? 1 : 0, days };
}

/** Stand-alone words: `now`, `today`, `tomorrow`, weekday names, … */
function buildWord(m: RegExpExecArray): Token | null {
  const word = m[1] ?? '';
  const weekday = WEEKDAYS.get(word);
  if (weekday !== undefined) return { kind: 'weekday', weekday, behavior: 1, days: 0 };
  return WORDS.get(word) ?? null;
}
