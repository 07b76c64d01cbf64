import { LANGUAGES, type Language } from '../../src/common/i18n/language';
import { nameKey } from '../../src/common/text/name-key';
import { slugify } from '../../src/common/text/slug';
import { deriveStateProvince } from '../../src/venues/state-province';
import type { PostStatus } from '../../src/events/entities/event.entity';
import type { Taxonomy } from '../../src/terms/entities/term.entity';
import { toSqlDateTime } from '../../src/database/sql-values';
import {
  chance,
  DAY,
  GENRES,
  type LinkChooser,
  type Localized,
  originalLanguageFor,
  pick,
  pickWeighted,
  type Random,
  randomInt,
  type SeedZone,
  type SqlValue,
  translationLanguages,
  wholeSecond,
  ZONE_WEIGHTS,
} from './seed-data';

/**
 * Pure generators of the demo categories, tags, venues and organizers of `npm run seed`, and of
 * the choice of what each event links to. Like `seed-data.ts`, everything depends only on the
 * random source, the ids and the `now` it is given.
 */

// ---------------------------------------------------------------------------------------------
// Categories and tags
// ---------------------------------------------------------------------------------------------

export const CATEGORY_TAXONOMY: Taxonomy = 'tribe_events_cat';
export const TAG_TAXONOMY: Taxonomy = 'post_tag';

/** A category or tag of the demo catalogue; its slug comes from the English name. */
export interface SeedTerm {
  readonly taxonomy: Taxonomy;
  readonly slug: string;
  /** The parent category's slug; null for top-level categories and for tags. */
  readonly parentSlug: string | null;
  readonly names: Localized;
  /** `''` (an empty description) where there is nothing to say. */
  readonly descriptions: Localized;
  /** How often a tag is put on an event, relative to the other tags (1 for categories). */
  readonly weight: number;
}

interface CategoryBranch {
  readonly names: Localized;
  readonly description: Localized;
  readonly children: readonly Localized[];
}

const CATEGORY_TREE: readonly CategoryBranch[] = [
  {
    names: { en: 'Music', es: 'Música', ca: 'Música' },
    description: {
      en: 'Concerts, jam sessions and music workshops.',
      es: 'Conciertos, jam sessions y talleres de música.',
      ca: 'Concerts, jam sessions i tallers de música.',
    },
    children: [
      { en: 'Jazz', es: 'Jazz', ca: 'Jazz' },
      { en: 'Flamenco', es: 'Flamenco', ca: 'Flamenc' },
      { en: 'Blues', es: 'Blues', ca: 'Blues' },
      { en: 'Classical music', es: 'Música clásica', ca: 'Música clàssica' },
      { en: 'Electronic music', es: 'Música electrónica', ca: 'Música electrònica' },
      { en: 'Folk', es: 'Folk', ca: 'Folk' },
      { en: 'Choir', es: 'Coro', ca: 'Cor' },
    ],
  },
  {
    names: { en: 'Dance', es: 'Danza', ca: 'Dansa' },
    description: {
      en: 'Social dances, classes and dance nights.',
      es: 'Bailes sociales, clases y noches de baile.',
      ca: 'Balls socials, classes i nits de ball.',
    },
    children: [
      { en: 'Swing', es: 'Swing', ca: 'Swing' },
      { en: 'Salsa', es: 'Salsa', ca: 'Salsa' },
      { en: 'Tango', es: 'Tango', ca: 'Tango' },
    ],
  },
  {
    names: { en: 'Arts', es: 'Artes', ca: 'Arts' },
    description: {
      en: 'Exhibitions, readings, screenings and craft workshops.',
      es: 'Exposiciones, lecturas, proyecciones y talleres de artesanía.',
      ca: 'Exposicions, lectures, projeccions i tallers d’artesania.',
    },
    children: [
      { en: 'Poetry', es: 'Poesía', ca: 'Poesia' },
      { en: 'Photography', es: 'Fotografía', ca: 'Fotografia' },
      { en: 'Ceramics', es: 'Cerámica', ca: 'Ceràmica' },
      { en: 'Short film', es: 'Cortometrajes', ca: 'Curtmetratges' },
    ],
  },
  {
    names: { en: 'Comedy', es: 'Comedia', ca: 'Comèdia' },
    description: {
      en: 'Live comedy shows.',
      es: 'Espectáculos de humor en directo.',
      ca: 'Espectacles d’humor en directe.',
    },
    children: [{ en: 'Stand-up comedy', es: 'Monólogos', ca: 'Monòlegs' }],
  },
  {
    names: { en: 'Food & Drink', es: 'Comida y bebida', ca: 'Menjar i beure' },
    description: {
      en: 'Tastings, markets and dinners.',
      es: 'Catas, mercados y cenas.',
      ca: 'Tasts, mercats i sopars.',
    },
    children: [{ en: 'Wine tasting', es: 'Cata de vinos', ca: 'Tast de vins' }],
  },
];

/** Tags with how often each is put on an event. */
const TAGS: readonly (readonly [Localized, number])[] = [
  [{ en: 'Family friendly', es: 'Para familias', ca: 'Per a famílies' }, 8],
  [{ en: 'Outdoor', es: 'Al aire libre', ca: "A l'aire lliure" }, 8],
  [{ en: 'Free entry', es: 'Entrada libre', ca: 'Entrada lliure' }, 10],
  [{ en: 'Accessible', es: 'Accesible', ca: 'Accessible' }, 6],
  [{ en: 'Workshop', es: 'Taller', ca: 'Taller' }, 5],
  [{ en: 'Live music', es: 'Música en directo', ca: 'Música en directe' }, 10],
  [{ en: 'Kids', es: 'Infantil', ca: 'Infantil' }, 4],
  [{ en: 'Weekend', es: 'Fin de semana', ca: 'Cap de setmana' }, 8],
  [{ en: 'Beginners', es: 'Para principiantes', ca: 'Per a principiants' }, 4],
  [{ en: 'Late night', es: 'Hasta tarde', ca: 'Fins tard' }, 4],
  [{ en: 'Indoor', es: 'Interior', ca: 'Interior' }, 6],
  [{ en: 'Premiere', es: 'Estreno', ca: 'Estrena' }, 2],
];

const EMPTY: Localized = { ca: '', en: '', es: '' };

function buildTerms(): SeedTerm[] {
  const terms: SeedTerm[] = [];
  for (const branch of CATEGORY_TREE) {
    terms.push({
      taxonomy: CATEGORY_TAXONOMY,
      slug: slugify(branch.names.en),
      parentSlug: null,
      names: branch.names,
      descriptions: branch.description,
      weight: 1,
    });
  }
  for (const branch of CATEGORY_TREE) {
    for (const child of branch.children) {
      terms.push({
        taxonomy: CATEGORY_TAXONOMY,
        slug: slugify(child.en),
        parentSlug: slugify(branch.names.en),
        names: child,
        descriptions: EMPTY,
        weight: 1,
      });
    }
  }
  for (const [names, weight] of TAGS) {
    terms.push({
      taxonomy: TAG_TAXONOMY,
      slug: slugify(names.en),
      parentSlug: null,
      names,
      descriptions: EMPTY,
      weight,
    });
  }
  return terms;
}

/** The demo categories (top-level ones first, then their children) and tags. */
export const SEED_TERMS: readonly SeedTerm[] = buildTerms();

/** The slug of the category of a genre (its English name), e.g. `stand-up-comedy`. */
export function genreCategorySlug(genre: number): string {
  return slugify((GENRES[genre] ?? GENRES[0]).en);
}

/** The `terms` columns (the id is generated) in the order {@link termRow} gives their values. */
export const TERM_COLUMNS = ['taxonomy', 'slug', 'parent', 'original_language'] as const;

/** The parameters of a term's `terms` row; `parentId` 0 for none. Terms are written in English. */
export function termRow(term: SeedTerm, parentId: number): SqlValue[] {
  return [term.taxonomy, term.slug, parentId, 'en'];
}

/** The `*_translations` columns of terms, venues and organizers (after the owner's id). */
const TEXT_COLUMNS = ['language', 'name', 'name_key', 'description'] as const;

export const TERM_TRANSLATION_COLUMNS = ['term_id', ...TEXT_COLUMNS] as const;

/** The parameters of a term's `term_translations` rows, one per language. */
export function termTranslationRows(term: SeedTerm, id: number): SqlValue[][] {
  return LANGUAGES.map((language) => [
    id,
    language,
    term.names[language],
    nameKey(term.names[language]),
    term.descriptions[language],
  ]);
}

// ---------------------------------------------------------------------------------------------
// Places
// ---------------------------------------------------------------------------------------------

/** A city venues and organizers are in, with what it takes to write realistic addresses. */
export interface SeedCity {
  readonly zone: SeedZone;
  /** Share among the cities of its zone. */
  readonly weight: number;
  /** Null for the online "city". */
  readonly city: string | null;
  readonly countries: readonly [[string, number], ...[string, number][]];
  readonly province: string | null;
  /** Chance that a venue has its province filled. */
  readonly provinceChance: number;
  readonly state: string | null;
  /** Chance that a venue has its state filled. */
  readonly stateChance: number;
  readonly lat: number;
  readonly lng: number;
  /** Neighbourhoods and local names that venues and organizers are named after. */
  readonly places: readonly [string, ...string[]];
  readonly streets: readonly [string, ...string[]];
  readonly address: (random: Random, street: string) => string;
  readonly zip: (random: Random) => string | null;
  readonly phone: (random: Random) => string;
}

function digits(random: Random, count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) text += String(randomInt(random, 0, 9));
  return text;
}

function pad(value: number, length: number): string {
  return String(value).padStart(length, '0');
}

const POSTCODE_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

function letter(random: Random): string {
  return POSTCODE_LETTERS.charAt(randomInt(random, 0, POSTCODE_LETTERS.length - 1));
}

const spanishAddress = (random: Random, street: string): string =>
  `${street}, ${randomInt(random, 1, 180)}`;
const englishAddress = (random: Random, street: string): string =>
  `${randomInt(random, 1, 480)} ${street}`;

const SPAIN: readonly [[string, number], ...[string, number][]] = [['Spain', 1]];
const UNITED_STATES: readonly [[string, number], ...[string, number][]] = [
  ['United States', 80],
  ['US', 20],
];

/** The cities of each zone; UTC has an online "city" too (no address, no coordinates). */
export const SEED_CITIES: readonly SeedCity[] = [
  {
    zone: 'Europe/Madrid',
    weight: 40,
    city: 'Barcelona',
    countries: SPAIN,
    province: 'Barcelona',
    provinceChance: 0.9,
    state: 'Catalunya',
    stateChance: 0.15,
    lat: 41.3874,
    lng: 2.1686,
    places: [
      'Gràcia',
      'Poblenou',
      'Sant Antoni',
      'Raval',
      'Sants',
      'Born',
      'Horta',
      'Sarrià',
      'Barceloneta',
      'Sant Andreu',
      'Clot',
      'Fort Pienc',
      'Montjuïc',
      'Sagrera',
    ],
    streets: [
      'Carrer de Verdi',
      'Carrer de Pujades',
      'Carrer del Comte Borrell',
      'Passeig de Sant Joan',
      'Carrer de Sants',
      'Carrer de la Riera Alta',
      'Rambla del Poblenou',
      'Carrer de Provença',
      'Carrer Gran de Gràcia',
    ],
    address: spanishAddress,
    zip: (random) => `080${pad(randomInt(random, 1, 42), 2)}`,
    phone: (random) => `+34 93 ${digits(random, 3)} ${digits(random, 2)} ${digits(random, 2)}`,
  },
  {
    zone: 'Europe/Madrid',
    weight: 30,
    city: 'Madrid',
    countries: SPAIN,
    province: 'Madrid',
    provinceChance: 0.9,
    state: 'Comunidad de Madrid',
    stateChance: 0.15,
    lat: 40.4168,
    lng: -3.7038,
    places: [
      'Lavapiés',
      'Malasaña',
      'Chamberí',
      'Retiro',
      'Chueca',
      'Arganzuela',
      'Tetuán',
      'Carabanchel',
      'La Latina',
      'Moncloa',
      'Vallecas',
      'Usera',
      'Prosperidad',
    ],
    streets: [
      'Calle de Fuencarral',
      'Calle de Argumosa',
      'Calle de Alcalá',
      'Calle de Bravo Murillo',
      'Paseo de las Delicias',
      'Calle de Toledo',
      'Calle del Pez',
      'Calle de Embajadores',
    ],
    address: spanishAddress,
    zip: (random) => `280${pad(randomInt(random, 1, 55), 2)}`,
    phone: (random) => `+34 91 ${digits(random, 3)} ${digits(random, 2)} ${digits(random, 2)}`,
  },
  {
    zone: 'Europe/Madrid',
    weight: 20,
    city: 'Valencia',
    countries: SPAIN,
    province: 'Valencia',
    provinceChance: 0.9,
    state: 'Comunitat Valenciana',
    stateChance: 0.15,
    lat: 39.4699,
    lng: -0.3763,
    places: [
      'Russafa',
      'Carme',
      'Benimaclet',
      'Cabanyal',
      'Patraix',
      'Campanar',
      'Algirós',
      'Malva-rosa',
      'Ciutat Vella',
      'Benicalap',
    ],
    streets: [
      'Carrer de Sueca',
      'Carrer de Cadis',
      'Carrer de Dalt',
      'Avinguda del Port',
      'Carrer de la Reina',
      'Carrer de Guillem de Castro',
      'Carrer de Cuba',
    ],
    address: spanishAddress,
    zip: (random) => `460${pad(randomInt(random, 1, 26), 2)}`,
    phone: (random) => `+34 96 ${digits(random, 3)} ${digits(random, 2)} ${digits(random, 2)}`,
  },
  {
    zone: 'Europe/Madrid',
    weight: 10,
    city: 'Girona',
    countries: SPAIN,
    province: 'Girona',
    provinceChance: 0.9,
    state: 'Catalunya',
    stateChance: 0.15,
    lat: 41.9794,
    lng: 2.8214,
    places: [
      'Barri Vell',
      'Montilivi',
      'Santa Eugènia',
      'Sant Narcís',
      'Palau',
      'Devesa',
      'Mercadal',
      'Pont Major',
      'Vista Alegre',
    ],
    streets: [
      'Carrer de la Força',
      'Carrer de Santa Clara',
      'Carrer del Carme',
      'Avinguda de Jaume I',
      'Carrer Nou',
      'Plaça de la Independència',
      'Carrer de Barcelona',
    ],
    address: spanishAddress,
    zip: (random) => `1700${randomInt(random, 1, 7)}`,
    phone: (random) => `+34 972 ${digits(random, 2)} ${digits(random, 2)} ${digits(random, 2)}`,
  },
  {
    zone: 'Europe/London',
    weight: 1,
    city: 'London',
    countries: [['United Kingdom', 1]],
    province: 'Greater London',
    provinceChance: 0.6,
    state: null,
    stateChance: 0,
    lat: 51.5074,
    lng: -0.1278,
    places: [
      'Camden',
      'Shoreditch',
      'Brixton',
      'Southbank',
      'Islington',
      'Hackney',
      'Peckham',
      'Dalston',
      'Soho',
      'Greenwich',
      'Clapham',
      'Notting Hill',
    ],
    streets: [
      'Camden High Street',
      'Brick Lane',
      'Coldharbour Lane',
      'Upper Street',
      'Mare Street',
      'Rye Lane',
      'Kingsland Road',
      'Old Compton Street',
      'Greenwich High Road',
    ],
    address: englishAddress,
    zip: (random) =>
      `${pick(random, ['NW1', 'E1', 'SW9', 'N1', 'E8', 'SE15', 'W1D', 'SE10', 'SW4', 'W11'])} ` +
      `${randomInt(random, 1, 9)}${letter(random)}${letter(random)}`,
    phone: (random) => `+44 20 7946 0${digits(random, 3)}`,
  },
  {
    zone: 'America/New_York',
    weight: 1,
    city: 'New York',
    countries: UNITED_STATES,
    province: null,
    provinceChance: 0,
    state: 'NY',
    stateChance: 0.95,
    lat: 40.7128,
    lng: -74.006,
    places: [
      'Brooklyn',
      'Harlem',
      'SoHo',
      'Chelsea',
      'Williamsburg',
      'Astoria',
      'Bushwick',
      'Tribeca',
      'Greenpoint',
      'Bronx',
      'Flushing',
      'Red Hook',
    ],
    streets: [
      'Bedford Avenue',
      'Lenox Avenue',
      'West 23rd Street',
      'Spring Street',
      'Steinway Street',
      'Knickerbocker Avenue',
      'Franklin Street',
      'Broadway',
    ],
    address: englishAddress,
    zip: (random) => `${pick(random, ['100', '112'])}${pad(randomInt(random, 1, 40), 2)}`,
    phone: (random) => `+1 212-555-01${digits(random, 2)}`,
  },
  {
    zone: 'America/Los_Angeles',
    weight: 1,
    city: 'Los Angeles',
    countries: UNITED_STATES,
    province: null,
    provinceChance: 0,
    state: 'CA',
    stateChance: 0.95,
    lat: 34.0522,
    lng: -118.2437,
    places: [
      'Silver Lake',
      'Echo Park',
      'Venice',
      'Downtown',
      'Highland Park',
      'Los Feliz',
      'Koreatown',
      'Eagle Rock',
      'Boyle Heights',
      'Hollywood',
      'Atwater Village',
    ],
    streets: [
      'Sunset Boulevard',
      'Echo Park Avenue',
      'Abbot Kinney Boulevard',
      'South Spring Street',
      'York Boulevard',
      'Hillhurst Avenue',
      'Wilshire Boulevard',
      'Colorado Boulevard',
    ],
    address: englishAddress,
    zip: (random) => `900${pad(randomInt(random, 1, 71), 2)}`,
    phone: (random) => `+1 213-555-01${digits(random, 2)}`,
  },
  {
    zone: 'Asia/Tokyo',
    weight: 1,
    city: 'Tokyo',
    countries: [['Japan', 1]],
    province: 'Tokyo',
    provinceChance: 0.8,
    state: null,
    stateChance: 0,
    lat: 35.6762,
    lng: 139.6503,
    places: [
      'Shibuya',
      'Shimokitazawa',
      'Koenji',
      'Ginza',
      'Asakusa',
      'Ueno',
      'Nakameguro',
      'Kichijoji',
      'Roppongi',
      'Ikebukuro',
      'Yanaka',
      'Daikanyama',
    ],
    streets: [
      'Jinnan, Shibuya-ku',
      'Kitazawa, Setagaya-ku',
      'Koenji-kita, Suginami-ku',
      'Ginza, Chuo-ku',
      'Asakusa, Taito-ku',
      'Kamimeguro, Meguro-ku',
      'Kichijoji-honcho, Musashino-shi',
      'Roppongi, Minato-ku',
    ],
    address: (random, street) =>
      `${randomInt(random, 1, 6)}-${randomInt(random, 1, 30)}-${randomInt(random, 1, 20)} ${street}`,
    zip: (random) => `${randomInt(random, 100, 179)}-00${pad(randomInt(random, 1, 99), 2)}`,
    phone: (random) => `+81 3-${digits(random, 4)}-${digits(random, 4)}`,
  },
  {
    zone: 'UTC',
    weight: 35,
    city: 'Reykjavík',
    countries: [['Iceland', 1]],
    province: 'Capital Region',
    provinceChance: 0.5,
    state: null,
    stateChance: 0,
    lat: 64.1466,
    lng: -21.9426,
    places: ['Grandi', 'Hlemmur', 'Vesturbær', 'Laugardalur', 'Miðborg', 'Hlíðar'],
    streets: ['Laugavegur', 'Grandagarður', 'Hverfisgata', 'Skólavörðustígur', 'Borgartún'],
    address: (random, street) => `${street} ${randomInt(random, 1, 120)}`,
    zip: (random) => pick(random, ['101', '105', '107', '108']),
    phone: (random) => `+354 5${digits(random, 2)} ${digits(random, 4)}`,
  },
  {
    zone: 'UTC',
    weight: 25,
    city: 'Accra',
    countries: [['Ghana', 1]],
    province: 'Greater Accra',
    provinceChance: 0.7,
    state: null,
    stateChance: 0,
    lat: 5.6037,
    lng: -0.187,
    places: ['Osu', 'Labone', 'Jamestown', 'Cantonments', 'East Legon', 'Airport City'],
    streets: ['Oxford Street', 'Labone Crescent', 'High Street', 'Liberation Road'],
    address: englishAddress,
    zip: () => null,
    phone: (random) => `+233 30 2${digits(random, 2)} ${digits(random, 4)}`,
  },
  {
    zone: 'UTC',
    weight: 40,
    city: null,
    countries: [['', 1]],
    province: null,
    provinceChance: 0,
    state: null,
    stateChance: 0,
    lat: 0,
    lng: 0,
    places: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'],
    streets: ['-'],
    address: () => '',
    zip: () => null,
    phone: () => '',
  },
];

function citiesOf(
  zone: SeedZone,
  physicalOnly: boolean,
): [[SeedCity, number], ...[SeedCity, number][]] {
  const cities = SEED_CITIES.filter(
    (city) => city.zone === zone && (!physicalOnly || city.city !== null),
  ).map((city): [SeedCity, number] => [city, city.weight]);
  const [first, ...rest] = cities;
  if (!first) throw new Error(`No seed city in ${zone}`);
  return [first, ...rest];
}

const CITIES_BY_ZONE = new Map<string, [[SeedCity, number], ...[SeedCity, number][]]>();

/** A city of `zone`, by weight; `physicalOnly` leaves out the online one. */
function pickCity(random: Random, zone: SeedZone, physicalOnly: boolean): SeedCity {
  const key = `${zone}|${physicalOnly}`;
  let cities = CITIES_BY_ZONE.get(key);
  if (!cities) {
    cities = citiesOf(zone, physicalOnly);
    CITIES_BY_ZONE.set(key, cities);
  }
  return pickWeighted(random, cities);
}

/** The `stateprovince` the service stores for a venue written with these parts. */
export function stateProvinceOf(
  country: string | null,
  state: string | null,
  province: string | null,
): string | null {
  return deriveStateProvince(state ?? '', province ?? '', country ?? '') || null;
}

/** A coordinate at most `jitter` degrees from `centre`, to 6 decimals (~0.1 m). */
function near(random: Random, centre: number, jitter: number): number {
  return Math.round((centre + (random() * 2 - 1) * jitter) * 1e6) / 1e6;
}

/** How far venues are spread from their city centre, in degrees. */
export const GEO_JITTER = 0.05;

// ---------------------------------------------------------------------------------------------
// Venues and organizers
// ---------------------------------------------------------------------------------------------

/** A venue's or organizer's text in one language. */
export interface SeedLinkedText {
  readonly language: Language;
  readonly name: string;
  readonly description: string;
}

/** The columns venues and organizers share, plus what the event links are chosen by. */
export interface SeedLinkedPost {
  readonly id: number;
  readonly slug: string;
  readonly status: PostStatus;
  readonly author: number;
  readonly originalLanguage: Language;
  readonly dateUtc: Date;
  readonly modifiedUtc: Date;
  readonly phone: string | null;
  readonly website: string | null;
  readonly imageUrl: string | null;
  readonly translations: readonly SeedLinkedText[];
  /** The zone of the events it is linked to. */
  readonly zone: SeedZone;
  /** How many events it gets relative to the others of its zone (1 quiet … 40 very busy). */
  readonly busyness: number;
}

export interface SeedVenue extends SeedLinkedPost {
  readonly address: string | null;
  readonly city: string | null;
  readonly country: string | null;
  readonly province: string | null;
  readonly state: string | null;
  readonly stateprovince: string | null;
  readonly zip: string | null;
  readonly showMap: boolean;
  readonly showMapLink: boolean;
  readonly geoLat: number | null;
  readonly geoLng: number | null;
}

export interface SeedOrganizer extends SeedLinkedPost {
  readonly email: string | null;
}

/** A name pattern: `{x}` is a neighbourhood or local name. */
type NamePattern = Localized;

const VENUE_NAMES: readonly [NamePattern, ...NamePattern[]] = [
  { en: '{x} Cultural Centre', es: 'Centro Cultural {x}', ca: 'Centre Cultural {x}' },
  { en: '{x} Theatre', es: 'Teatro {x}', ca: 'Teatre {x}' },
  { en: '{x} Jazz Club', es: 'Club de Jazz {x}', ca: 'Club de Jazz {x}' },
  { en: '{x} Auditorium', es: 'Auditorio {x}', ca: 'Auditori {x}' },
  { en: '{x} Art Gallery', es: 'Galería de Arte {x}', ca: "Galeria d'Art {x}" },
  { en: '{x} Public Library', es: 'Biblioteca {x}', ca: 'Biblioteca {x}' },
  { en: '{x} Music Hall', es: 'Sala {x}', ca: 'Sala {x}' },
  { en: '{x} Civic Centre', es: 'Centro Cívico {x}', ca: 'Centre Cívic {x}' },
  { en: '{x} Park Bandstand', es: 'Templete del Parque {x}', ca: 'Glorieta del Parc {x}' },
  { en: '{x} Wine Bar', es: 'Vinoteca {x}', ca: 'Vinoteca {x}' },
  { en: '{x} Dance Studio', es: 'Estudio de Danza {x}', ca: 'Estudi de Dansa {x}' },
  { en: '{x} Arts Factory', es: 'Fábrica de Creación {x}', ca: 'Fàbrica de Creació {x}' },
  { en: '{x} Social Club', es: 'Club Social {x}', ca: 'Club Social {x}' },
  { en: '{x} Old Cinema', es: 'Antiguo Cine {x}', ca: 'Antic Cinema {x}' },
  { en: '{x} Market Hall', es: 'Mercado {x}', ca: 'Mercat {x}' },
];

const ONLINE_VENUE_NAMES: readonly [NamePattern, ...NamePattern[]] = [
  { en: 'Online Room {x}', es: 'Sala Virtual {x}', ca: 'Sala Virtual {x}' },
  { en: 'Live Stream Channel {x}', es: 'Canal de Emisión {x}', ca: "Canal d'Emissió {x}" },
];

const VENUE_SENTENCES: readonly [Localized, ...Localized[]] = [
  {
    en: 'Room for {n} people, with a bar open before and after every show.',
    es: 'Aforo de {n} personas, con bar abierto antes y después de cada función.',
    ca: 'Aforament de {n} persones, amb bar obert abans i després de cada funció.',
  },
  {
    en: 'Step-free access from the street and adapted toilets.',
    es: 'Acceso sin escalones desde la calle y lavabos adaptados.',
    ca: 'Accés sense graons des del carrer i lavabos adaptats.',
  },
  {
    en: 'Five minutes on foot from public transport.',
    es: 'A cinco minutos a pie del transporte público.',
    ca: 'A cinc minuts a peu del transport públic.',
  },
  {
    en: 'Opened in {y} in a restored building.',
    es: 'Abrió en {y} en un edificio restaurado.',
    ca: 'Va obrir el {y} en un edifici restaurat.',
  },
  {
    en: 'Bicycle parking at the entrance.',
    es: 'Aparcamiento para bicicletas en la entrada.',
    ca: "Aparcament per a bicicletes a l'entrada.",
  },
];

const VENUE_INTRO: Localized = {
  en: 'A meeting point for culture in {x}, {c}.',
  es: 'Un punto de encuentro cultural en {x}, {c}.',
  ca: 'Un punt de trobada cultural a {x}, {c}.',
};

const ONLINE_INTRO: Localized = {
  en: 'Events streamed live; the link is sent after registration.',
  es: 'Eventos emitidos en directo; el enlace se envía tras la inscripción.',
  ca: "Esdeveniments emesos en directe; l'enllaç s'envia després de la inscripció.",
};

const ORGANIZER_NAMES: readonly [NamePattern, ...NamePattern[]] = [
  { en: '{x} Cultural Association', es: 'Asociación Cultural {x}', ca: 'Associació Cultural {x}' },
  { en: '{x} Music Collective', es: 'Colectivo Musical {x}', ca: 'Col·lectiu Musical {x}' },
  { en: '{x} Productions', es: 'Producciones {x}', ca: 'Produccions {x}' },
  { en: '{x} Dance School', es: 'Escuela de Baile {x}', ca: 'Escola de Ball {x}' },
  { en: '{x} Arts Foundation', es: 'Fundación Artes {x}', ca: 'Fundació Arts {x}' },
  { en: '{x} Festival Committee', es: 'Comisión de Fiestas {x}', ca: 'Comissió de Festes {x}' },
  {
    en: '{x} Neighbourhood Association',
    es: 'Asociación Vecinal {x}',
    ca: 'Associació de Veïns {x}',
  },
  { en: '{x} Film Club', es: 'Cineclub {x}', ca: 'Cineclub {x}' },
];

/** First and last names of people who organise events, by region. */
const PEOPLE: Readonly<Record<'es' | 'en' | 'jp', readonly [string[], string[]]>> = {
  es: [
    ['Marta', 'Jordi', 'Laia', 'Pau', 'Núria', 'Carlos', 'Lucía', 'Javier', 'Elena', 'Arnau'],
    ['Puig', 'Serra', 'García', 'Martínez', 'Vidal', 'Soler', 'Ferrer', 'López', 'Navarro', 'Font'],
  ],
  en: [
    ['Emma', 'James', 'Olivia', 'Noah', 'Grace', 'Daniel', 'Chloe', 'Samuel', 'Ama', 'Kofi'],
    ['Carter', 'Hughes', 'Bennett', 'Ellis', 'Walker', 'Morgan', 'Reed', 'Foster', 'Mensah'],
  ],
  jp: [
    ['Yuki', 'Haruto', 'Aoi', 'Sora', 'Mei', 'Ren'],
    ['Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Ito'],
  ],
};

const ORGANIZER_SENTENCES: readonly [Localized, ...Localized[]] = [
  {
    en: 'Organising concerts and workshops since {y}.',
    es: 'Organizando conciertos y talleres desde {y}.',
    ca: 'Organitzant concerts i tallers des del {y}.',
  },
  {
    en: 'A non-profit team of volunteers.',
    es: 'Un equipo sin ánimo de lucro formado por voluntarios.',
    ca: 'Un equip sense ànim de lucre format per voluntaris.',
  },
  {
    en: 'We work with local artists and venues across {c}.',
    es: 'Trabajamos con artistas y espacios locales de {c}.',
    ca: 'Treballem amb artistes i espais locals de {c}.',
  },
  {
    en: 'Subscribe to our newsletter to hear about new dates.',
    es: 'Suscríbete a nuestro boletín para conocer las nuevas fechas.',
    ca: 'Subscriu-te al nostre butlletí per conèixer les noves dates.',
  },
];

function fillName(pattern: string, x: string): string {
  return pattern.replace('{x}', x);
}

/** `{x}`, `{c}`, `{n}` and `{y}` of a sentence. */
function fillSentence(
  sentence: string,
  values: { x: string; c: string; n: number; y: number },
): string {
  return sentence
    .replace('{x}', values.x)
    .replace('{c}', values.c)
    .replace('{n}', String(values.n))
    .replace('{y}', String(values.y));
}

/** `count` distinct indices of `length` items, in random order. */
function distinctIndices(random: Random, length: number, count: number): number[] {
  const order = Array.from({ length }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = randomInt(random, 0, i);
    [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
  }
  return order.slice(0, count);
}

/** Mostly published (a few drafts), created up to ~4 years before `now`, some edited since. */
function randomPastPublication(
  random: Random,
  now: Date,
): { status: PostStatus; dateUtc: Date; modifiedUtc: Date } {
  const status = chance(random, 0.95) ? 'publish' : 'draft';
  const nowMs = now.getTime();
  const dateUtc = wholeSecond(nowMs - (1 + random() * 1500) * DAY);
  const modifiedUtc = chance(random, 0.5)
    ? dateUtc
    : wholeSecond(dateUtc.getTime() + random() * (nowMs - dateUtc.getTime()));
  return { status, dateUtc, modifiedUtc };
}

/** Few venues and organizers are very busy, most are quiet. */
function randomBusyness(random: Random): number {
  return pickWeighted(random, [
    [1, 55],
    [3, 25],
    [10, 15],
    [40, 5],
  ]);
}

/** The zone of the `index`-th item of a run: each zone once first, then by weight. */
function zoneFor(random: Random, index: number): SeedZone {
  const [first] = ZONE_WEIGHTS;
  return index < ZONE_WEIGHTS.length
    ? (ZONE_WEIGHTS[index] ?? first)[0]
    : pickWeighted(random, ZONE_WEIGHTS);
}

/** The local part of a website or e-mail domain, from a name. */
function domainLabel(name: string, fallback: string): string {
  return slugify(name).slice(0, 40).replace(/-+$/, '') || fallback;
}

/**
 * The `index`-th venue of a run (the first six cover each zone once), with the given id: a
 * named place in a city of its zone with an address, or an online room in UTC.
 */
export function generateVenue(random: Random, id: number, now: Date, index: number): SeedVenue {
  const zone = zoneFor(random, index);
  const city = pickCity(random, zone, false);
  const online = city.city === null;
  const originalLanguage = originalLanguageFor(random, zone);
  const x = pick(random, city.places);
  const pattern = pick(random, online ? ONLINE_VENUE_NAMES : VENUE_NAMES);
  const publication = randomPastPublication(random, now);
  const sentences = online
    ? [ONLINE_INTRO]
    : [
        VENUE_INTRO,
        ...distinctIndices(random, VENUE_SENTENCES.length, randomInt(random, 0, 2)).map(
          (i) => VENUE_SENTENCES[i] ?? VENUE_SENTENCES[0],
        ),
      ];
  const values = {
    x,
    c: city.city ?? '',
    n: randomInt(random, 4, 60) * 10,
    y: randomInt(random, 1950, 2022),
  };
  const hasDescription = chance(random, 0.9);
  const translations = translationLanguages(random, originalLanguage).map(
    (language): SeedLinkedText => ({
      language,
      name: fillName(pattern[language], x),
      description: hasDescription
        ? sentences.map((s) => fillSentence(s[language], values)).join(' ')
        : '',
    }),
  );
  const name = translations[0]?.name ?? '';
  const slug = `${slugify(name) || 'venue'}-${id}`;
  const country = online ? null : pickWeighted(random, city.countries);
  const province = chance(random, city.provinceChance) ? city.province : null;
  const state = chance(random, city.stateChance) ? city.state : null;
  const located = !online && chance(random, 0.9);
  return {
    id,
    slug,
    ...publication,
    author: 1,
    originalLanguage,
    zone,
    busyness: randomBusyness(random),
    address: online ? null : city.address(random, pick(random, city.streets)),
    city: city.city,
    country,
    province,
    state,
    stateprovince: stateProvinceOf(country, state, province),
    zip: online ? null : city.zip(random),
    phone: !online && chance(random, 0.75) ? city.phone(random) : null,
    website: chance(random, 0.7)
      ? online
        ? `https://stream.example.com/rooms/${id}`
        : `https://${domainLabel(name, 'venue')}.example.org/`
      : null,
    showMap: !online && chance(random, 0.9),
    showMapLink: !online && chance(random, 0.85),
    imageUrl: chance(random, 0.3)
      ? `https://images.example.com/venues/${randomInt(random, 1, 200)}.jpg`
      : null,
    geoLat: located ? near(random, city.lat, GEO_JITTER) : null,
    geoLng: located ? near(random, city.lng, GEO_JITTER) : null,
    translations,
  };
}

/**
 * The `index`-th organizer of a run (the first six cover each zone once), with the given id: an
 * association, collective or school named after a neighbourhood, or a person.
 */
export function generateOrganizer(
  random: Random,
  id: number,
  now: Date,
  index: number,
): SeedOrganizer {
  const zone = zoneFor(random, index);
  const city = pickCity(random, zone, true);
  const originalLanguage = originalLanguageFor(random, zone);
  const publication = randomPastPublication(random, now);
  const person = chance(random, 0.25);
  const x = pick(random, city.places);
  const region = zone === 'Europe/Madrid' ? 'es' : zone === 'Asia/Tokyo' ? 'jp' : 'en';
  const [firstNames, lastNames] = PEOPLE[region];
  const personName = `${firstNames[randomInt(random, 0, firstNames.length - 1)] ?? 'Alex'} ${
    lastNames[randomInt(random, 0, lastNames.length - 1)] ?? 'Smith'
  }`;
  const pattern = pick(random, ORGANIZER_NAMES);
  const values = {
    x,
    c: city.city ?? '',
    n: 0,
    y: randomInt(random, 1985, 2023),
  };
  const sentences = distinctIndices(random, ORGANIZER_SENTENCES.length, randomInt(random, 1, 3))
    .sort((a, b) => a - b)
    .map((i) => ORGANIZER_SENTENCES[i] ?? ORGANIZER_SENTENCES[0]);
  const hasDescription = chance(random, 0.85);
  const translations = translationLanguages(random, originalLanguage).map(
    (language): SeedLinkedText => ({
      language,
      name: person ? personName : fillName(pattern[language], x),
      description: hasDescription
        ? sentences.map((s) => fillSentence(s[language], values)).join(' ')
        : '',
    }),
  );
  const name = translations[0]?.name ?? '';
  const slug = `${slugify(name) || 'organizer'}-${id}`;
  const domain = `${domainLabel(name, 'organizer')}.example.net`;
  return {
    id,
    slug,
    ...publication,
    author: 1,
    originalLanguage,
    zone,
    busyness: randomBusyness(random),
    phone: chance(random, 0.7) ? city.phone(random) : null,
    website: chance(random, 0.6) ? `https://${domain}/` : null,
    email: chance(random, 0.8)
      ? `${pick(random, ['info', 'hello', 'contact', 'tickets'])}@${domain}`
      : null,
    imageUrl: chance(random, 0.3)
      ? `https://images.example.com/organizers/${randomInt(random, 1, 200)}.jpg`
      : null,
    translations,
  };
}

const flag = (value: boolean): number => (value ? 1 : 0);

/** The `venues` columns in the order {@link venueRow} gives their values. */
export const VENUE_COLUMNS = [
  'id',
  'slug',
  'status',
  'author',
  'original_language',
  'date_utc',
  'modified_utc',
  'address',
  'city',
  'country',
  'province',
  'state',
  'stateprovince',
  'zip',
  'phone',
  'website',
  'show_map',
  'show_map_link',
  'image_url',
  'image_id',
  'geo_lat',
  'geo_lng',
] as const;

/** The parameters of one `venues` row, in {@link VENUE_COLUMNS} order. */
export function venueRow(venue: SeedVenue): SqlValue[] {
  return [
    venue.id,
    venue.slug,
    venue.status,
    venue.author,
    venue.originalLanguage,
    toSqlDateTime(venue.dateUtc),
    toSqlDateTime(venue.modifiedUtc),
    venue.address,
    venue.city,
    venue.country,
    venue.province,
    venue.state,
    venue.stateprovince,
    venue.zip,
    venue.phone,
    venue.website,
    flag(venue.showMap),
    flag(venue.showMapLink),
    venue.imageUrl,
    null,
    venue.geoLat,
    venue.geoLng,
  ];
}

/** The `organizers` columns in the order {@link organizerRow} gives their values. */
export const ORGANIZER_COLUMNS = [
  'id',
  'slug',
  'status',
  'author',
  'original_language',
  'date_utc',
  'modified_utc',
  'phone',
  'website',
  'email',
  'image_url',
  'image_id',
] as const;

/** The parameters of one `organizers` row, in {@link ORGANIZER_COLUMNS} order. */
export function organizerRow(organizer: SeedOrganizer): SqlValue[] {
  return [
    organizer.id,
    organizer.slug,
    organizer.status,
    organizer.author,
    organizer.originalLanguage,
    toSqlDateTime(organizer.dateUtc),
    toSqlDateTime(organizer.modifiedUtc),
    organizer.phone,
    organizer.website,
    organizer.email,
    organizer.imageUrl,
    null,
  ];
}

export const VENUE_TRANSLATION_COLUMNS = ['venue_id', ...TEXT_COLUMNS] as const;
export const ORGANIZER_TRANSLATION_COLUMNS = ['organizer_id', ...TEXT_COLUMNS] as const;

/** The parameters of a venue's or organizer's translation rows, with `name_key` filled. */
export function linkedTranslationRows(post: SeedLinkedPost): SqlValue[][] {
  return post.translations.map((t) => [
    post.id,
    t.language,
    t.name,
    nameKey(t.name),
    t.description,
  ]);
}

// ---------------------------------------------------------------------------------------------
// Event links
// ---------------------------------------------------------------------------------------------

/** Ids to draw from with probability proportional to their weight. */
export interface WeightedPool {
  readonly ids: readonly number[];
  /** Running totals of the weights: `cumulative[i]` is the sum of weights 0..i. */
  readonly cumulative: readonly number[];
}

/** A pool of `items` by busyness; null when there are none. */
export function createPool(
  items: readonly { readonly id: number; readonly busyness: number }[],
): WeightedPool | null {
  if (items.length === 0) return null;
  let total = 0;
  const cumulative = items.map((item) => (total += Math.max(item.busyness, 0.000_001)));
  return { ids: items.map((item) => item.id), cumulative };
}

/** One id of a pool, by weight (binary search on the running totals). */
export function drawFromPool(random: Random, pool: WeightedPool): number {
  const total = pool.cumulative[pool.cumulative.length - 1] ?? 0;
  const point = random() * total;
  let low = 0;
  let high = pool.cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((pool.cumulative[middle] ?? 0) > point) high = middle;
    else low = middle + 1;
  }
  return pool.ids[low] ?? pool.ids[0] ?? 0;
}

/** What events of a run can link to: the venues and organizers of the run, and the terms. */
export interface LinkTargets {
  readonly venues: readonly Pick<SeedVenue, 'id' | 'zone' | 'busyness'>[];
  readonly organizers: readonly Pick<SeedOrganizer, 'id' | 'zone' | 'busyness'>[];
  /** Term ids by `${taxonomy}:${slug}` (see {@link termKey}). */
  readonly termIds: ReadonlyMap<string, number>;
}

/** The key of a term in {@link LinkTargets.termIds}. */
export function termKey(taxonomy: Taxonomy, slug: string): string {
  return `${taxonomy}:${slug}`;
}

function poolsByZone(
  items: readonly { readonly id: number; readonly zone: SeedZone; readonly busyness: number }[],
): Map<SeedZone, WeightedPool> {
  const byZone = new Map<SeedZone, { id: number; busyness: number }[]>();
  for (const item of items) {
    const list = byZone.get(item.zone) ?? [];
    list.push(item);
    byZone.set(item.zone, list);
  }
  const pools = new Map<SeedZone, WeightedPool>();
  for (const [zone, list] of byZone) {
    const pool = createPool(list);
    if (pool) pools.set(zone, pool);
  }
  return pools;
}

/** Share of events with a venue, with organizers, with the parent category too. */
export const VENUE_SHARE = 0.9;
export const ORGANIZER_SHARE = 0.7;
const PARENT_CATEGORY_SHARE = 0.3;

/**
 * Chooses each event's links: for 90% a venue of its zone (busy venues more often), for 70% one
 * or two organizers (of its zone when there are some), its genre's category (30% also the parent)
 * and 0–3 distinct tags (some tags more often than others).
 */
export function createLinkChooser(targets: LinkTargets): LinkChooser {
  const venues = poolsByZone(targets.venues);
  const organizersByZone = poolsByZone(targets.organizers);
  const allOrganizers = createPool(targets.organizers);
  const categories = GENRES.map((_, genre) => {
    const slug = genreCategorySlug(genre);
    const term = SEED_TERMS.find((t) => t.taxonomy === CATEGORY_TAXONOMY && t.slug === slug);
    const id = targets.termIds.get(termKey(CATEGORY_TAXONOMY, slug)) ?? null;
    const parentId = term?.parentSlug
      ? (targets.termIds.get(termKey(CATEGORY_TAXONOMY, term.parentSlug)) ?? null)
      : null;
    return { id, parentId };
  });
  const tags = createPool(
    SEED_TERMS.filter((t) => t.taxonomy === TAG_TAXONOMY).flatMap((t) => {
      const id = targets.termIds.get(termKey(TAG_TAXONOMY, t.slug));
      return id === undefined ? [] : [{ id, busyness: t.weight }];
    }),
  );
  return (random, zone, genre) => {
    const venuePool = venues.get(zone);
    const venueId =
      venuePool && chance(random, VENUE_SHARE) ? drawFromPool(random, venuePool) : null;
    const organizerPool = organizersByZone.get(zone) ?? allOrganizers;
    const organizerIds: number[] = [];
    if (organizerPool && chance(random, ORGANIZER_SHARE)) {
      const wanted = chance(random, 0.25) ? 2 : 1;
      drawDistinct(random, organizerPool, wanted, organizerIds);
    }
    const termIds: number[] = [];
    const category = categories[genre];
    if (category && category.id !== null) {
      termIds.push(category.id);
      if (category.parentId !== null && chance(random, PARENT_CATEGORY_SHARE)) {
        termIds.push(category.parentId);
      }
    }
    if (tags) {
      const wanted = pickWeighted(random, [
        [0, 25],
        [1, 35],
        [2, 25],
        [3, 15],
      ]);
      drawDistinct(random, tags, wanted, termIds);
    }
    return { venueId, organizerIds, termIds };
  };
}

/** Appends up to `count` ids of `pool` not yet in `into` (gives up after a few collisions). */
function drawDistinct(random: Random, pool: WeightedPool, count: number, into: number[]): void {
  const wanted = into.length + Math.min(count, pool.ids.length);
  for (let attempts = 0; into.length < wanted && attempts < count * 8; attempts++) {
    const id = drawFromPool(random, pool);
    if (!into.includes(id)) into.push(id);
  }
}
