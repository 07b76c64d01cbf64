import { DateTime, IANAZone, Zone, type ZoneOffsetFormat, type ZoneOffsetOptions } from 'luxon';
import {
  fromWallClock,
  shiftCalendarDate,
  type CalendarDate,
} from '../../src/common/dates/calendar';
import { allDayBounds } from '../../src/common/dates/window';
import { LANGUAGES, type Language } from '../../src/common/i18n/language';
import { slugify } from '../../src/common/text/slug';
import type { PostStatus } from '../../src/events/entities/event.entity';
import { toSqlDateTime } from '../../src/database/sql-values';
import { LISTING_COPIED_COLUMNS } from '../../src/events/listing/term-listing';

/**
 * Pure generators of realistic demo events for `npm run seed`: everything here depends only on
 * the random source, the id and the `now` it is given, so a seeded PRNG gives the same events.
 */

/** A source of uniform numbers in [0, 1). */
export type Random = () => number;

/** A {@link Random} whose place in its sequence can be handed on. */
export interface SeededRandom extends Random {
  /** Where the sequence stands: `createRandom(random.state())` draws what `random` would next. */
  readonly state: () => number;
}

/** Mulberry32: a small, fast, seedable PRNG (good enough for demo data, not for secrets). */
export function createRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Object.assign(next, { state: (): number => state });
}

/** An integer in [min, max], both included. */
export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** True with probability `p`. */
export function chance(random: Random, p: number): boolean {
  return random() < p;
}

/** One element of a non-empty list. */
export function pick<T>(random: Random, items: readonly [T, ...T[]]): T {
  return items[Math.floor(random() * items.length)] ?? items[0];
}

/** One element of a non-empty list of `[item, weight]` pairs, by weight. */
export function pickWeighted<T>(
  random: Random,
  items: readonly [[T, number], ...[T, number][]],
): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let point = random() * total;
  for (const [item, weight] of items) {
    point -= weight;
    if (point < 0) return item;
  }
  return items[items.length - 1]?.[0] ?? items[0][0];
}

/** Text in every language. */
export type Localized = Readonly<Record<Language, string>>;

/** A title pattern: `{g}` is the genre, `{p}` the place phrase ("at the Harbour"). */
type TitlePattern = Localized;

const TITLE_PATTERNS: readonly [TitlePattern, ...TitlePattern[]] = [
  { en: '{G} Night {p}', es: 'Noche de {g} {p}', ca: 'Nit de {g} {p}' },
  { en: '{G} Festival', es: 'Festival de {g}', ca: 'Festival de {g}' },
  {
    en: '{G} Workshop for Beginners',
    es: 'Taller de {g} para principiantes',
    ca: 'Taller de {g} per a principiants',
  },
  {
    en: 'Open-Air {G} Concert {p}',
    es: 'Concierto de {g} al aire libre {p}',
    ca: "Concert de {g} a l'aire lliure {p}",
  },
  { en: '{G} Evening {p}', es: 'Velada de {g} {p}', ca: 'Vetllada de {g} {p}' },
  { en: '{G} Masterclass', es: 'Clase magistral de {g}', ca: 'Classe magistral de {g}' },
  { en: 'Sunset {G} {p}', es: '{G} al atardecer {p}', ca: '{G} a la posta de sol {p}' },
  {
    en: 'Family {G} Morning {p}',
    es: 'Mañana familiar de {g} {p}',
    ca: 'Matí familiar de {g} {p}',
  },
  { en: '{G} Jam Session {p}', es: 'Jam session de {g} {p}', ca: 'Jam session de {g} {p}' },
  { en: '{G} Meetup {p}', es: 'Encuentro de {g} {p}', ca: 'Trobada de {g} {p}' },
];

/**
 * Genres as they read after "de" (lowercase) and, capitalised, at the start of a title. Each has
 * a category of the same English name in `seed-catalog.ts`.
 */
export const GENRES: readonly [Localized, ...Localized[]] = [
  { en: 'jazz', es: 'jazz', ca: 'jazz' },
  { en: 'flamenco', es: 'flamenco', ca: 'flamenc' },
  { en: 'blues', es: 'blues', ca: 'blues' },
  { en: 'swing', es: 'swing', ca: 'swing' },
  { en: 'salsa', es: 'salsa', ca: 'salsa' },
  { en: 'tango', es: 'tango', ca: 'tango' },
  { en: 'classical music', es: 'música clásica', ca: 'música clàssica' },
  { en: 'poetry', es: 'poesía', ca: 'poesia' },
  { en: 'photography', es: 'fotografía', ca: 'fotografia' },
  { en: 'stand-up comedy', es: 'monólogos', ca: 'monòlegs' },
  { en: 'electronic music', es: 'música electrónica', ca: 'música electrònica' },
  { en: 'folk', es: 'folk', ca: 'folk' },
  { en: 'choir', es: 'coral', ca: 'coral' },
  { en: 'ceramics', es: 'cerámica', ca: 'ceràmica' },
  { en: 'wine tasting', es: 'cata de vinos', ca: 'tast de vins' },
  { en: 'short film', es: 'cortometrajes', ca: 'curtmetratges' },
];

/** Where it happens, as a phrase that follows the title ("at the Harbour"). */
const PLACES: readonly [Localized, ...Localized[]] = [
  { en: 'at the Harbour', es: 'en el Puerto', ca: 'al Port' },
  { en: 'at the Old Town Square', es: 'en la Plaza Mayor', ca: 'a la Plaça Major' },
  { en: 'at the Botanical Garden', es: 'en el Jardín Botánico', ca: 'al Jardí Botànic' },
  { en: 'at the Riverside Park', es: 'en el Parque del Río', ca: 'al Parc del Riu' },
  { en: 'at the City Library', es: 'en la Biblioteca Municipal', ca: 'a la Biblioteca Municipal' },
  { en: 'at the Lighthouse', es: 'en el Faro', ca: 'al Far' },
  { en: 'at the Cultural Centre', es: 'en el Centro Cultural', ca: 'al Centre Cultural' },
  { en: 'at the Market Hall', es: 'en el Mercado', ca: 'al Mercat' },
  { en: 'on the Rooftop', es: 'en la Azotea', ca: 'al Terrat' },
  { en: 'at the Castle', es: 'en el Castillo', ca: 'al Castell' },
  { en: 'at the Old Cinema', es: 'en el Antiguo Cine', ca: "a l'Antic Cinema" },
  { en: 'by the Beach', es: 'junto a la Playa', ca: 'vora la Platja' },
];

/** The opening sentence of every description; `{g}` and `{p}` as in the titles. */
const INTRO_SENTENCES: readonly [Localized, ...Localized[]] = [
  {
    en: 'Join us for an unforgettable session of {g} {p}.',
    es: 'Acompáñanos en una sesión inolvidable de {g} {p}.',
    ca: "Acompanya'ns en una sessió inoblidable de {g} {p}.",
  },
  {
    en: 'A special programme of {g} {p}, open to everyone.',
    es: 'Un programa especial de {g} {p}, abierto a todo el mundo.',
    ca: 'Un programa especial de {g} {p}, obert a tothom.',
  },
  {
    en: 'The {g} season is back {p}.',
    es: 'La temporada de {g} se celebra de nuevo {p}.',
    ca: 'La temporada de {g} se celebra de nou {p}.',
  },
];

const DETAIL_SENTENCES: readonly [Localized, ...Localized[]] = [
  {
    en: 'Doors open 30 minutes before the start.',
    es: 'Las puertas se abren 30 minutos antes del inicio.',
    ca: "Les portes s'obren 30 minuts abans de l'inici.",
  },
  {
    en: 'Places are limited, so book early.',
    es: 'Las plazas son limitadas, reserva con antelación.',
    ca: 'Les places són limitades, reserva amb antelació.',
  },
  {
    en: 'Suitable for all ages.',
    es: 'Apto para todos los públicos.',
    ca: 'Apte per a tots els públics.',
  },
  {
    en: 'Local artists and special guests will share the stage.',
    es: 'Artistas locales e invitados especiales compartirán escenario.',
    ca: 'Artistes locals i convidats especials compartiran escenari.',
  },
  {
    en: 'Food and drinks will be available on site.',
    es: 'Habrá comida y bebida en el recinto.',
    ca: 'Hi haurà menjar i beguda al recinte.',
  },
  {
    en: 'The venue is accessible to wheelchair users.',
    es: 'El espacio es accesible para personas en silla de ruedas.',
    ca: "L'espai és accessible per a persones en cadira de rodes.",
  },
  {
    en: "Part of this season's cultural programme.",
    es: 'Forma parte de la programación cultural de esta temporada.',
    ca: "Forma part de la programació cultural d'aquesta temporada.",
  },
  {
    en: 'In case of rain, the event moves indoors.',
    es: 'En caso de lluvia, el evento se trasladará a un espacio cubierto.',
    ca: "En cas de pluja, l'esdeveniment es traslladarà a un espai cobert.",
  },
  {
    en: 'Registration is required in advance.',
    es: 'Es necesaria la inscripción previa.',
    ca: 'Cal inscripció prèvia.',
  },
  {
    en: 'No previous experience is needed.',
    es: 'No se necesita experiencia previa.',
    ca: 'No cal experiència prèvia.',
  },
  {
    en: 'Bring your friends and a good mood.',
    es: 'Trae a tus amigos y buen humor.',
    ca: 'Porta els teus amics i bon humor.',
  },
  {
    en: 'Children under 12 must be accompanied by an adult.',
    es: 'Los menores de 12 años deben ir acompañados de un adulto.',
    ca: "Els menors de 12 anys han d'anar acompanyats d'un adult.",
  },
];

/** The zones events happen in, with their share of events. */
export const SEED_ZONES = [
  'Europe/Madrid',
  'Europe/London',
  'America/New_York',
  'America/Los_Angeles',
  'Asia/Tokyo',
  'UTC',
] as const;
export type SeedZone = (typeof SEED_ZONES)[number];

/** How often each zone is chosen, for events, venues and organizers alike. */
export const ZONE_WEIGHTS: readonly [[SeedZone, number], ...[SeedZone, number][]] = [
  ['Europe/Madrid', 40],
  ['Europe/London', 15],
  ['America/New_York', 15],
  ['America/Los_Angeles', 10],
  ['Asia/Tokyo', 10],
  ['UTC', 10],
];

/** Cost entries in the local currency of each zone, as organisers type them. */
const COSTS: Readonly<Record<SeedZone, readonly [string[], ...string[][]]>> = {
  'Europe/Madrid': [['15€'], ['5€'], ['10€', '25€'], ['Free'], ['0€', '12€'], ['8,50€']],
  'Europe/London': [['£12'], ['£5'], ['Free'], ['£10', '£20'], ['£7.50']],
  'America/New_York': [['$30'], ['0$', '20$'], ['Free'], ['$15'], ['$25', '$45']],
  'America/Los_Angeles': [['$20'], ['0$', '20$'], ['Free'], ['$35'], ['$10', '$15']],
  'Asia/Tokyo': [['¥3000'], ['¥1500'], ['Free'], ['¥2000', '¥5000']],
  UTC: [['15€'], ['Free'], ['10$'], ['0€', '20€']],
};

/**
 * An IANA zone whose offsets are remembered per UTC day. Luxon asks `Intl` for every offset,
 * which otherwise takes most of the time of generating an event. A day whose first and last
 * millisecond have the same offset has it throughout (zones change at most once a day); on the
 * few days with a transition, offsets are remembered per UTC hour, which is exact for the seed
 * zones: they change on whole UTC hours (01:00 in Europe, 06:00–10:00 in the United States).
 */
export class CachedZone extends Zone {
  /** The offset of each UTC day (by day number), NaN for a day with a transition. */
  private readonly days = new Map<number, number>();
  private readonly hours = new Map<number, number>();

  constructor(private readonly zone: Zone) {
    super();
  }

  override get type(): string {
    return this.zone.type;
  }

  override get name(): string {
    return this.zone.name;
  }

  override get isUniversal(): boolean {
    return this.zone.isUniversal;
  }

  override offsetName(ts: number, options: ZoneOffsetOptions): string | null {
    return this.zone.offsetName(ts, options);
  }

  override formatOffset(ts: number, format: ZoneOffsetFormat): string {
    return this.zone.formatOffset(ts, format);
  }

  override offset(ts: number): number {
    const day = Math.floor(ts / DAY);
    let offset = this.days.get(day);
    if (offset === undefined) {
      const first = this.zone.offset(day * DAY);
      offset = first === this.zone.offset((day + 1) * DAY - 1) ? first : Number.NaN;
      this.days.set(day, offset);
    }
    if (!Number.isNaN(offset)) return offset;
    const hour = Math.floor(ts / HOUR);
    offset = this.hours.get(hour);
    if (offset === undefined) {
      offset = this.zone.offset(ts);
      this.hours.set(hour, offset);
    }
    return offset;
  }

  override equals(other: Zone): boolean {
    return other instanceof CachedZone ? other.name === this.name : this.zone.equals(other);
  }

  override get isValid(): boolean {
    return this.zone.isValid;
  }
}

const ZONE_OBJECTS = new Map<string, Zone>();

/** The (offset-caching) luxon zone of a seed zone. */
export function zoneOf(name: SeedZone): Zone {
  let zone = ZONE_OBJECTS.get(name);
  if (!zone) {
    zone = new CachedZone(IANAZone.create(name));
    ZONE_OBJECTS.set(name, zone);
  }
  return zone;
}

/** The language an item is first written in, given where it happens. */
export function originalLanguageFor(random: Random, zone: SeedZone): Language {
  return zone === 'Europe/Madrid'
    ? pickWeighted<Language>(random, [
        ['ca', 45],
        ['es', 45],
        ['en', 10],
      ])
    : pickWeighted<Language>(random, [
        ['en', 70],
        ['es', 20],
        ['ca', 10],
      ]);
}

/** Local start hours, weighted toward evenings. */
const START_HOURS: readonly [[number, number], ...[number, number][]] = [
  [9, 2],
  [10, 4],
  [11, 4],
  [12, 2],
  [16, 3],
  [17, 5],
  [18, 8],
  [19, 10],
  [20, 10],
  [21, 7],
  [22, 3],
];

const START_MINUTES = [0, 0, 0, 30, 30, 15, 45] as const;

/** Event lengths in minutes (1–4 h). */
const DURATIONS = [60, 90, 120, 120, 150, 180, 240] as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The text of an event in one language. */
export interface SeedTranslation {
  readonly language: Language;
  readonly title: string;
  readonly description: string;
  readonly excerpt: string | null;
}

/** One event as the seed writes it: the `events` row plus its `event_translations` rows. */
export interface SeedEvent {
  readonly id: number;
  readonly slug: string;
  readonly status: PostStatus;
  readonly author: number;
  readonly originalLanguage: Language;
  readonly dateUtc: Date;
  readonly modifiedUtc: Date;
  readonly timezone: SeedZone;
  readonly startUtc: Date;
  readonly endUtc: Date;
  readonly allDay: boolean;
  readonly cost: readonly string[] | null;
  readonly website: string | null;
  readonly showMap: boolean;
  readonly showMapLink: boolean;
  readonly hideFromListings: boolean;
  readonly sticky: boolean;
  readonly featured: boolean;
  readonly imageUrl: string | null;
  readonly translations: readonly SeedTranslation[];
  /** Index of the event's genre in {@link GENRES}. */
  readonly genre: number;
  readonly venueId: number | null;
  /** Linked organizers in their order (`position` 0, 1, ...). */
  readonly organizerIds: readonly number[];
  /** Linked categories and tags. */
  readonly termIds: readonly number[];
  /** The series' first occurrence's id; null for an event that does not recur. */
  readonly seriesId: number | null;
  /** The series' rule lines, on its first occurrence only. */
  readonly recurrence: readonly string[] | null;
  /** The occurrence's start as the rule gives it, `yyyyMMdd'T'HHmmss` in its zone. */
  readonly recurrenceId: string | null;
}

/** What an event links to: a venue, organizers, categories and tags. */
export interface SeedLinks {
  readonly venueId: number | null;
  readonly organizerIds: readonly number[];
  readonly termIds: readonly number[];
}

/** Chooses an event's links given its zone and genre (see `createLinkChooser`). */
export type LinkChooser = (random: Random, zone: SeedZone, genre: number) => SeedLinks;

const NO_LINKS: SeedLinks = { venueId: null, organizerIds: [], termIds: [] };

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function titleCase(text: string): string {
  return text.replace(/(^|[\s-])(\p{Ll})/gu, (_, before: string, letter: string) =>
    before === '-' ? `${before}${letter}` : `${before}${letter.toUpperCase()}`,
  );
}

function fill(template: string, genre: string, place: string, language: Language): string {
  const genreTitle = language === 'en' ? titleCase(genre) : capitalise(genre);
  return template.replace('{G}', genreTitle).replace('{g}', genre).replace('{p}', place);
}

/** What an event is about, chosen once and rendered in every language. */
export interface EventTopic {
  readonly pattern: number;
  readonly genre: number;
  readonly place: number;
  readonly intro: number;
  /** Detail sentences, one list per paragraph after the first. */
  readonly paragraphs: readonly (readonly number[])[];
  readonly hasExcerpt: boolean;
}

/** A subject, place and 1–3 paragraphs of distinct detail sentences. */
export function randomTopic(random: Random): EventTopic {
  const order = DETAIL_SENTENCES.map((_, index) => index);
  for (let i = order.length - 1; i > 0; i--) {
    const j = randomInt(random, 0, i);
    [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
  }
  const paragraphCount = randomInt(random, 1, 3);
  const paragraphs: number[][] = [];
  let next = 0;
  for (let p = 0; p < paragraphCount; p++) {
    const sentences = randomInt(random, p === 0 ? 1 : 2, 3);
    paragraphs.push(order.slice(next, next + sentences));
    next += sentences;
  }
  return {
    pattern: randomInt(random, 0, TITLE_PATTERNS.length - 1),
    genre: randomInt(random, 0, GENRES.length - 1),
    place: randomInt(random, 0, PLACES.length - 1),
    intro: randomInt(random, 0, INTRO_SENTENCES.length - 1),
    paragraphs,
    hasExcerpt: chance(random, 0.4),
  };
}

/** The title, description (plain paragraphs separated by blank lines) and excerpt of a topic. */
export function renderTopic(topic: EventTopic, language: Language): SeedTranslation {
  const genre = (GENRES[topic.genre] ?? GENRES[0])[language];
  const place = (PLACES[topic.place] ?? PLACES[0])[language];
  const pattern = (TITLE_PATTERNS[topic.pattern] ?? TITLE_PATTERNS[0])[language];
  const title = fill(pattern, genre, place, language).replace(/\s+/g, ' ').trim();
  const intro = fill(
    (INTRO_SENTENCES[topic.intro] ?? INTRO_SENTENCES[0])[language],
    genre,
    place,
    language,
  );
  const sentence = (index: number): string =>
    (DETAIL_SENTENCES[index] ?? DETAIL_SENTENCES[0])[language];
  const paragraphs = topic.paragraphs.map((indices, p) =>
    [...(p === 0 ? [capitalise(intro)] : []), ...indices.map(sentence)].join(' '),
  );
  return {
    language,
    title,
    description: paragraphs.join('\n\n'),
    excerpt: topic.hasExcerpt ? capitalise(intro) : null,
  };
}

/** Which languages an event has text in: all three for 70% of events, else only the original. */
export function translationLanguages(random: Random, original: Language): Language[] {
  return chance(random, 0.7)
    ? [original, ...LANGUAGES.filter((language) => language !== original)]
    : [original];
}

/**
 * Start and end of an event in `zone`: a local day from 30 days before `now` to 18 months after,
 * at a realistic hour, lasting 1–4 h; or, when `allDay`, 00:00:00 of the first day to 23:59:59
 * of the last (1–3 days).
 */
export function randomSchedule(
  random: Random,
  zoneName: SeedZone,
  now: Date,
  allDay: boolean,
): { start: Date; end: Date } {
  const zone = zoneOf(zoneName);
  const day = shiftCalendarDate(calendarDateOf(now, zone), 0, randomInt(random, -30, 548));
  if (allDay) {
    const days = pickWeighted(random, [
      [1, 80],
      [2, 12],
      [3, 8],
    ]);
    const first = fromWallClock(day, { hour: 0, minute: 0, second: 0 }, zone);
    const last = fromWallClock(
      shiftCalendarDate(day, 0, days - 1),
      { hour: 12, minute: 0, second: 0 },
      zone,
    );
    const bounds = allDayBounds(first, last);
    return { start: bounds.start.toJSDate(), end: bounds.end.toJSDate() };
  }
  const start = fromWallClock(
    day,
    { hour: pickWeighted(random, START_HOURS), minute: pick(random, START_MINUTES), second: 0 },
    zone,
  );
  const end = start.plus({ minutes: pick(random, DURATIONS) });
  return { start: start.toJSDate(), end: end.toJSDate() };
}

function calendarDateOf(instant: Date, zone: Zone): CalendarDate {
  const offset = zone.offset(instant.getTime());
  const local = new Date(instant.getTime() + offset * MINUTE);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
  };
}

/** `at` floored to the whole second, as the service stores instants. */
export function wholeSecond(at: number): Date {
  return new Date(Math.floor(at / 1000) * 1000);
}

/**
 * Status and publication/modification instants: mostly published before both `now` and the
 * start; 3% drafts; 2% scheduled (`future`, published 1 hour to 30 days after `now`).
 */
export function randomPublication(
  random: Random,
  now: Date,
  start: Date,
): { status: PostStatus; dateUtc: Date; modifiedUtc: Date } {
  const status = pickWeighted<PostStatus>(random, [
    ['publish', 95],
    ['draft', 3],
    ['future', 2],
  ]);
  const nowMs = now.getTime();
  if (status === 'future') {
    const dateUtc = wholeSecond(nowMs + HOUR + random() * 30 * DAY);
    return { status, dateUtc, modifiedUtc: wholeSecond(nowMs - random() * 2 * DAY) };
  }
  const latest = Math.min(nowMs, start.getTime()) - HOUR;
  const dateUtc = wholeSecond(latest - random() * 120 * DAY);
  const modifiedUtc = chance(random, 0.5)
    ? dateUtc
    : wholeSecond(dateUtc.getTime() + random() * (nowMs - dateUtc.getTime()));
  return { status, dateUtc, modifiedUtc };
}

/**
 * A whole demo event with the given id, relative to `now`, linked to what `chooseLinks` picks
 * (nothing without it).
 */
export function generateEvent(
  random: Random,
  id: number,
  now: Date,
  chooseLinks?: LinkChooser,
): SeedEvent {
  const timezone = pickWeighted(random, ZONE_WEIGHTS);
  const originalLanguage = originalLanguageFor(random, timezone);
  const allDay = chance(random, 0.05);
  const { start, end } = randomSchedule(random, timezone, now, allDay);
  const publication = randomPublication(random, now, start);
  const topic = randomTopic(random);
  const translations = translationLanguages(random, originalLanguage).map((language) =>
    renderTopic(topic, language),
  );
  const title = translations[0]?.title ?? '';
  const slug = `${slugify(title) || 'event'}-${id}`;
  return {
    id,
    slug,
    ...publication,
    author: 1,
    originalLanguage,
    timezone,
    startUtc: start,
    endUtc: end,
    allDay,
    cost: chance(random, 0.55) ? pick(random, COSTS[timezone]) : null,
    website: chance(random, 0.3) ? `https://tickets.example.com/events/${slug}` : null,
    showMap: chance(random, 0.9),
    showMapLink: chance(random, 0.85),
    hideFromListings: chance(random, 0.02),
    sticky: chance(random, 0.01),
    featured: chance(random, 0.1),
    imageUrl: chance(random, 0.25)
      ? `https://images.example.com/events/${randomInt(random, 1, 500)}.jpg`
      : null,
    translations,
    genre: topic.genre,
    ...(chooseLinks ? chooseLinks(random, timezone, topic.genre) : NO_LINKS),
    seriesId: null,
    recurrence: null,
    recurrenceId: null,
  };
}

/** The kinds of recurring series the seed makes, by weight: rule, unit and occurrences. */
const SERIES_KINDS: readonly [[SeriesKind, number], ...[SeriesKind, number][]] = [
  [{ freq: 'WEEKLY', unit: 'weeks', counts: [8, 52] }, 70],
  [{ freq: 'MONTHLY', unit: 'months', counts: [6, 12] }, 25],
  [{ freq: 'YEARLY', unit: 'years', counts: [2, 3] }, 5],
];

interface SeriesKind {
  readonly freq: 'WEEKLY' | 'MONTHLY' | 'YEARLY';
  readonly unit: 'weeks' | 'months' | 'years';
  /** Fewest and most occurrences. */
  readonly counts: readonly [number, number];
}

/** Mean occurrences of a seeded series, for the share of series starts. */
const MEAN_SERIES_LENGTH =
  SERIES_KINDS.reduce(
    (sum, [kind, weight]) => sum + ((kind.counts[0] + kind.counts[1]) / 2) * weight,
    0,
  ) / SERIES_KINDS.reduce((sum, [, weight]) => sum + weight, 0);

/**
 * `count` demo events with ids from `first`, of which about `seriesShare` (0 to 1) are
 * occurrences of recurring series (docs/behaviour.md#recurring-events): weekly classes, monthly
 * meetings and yearly festivals, each stored as the service stores one, its first occurrence
 * holding a `COUNT` rule and every occurrence a copy of it at the same wall time in its zone.
 * A series never runs past `count`, so a batch stands alone.
 */
export function generateEvents(
  random: Random,
  first: number,
  count: number,
  now: Date,
  chooseLinks: LinkChooser | undefined,
  seriesShare: number,
): SeedEvent[] {
  const share = Math.min(Math.max(seriesShare, 0), 0.99);
  // Series starts per slot so that occurrences make up `share` of the rows.
  const startChance = share / (MEAN_SERIES_LENGTH * (1 - share) + share);
  const events: SeedEvent[] = [];
  while (events.length < count) {
    const event = generateEvent(random, first + events.length, now, chooseLinks);
    const left = count - events.length;
    if (left >= 2 && !event.allDay && chance(random, startChance)) {
      const kind = seriesKind(pickWeighted(random, SERIES_KINDS), event);
      const length = Math.min(left, randomInt(random, kind.counts[0], kind.counts[1]));
      events.push(...seriesOf(event, kind, length));
    } else {
      events.push(event);
    }
  }
  return events;
}

/**
 * `kind`, or a weekly series when `first`'s day is not in every month (the 29th to the 31st):
 * the rule would skip the months without it, where adding months stops at their last day.
 */
function seriesKind(kind: SeriesKind, first: SeedEvent): SeriesKind {
  const day = DateTime.fromJSDate(first.startUtc, { zone: zoneOf(first.timezone) }).day;
  return kind.freq !== 'WEEKLY' && day > 28 ? SERIES_KINDS[0][0] : kind;
}

/** `first` and `length - 1` more occurrences of its series of `kind`, ids following its own. */
function seriesOf(first: SeedEvent, kind: SeriesKind, length: number): SeedEvent[] {
  const zone = zoneOf(first.timezone);
  const start = DateTime.fromJSDate(first.startUtc, { zone });
  const minutes = (first.endUtc.getTime() - first.startUtc.getTime()) / MINUTE;
  const rule = `RRULE:FREQ=${kind.freq};COUNT=${length}`;
  return Array.from({ length }, (_, index) => {
    const at = start.plus({ [kind.unit]: index });
    const recurrenceId = at.toFormat("yyyyMMdd'T'HHmmss");
    return {
      ...first,
      id: first.id + index,
      slug: index === 0 ? first.slug : `${first.slug}-${at.toFormat('yyyy-MM-dd')}`,
      startUtc: at.toJSDate(),
      endUtc: at.plus({ minutes }).toJSDate(),
      seriesId: first.id,
      recurrence: index === 0 ? [rule] : null,
      recurrenceId,
    };
  });
}

/** The `events` columns in the order {@link eventRow} gives their values. */
export const EVENT_COLUMNS = [
  'id',
  'slug',
  'status',
  'author',
  'original_language',
  'date_utc',
  'modified_utc',
  'timezone',
  'start_utc',
  'end_utc',
  'all_day',
  'cost',
  'website',
  'show_map',
  'show_map_link',
  'hide_from_listings',
  'sticky',
  'featured',
  'image_url',
  'image_id',
  'post_parent',
  'venue_id',
  'series_id',
  'recurrence',
  'recurrence_id',
] as const;

/** A SQL parameter: booleans as 0/1, dates as text, JSON as text. */
export type SqlValue = string | number | null;

const flag = (value: boolean): number => (value ? 1 : 0);

/** The parameters of one `events` row, in {@link EVENT_COLUMNS} order. */
export function eventRow(event: SeedEvent): SqlValue[] {
  return [
    event.id,
    event.slug,
    event.status,
    event.author,
    event.originalLanguage,
    toSqlDateTime(event.dateUtc),
    toSqlDateTime(event.modifiedUtc),
    event.timezone,
    toSqlDateTime(event.startUtc),
    toSqlDateTime(event.endUtc),
    flag(event.allDay),
    event.cost ? JSON.stringify(event.cost) : null,
    event.website,
    flag(event.showMap),
    flag(event.showMapLink),
    flag(event.hideFromListings),
    flag(event.sticky),
    flag(event.featured),
    event.imageUrl,
    null,
    null,
    event.venueId,
    event.seriesId,
    event.recurrence ? JSON.stringify(event.recurrence) : null,
    event.recurrenceId,
  ];
}

/** The `event_translations` columns in the order {@link translationRows} gives their values. */
export const TRANSLATION_COLUMNS = [
  'event_id',
  'language',
  'title',
  'description',
  'excerpt',
] as const;

/** The parameters of an event's `event_translations` rows. */
export function translationRows(event: SeedEvent): SqlValue[][] {
  return event.translations.map((t) => [event.id, t.language, t.title, t.description, t.excerpt]);
}

/** The `event_organizers` columns in the order {@link eventOrganizerRows} gives their values. */
export const EVENT_ORGANIZER_COLUMNS = ['event_id', 'organizer_id', 'position'] as const;

/** The parameters of an event's `event_organizers` rows, positions from 0. */
export function eventOrganizerRows(event: SeedEvent): SqlValue[][] {
  return event.organizerIds.map((organizerId, position) => [event.id, organizerId, position]);
}

/** The `event_terms` columns in the order {@link eventTermRows} gives their values. */
export const EVENT_TERM_COLUMNS = ['event_id', 'term_id'] as const;

/** The parameters of an event's `event_terms` rows. */
export function eventTermRows(event: SeedEvent): SqlValue[][] {
  return event.termIds.map((termId) => [event.id, termId]);
}

/** The `event_term_listing` columns in the order {@link eventTermListingRows} gives their values. */
export const EVENT_TERM_LISTING_COLUMNS = [
  'event_id',
  'term_id',
  ...LISTING_COPIED_COLUMNS,
] as const;

/** The terms an event is filed under: its own and every category above them. */
export function filedTerms(event: SeedEvent, parents: ReadonlyMap<number, number>): number[] {
  const filed = new Set<number>();
  for (const termId of event.termIds) {
    for (let id = termId; id !== 0 && !filed.has(id); id = parents.get(id) ?? 0) filed.add(id);
  }
  return [...filed];
}

/**
 * The parameters of an event's `event_term_listing` rows: one per term it is filed under,
 * its own and every category above them (`parents`: term id → parent id, 0 at the top), or
 * `filed` when the caller has them already.
 */
export function eventTermListingRows(
  event: SeedEvent,
  parents: ReadonlyMap<number, number>,
  filed: readonly number[] = filedTerms(event, parents),
): SqlValue[][] {
  return filed.map((termId) => [
    event.id,
    termId,
    flag(event.hideFromListings),
    toSqlDateTime(event.startUtc),
    toSqlDateTime(event.endUtc),
    event.status,
    flag(event.featured),
    toSqlDateTime(event.dateUtc),
    event.author,
  ]);
}
