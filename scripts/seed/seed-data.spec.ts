import { DateTime, IANAZone } from 'luxon';
import { LANGUAGES } from '../../src/common/i18n/language';
import { nameKey } from '../../src/common/text/name-key';
import {
  CATEGORY_TAXONOMY,
  createLinkChooser,
  createPool,
  drawFromPool,
  GEO_JITTER,
  generateOrganizer,
  generateVenue,
  genreCategorySlug,
  linkedTranslationRows,
  ORGANIZER_COLUMNS,
  ORGANIZER_TRANSLATION_COLUMNS,
  organizerRow,
  SEED_CITIES,
  SEED_TERMS,
  SeedOrganizer,
  SeedVenue,
  stateProvinceOf,
  TAG_TAXONOMY,
  TERM_COLUMNS,
  TERM_TRANSLATION_COLUMNS,
  termKey,
  termRow,
  termTranslationRows,
  VENUE_COLUMNS,
  VENUE_TRANSLATION_COLUMNS,
  venueRow,
} from './seed-catalog';
import {
  CachedZone,
  createRandom,
  EVENT_COLUMNS,
  EVENT_ORGANIZER_COLUMNS,
  EVENT_TERM_COLUMNS,
  EVENT_TERM_LISTING_COLUMNS,
  eventOrganizerRows,
  eventRow,
  eventTermListingRows,
  eventTermRows,
  GENRES,
  generateEvent,
  generateEvents,
  randomSchedule,
  renderTopic,
  SEED_ZONES,
  SeedEvent,
  TRANSLATION_COLUMNS,
  translationLanguages,
  translationRows,
} from './seed-data';
import { toSqlDateTime } from '../../src/database/sql-values';
import { expand, parseRecurrence } from '../../src/events/recurrence/recurrence';

const NOW = new Date('2026-03-15T10:00:00.000Z');
const DAY = 86_400_000;

function generate(count: number, seed = 7): SeedEvent[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, (_, i) => generateEvent(random, 100 + i, NOW));
}

describe('createRandom', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const take = (seed: number): number[] => {
      const random = createRandom(seed);
      return Array.from({ length: 5 }, () => random());
    };
    expect(take(1)).toEqual(take(1));
    expect(take(1)).not.toEqual(take(2));
    expect(take(1).every((n) => n >= 0 && n < 1)).toBe(true);
  });
});

describe('generateEvent', () => {
  const events = generate(3000);

  it('is deterministic given the seed', () => {
    expect(generate(20)).toEqual(events.slice(0, 20));
  });

  it('gives ids as asked and unique slugs ending in the id', () => {
    events.forEach((event, i) => {
      expect(event.id).toBe(100 + i);
      expect(event.slug).toMatch(new RegExp(`^[a-z0-9]+(-[a-z0-9]+)*-${event.id}$`));
    });
    expect(new Set(events.map((e) => e.slug)).size).toBe(events.length);
  });

  it('never ends before it starts, and lasts 1–4 hours unless all day', () => {
    for (const event of events) {
      const length = event.endUtc.getTime() - event.startUtc.getTime();
      expect(length).toBeGreaterThanOrEqual(0);
      if (!event.allDay) {
        expect(length).toBeGreaterThanOrEqual(3_600_000);
        expect(length).toBeLessThanOrEqual(4 * 3_600_000);
      }
    }
  });

  it('starts between 31 days before now and 18 months after', () => {
    for (const event of events) {
      expect(event.startUtc.getTime()).toBeGreaterThan(NOW.getTime() - 32 * DAY);
      expect(event.startUtc.getTime()).toBeLessThan(NOW.getTime() + 550 * DAY);
    }
  });

  it('runs all-day events from 00:00:00 to 23:59:59 local time', () => {
    const allDay = events.filter((e) => e.allDay);
    expect(allDay.length).toBeGreaterThan(50);
    for (const event of allDay) {
      const start = DateTime.fromJSDate(event.startUtc, { zone: event.timezone });
      const end = DateTime.fromJSDate(event.endUtc, { zone: event.timezone });
      expect(start.toFormat('HH:mm:ss')).toBe('00:00:00');
      expect(end.toFormat('HH:mm:ss')).toBe('23:59:59');
    }
  });

  it('starts timed events at whole quarter hours local time', () => {
    for (const event of events.filter((e) => !e.allDay)) {
      const start = DateTime.fromJSDate(event.startUtc, { zone: event.timezone });
      expect(start.minute % 15).toBe(0);
      expect(start.second).toBe(0);
    }
  });

  it('writes the original language first, then none or both of the others', () => {
    let complete = 0;
    for (const event of events) {
      const languages = event.translations.map((t) => t.language);
      expect(languages[0]).toBe(event.originalLanguage);
      expect([1, 3]).toContain(languages.length);
      expect(new Set(languages).size).toBe(languages.length);
      if (languages.length === 3) complete++;
      for (const t of event.translations) {
        expect(t.title.length).toBeGreaterThan(3);
        expect(t.description.length).toBeGreaterThan(20);
        const sentences = t.description.split(/(?<=\.)\s+/);
        expect(new Set(sentences).size).toBe(sentences.length);
      }
    }
    expect(complete / events.length).toBeGreaterThan(0.65);
    expect(complete / events.length).toBeLessThan(0.75);
  });

  it('publishes most events before now, and schedules a few after it', () => {
    const byStatus = (status: string): SeedEvent[] => events.filter((e) => e.status === status);
    expect(byStatus('publish').length / events.length).toBeGreaterThan(0.9);
    for (const event of byStatus('publish')) {
      expect(event.dateUtc.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(event.dateUtc.getTime()).toBeLessThan(event.startUtc.getTime());
    }
    expect(byStatus('future').length).toBeGreaterThan(0);
    for (const event of byStatus('future')) {
      expect(event.dateUtc.getTime()).toBeGreaterThan(NOW.getTime());
    }
    expect(byStatus('draft').length).toBeGreaterThan(0);
  });

  it('marks roughly 10% featured and 2% hidden from listings', () => {
    const share = (test: (e: SeedEvent) => boolean): number =>
      events.filter(test).length / events.length;
    expect(share((e) => e.featured)).toBeGreaterThan(0.07);
    expect(share((e) => e.featured)).toBeLessThan(0.13);
    expect(share((e) => e.hideFromListings)).toBeGreaterThan(0.005);
    expect(share((e) => e.hideFromListings)).toBeLessThan(0.04);
    expect(share((e) => e.cost !== null)).toBeGreaterThan(0.3);
    expect(share((e) => e.website !== null)).toBeGreaterThan(0.1);
  });

  it('uses only the seed zones', () => {
    const zones = new Set(events.map((e) => e.timezone));
    expect([...zones].sort()).toEqual([...SEED_ZONES].sort());
  });
});

describe('CachedZone', () => {
  it('gives the offsets of the IANA zone, around transitions too, for every seed zone', () => {
    const random = createRandom(17);
    const from = Date.UTC(2025, 0, 1);
    const to = Date.UTC(2028, 0, 1);
    for (const name of SEED_ZONES) {
      const iana = IANAZone.create(name);
      const cached = new CachedZone(IANAZone.create(name));
      expect(cached.name).toBe(name);
      const instants: number[] = [];
      for (let i = 0; i < 300; i++) instants.push(from + Math.floor(random() * (to - from)));
      for (let day = from; day < to; day += DAY) {
        if (iana.offset(day) !== iana.offset(day + DAY - 1)) {
          for (let m = 0; m < DAY; m += 15 * 60_000) instants.push(day + m, day + m - 1);
        }
      }
      const wrong = instants.filter((ts) => cached.offset(ts) !== iana.offset(ts));
      expect(wrong).toEqual([]);
    }
  });
});

describe('randomSchedule', () => {
  it('keeps all-day bounds at local midnight and 23:59:59 on 200 random Madrid days', () => {
    const random = createRandom(3);
    for (let i = 0; i < 200; i++) {
      const { start, end } = randomSchedule(random, 'Europe/Madrid', NOW, true);
      const local = (d: Date): string =>
        DateTime.fromJSDate(d, { zone: 'Europe/Madrid' }).toFormat('HH:mm:ss');
      expect(local(start)).toBe('00:00:00');
      expect(local(end)).toBe('23:59:59');
    }
  });
});

describe('renderTopic', () => {
  const topic = {
    pattern: 0,
    genre: 0,
    place: 0,
    intro: 0,
    paragraphs: [[0], [1, 2]],
    hasExcerpt: true,
  };

  it('renders the same event in each language', () => {
    expect(renderTopic(topic, 'en').title).toBe('Jazz Night at the Harbour');
    expect(renderTopic(topic, 'es').title).toBe('Noche de jazz en el Puerto');
    expect(renderTopic(topic, 'ca').title).toBe('Nit de jazz al Port');
  });

  it('writes plain-text paragraphs separated by a blank line, and the excerpt', () => {
    const text = renderTopic(topic, 'en');
    expect(text.description.split('\n\n')).toHaveLength(2);
    expect(text.description).not.toMatch(/[<>]/);
    expect(text.excerpt).toBe('Join us for an unforgettable session of jazz at the Harbour.');
    expect(renderTopic({ ...topic, hasExcerpt: false }, 'ca').excerpt).toBeNull();
  });
});

describe('translationLanguages', () => {
  it('starts with the original and holds only known languages', () => {
    const random = createRandom(11);
    for (let i = 0; i < 100; i++) {
      const languages = translationLanguages(random, 'es');
      expect(languages[0]).toBe('es');
      expect(languages.every((l) => (LANGUAGES as readonly string[]).includes(l))).toBe(true);
    }
  });
});

describe('rows', () => {
  it('formats instants as TypeORM writes them on SQLite', () => {
    expect(toSqlDateTime(new Date('2026-03-29T01:30:05.000Z'))).toBe('2026-03-29 01:30:05.000');
  });

  it('gives one value per column, with 0/1 flags and JSON cost', () => {
    for (const event of generate(200, 5)) {
      const row = eventRow(event);
      expect(row).toHaveLength(EVENT_COLUMNS.length);
      const value = (column: (typeof EVENT_COLUMNS)[number]): unknown =>
        row[EVENT_COLUMNS.indexOf(column)];
      expect([0, 1]).toContain(value('featured'));
      expect(value('start_utc')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.000$/);
      const cost = value('cost');
      if (typeof cost === 'string') expect(JSON.parse(cost)).toEqual(event.cost);
      else expect(event.cost).toBeNull();
      expect(value('post_parent')).toBeNull();
      expect(value('venue_id')).toBeNull();
      for (const translation of translationRows(event)) {
        expect(translation).toHaveLength(TRANSLATION_COLUMNS.length);
        expect(translation[0]).toBe(event.id);
      }
    }
  });
});

describe('eventTermListingRows', () => {
  it('gives a row for each term and every category above it, once, with the listing columns', () => {
    const [event] = generate(1, 3);
    const filed = { ...event!, termIds: [30, 21, 40] };
    // 30 → 20 → 10 (top), 21 → 20, 40 is a tag.
    const parents = new Map([
      [10, 0],
      [20, 10],
      [21, 20],
      [30, 20],
      [40, 0],
    ]);

    const rows = eventTermListingRows(filed, parents);

    const column = (row: unknown[], name: (typeof EVENT_TERM_LISTING_COLUMNS)[number]): unknown =>
      row[EVENT_TERM_LISTING_COLUMNS.indexOf(name)];
    expect(rows.map((row) => column(row, 'term_id')).sort()).toEqual([10, 20, 21, 30, 40]);
    for (const row of rows) {
      expect(row).toHaveLength(EVENT_TERM_LISTING_COLUMNS.length);
      expect(column(row, 'event_id')).toBe(filed.id);
      expect(column(row, 'start_utc')).toBe(toSqlDateTime(filed.startUtc));
      expect(column(row, 'status')).toBe(filed.status);
      expect(column(row, 'hide_from_listings')).toBe(filed.hideFromListings ? 1 : 0);
    }
  });
});

describe('SEED_TERMS', () => {
  const categories = SEED_TERMS.filter((t) => t.taxonomy === CATEGORY_TAXONOMY);
  const tags = SEED_TERMS.filter((t) => t.taxonomy === TAG_TAXONOMY);

  it('holds a category tree and about a dozen tags, slugs unique per taxonomy', () => {
    expect(categories.filter((t) => t.parentSlug === null).map((t) => t.slug)).toEqual([
      'music',
      'dance',
      'arts',
      'comedy',
      'food-drink',
    ]);
    expect(tags.length).toBeGreaterThanOrEqual(10);
    for (const list of [categories, tags]) {
      expect(new Set(list.map((t) => t.slug)).size).toBe(list.length);
    }
    expect(tags.every((t) => t.parentSlug === null)).toBe(true);
  });

  it('lists parents before their children, with slugs from the English name', () => {
    categories.forEach((term, index) => {
      if (term.parentSlug === null) return;
      const parent = categories.findIndex((t) => t.slug === term.parentSlug);
      expect(parent).toBeGreaterThanOrEqual(0);
      expect(parent).toBeLessThan(index);
      expect(categories[parent]?.parentSlug).toBeNull();
    });
    const jazz = categories.find((t) => t.slug === 'jazz');
    expect(jazz?.parentSlug).toBe('music');
    expect(jazz?.names).toEqual({ en: 'Jazz', es: 'Jazz', ca: 'Jazz' });
    expect(categories.find((t) => t.slug === 'stand-up-comedy')?.parentSlug).toBe('comedy');
  });

  it('gives every genre of the events a subcategory', () => {
    const slugs = new Set(categories.filter((t) => t.parentSlug !== null).map((t) => t.slug));
    GENRES.forEach((_, genre) => expect(slugs).toContain(genreCategorySlug(genre)));
  });

  it('writes a row and three translations with name_key per term', () => {
    for (const term of SEED_TERMS) {
      const row = termRow(term, 7);
      expect(row).toHaveLength(TERM_COLUMNS.length);
      expect(row).toEqual([term.taxonomy, term.slug, 7, 'en']);
      const translations = termTranslationRows(term, 42);
      expect(translations.map((t) => t[1])).toEqual([...LANGUAGES]);
      for (const translation of translations) {
        expect(translation).toHaveLength(TERM_TRANSLATION_COLUMNS.length);
        expect(translation[0]).toBe(42);
        expect(typeof translation[2]).toBe('string');
        expect(translation[3]).toBe(nameKey(String(translation[2])));
        expect(typeof translation[4]).toBe('string');
      }
    }
  });
});

describe('stateProvinceOf', () => {
  it('is the state in the United States or without a country, else the province', () => {
    expect(stateProvinceOf('United States', 'NY', 'Kings')).toBe('NY');
    expect(stateProvinceOf('US', 'CA', null)).toBe('CA');
    // As the service: the country's name is matched as written (trimmed), not case-folded.
    expect(stateProvinceOf(' United States ', 'CA', 'X')).toBe('CA');
    expect(stateProvinceOf('united states', 'CA', 'X')).toBe('X');
    expect(stateProvinceOf('', 'Ohio', 'X')).toBe('Ohio');
    expect(stateProvinceOf(null, null, 'X')).toBe('X');
    expect(stateProvinceOf(null, null, null)).toBeNull();
    expect(stateProvinceOf('Spain', 'Catalunya', 'Barcelona')).toBe('Barcelona');
    expect(stateProvinceOf('United Kingdom', null, null)).toBeNull();
  });
});

function generateVenues(count: number, seed = 21): SeedVenue[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, (_, i) => generateVenue(random, 5000 + i, NOW, i));
}

function generateOrganizers(count: number, seed = 22): SeedOrganizer[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, (_, i) => generateOrganizer(random, 9000 + i, NOW, i));
}

describe('generateVenue', () => {
  const venues = generateVenues(2000);
  const share = (test: (v: SeedVenue) => boolean): number =>
    venues.filter(test).length / venues.length;

  it('is deterministic given the seed, and covers every zone in the first six', () => {
    expect(generateVenues(10)).toEqual(venues.slice(0, 10));
    expect(venues.slice(0, SEED_ZONES.length).map((v) => v.zone)).toEqual([...SEED_ZONES]);
  });

  it('gives unique slugs ending in the id', () => {
    for (const venue of venues) {
      expect(venue.slug).toMatch(new RegExp(`^[a-z0-9]+(-[a-z0-9]+)*-${venue.id}$`));
    }
    expect(new Set(venues.map((v) => v.slug)).size).toBe(venues.length);
  });

  it('derives stateprovince as the service does', () => {
    for (const venue of venues) {
      expect(venue.stateprovince).toBe(stateProvinceOf(venue.country, venue.state, venue.province));
    }
    const us = venues.filter((v) => v.country === 'United States' || v.country === 'US');
    expect(us.length).toBeGreaterThan(0);
    expect(us.some((v) => v.stateprovince === 'NY')).toBe(true);
    const spainWithState = venues.filter((v) => v.country === 'Spain' && v.state !== null);
    expect(spainWithState.length).toBeGreaterThan(0);
    for (const venue of spainWithState) expect(venue.stateprovince).toBe(venue.province);
    // The service's rule, not a copy: no country and no state shows the province.
    expect(stateProvinceOf(null, null, 'Barcelona')).toBe('Barcelona');
    expect(stateProvinceOf('us', 'NY', 'New York')).toBe('New York');
    expect(stateProvinceOf(' US ', 'NY', null)).toBe('NY');
  });

  it('puts venues in a city of their zone, near its centre, ~85% with coordinates', () => {
    for (const venue of venues) {
      const city = SEED_CITIES.find((c) => c.city === venue.city);
      expect(city?.zone).toBe(venue.zone);
      if (venue.geoLat === null || venue.geoLng === null) {
        expect(venue.geoLng).toBe(venue.geoLat);
        continue;
      }
      expect(venue.geoLat).toBeGreaterThanOrEqual(-90);
      expect(venue.geoLat).toBeLessThanOrEqual(90);
      expect(venue.geoLng).toBeGreaterThanOrEqual(-180);
      expect(venue.geoLng).toBeLessThanOrEqual(180);
      expect(Math.abs(venue.geoLat - (city?.lat ?? NaN))).toBeLessThanOrEqual(GEO_JITTER + 1e-6);
      expect(Math.abs(venue.geoLng - (city?.lng ?? NaN))).toBeLessThanOrEqual(GEO_JITTER + 1e-6);
    }
    expect(share((v) => v.geoLat !== null)).toBeGreaterThan(0.8);
    expect(share((v) => v.geoLat !== null)).toBeLessThan(0.92);
    const online = venues.filter((v) => v.city === null);
    expect(online.length).toBeGreaterThan(0);
    for (const venue of online) {
      expect(venue.zone).toBe('UTC');
      expect([venue.address, venue.geoLat, venue.country]).toEqual([null, null, null]);
      expect(venue.showMap).toBe(false);
    }
  });

  it('is mostly published, shown on a map, dated in the past', () => {
    expect(share((v) => v.status === 'publish')).toBeGreaterThan(0.9);
    expect(share((v) => v.status === 'draft')).toBeGreaterThan(0);
    expect(share((v) => v.showMap)).toBeGreaterThan(0.75);
    for (const venue of venues) {
      expect(venue.author).toBe(1);
      expect(venue.dateUtc.getTime()).toBeLessThan(NOW.getTime());
      expect(venue.modifiedUtc.getTime()).toBeGreaterThanOrEqual(venue.dateUtc.getTime());
      expect(venue.modifiedUtc.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('names venues in the original language first, and in all three for ~70%', () => {
    for (const venue of venues) {
      expect(venue.translations[0]?.language).toBe(venue.originalLanguage);
      expect([1, 3]).toContain(venue.translations.length);
      for (const t of venue.translations) expect(t.name.length).toBeGreaterThan(3);
    }
    expect(share((v) => v.translations.length === 3)).toBeGreaterThan(0.65);
    expect(share((v) => v.translations.length === 3)).toBeLessThan(0.75);
  });

  it('gives one value per column and fills name_key', () => {
    for (const venue of venues.slice(0, 300)) {
      const row = venueRow(venue);
      expect(row).toHaveLength(VENUE_COLUMNS.length);
      const value = (column: (typeof VENUE_COLUMNS)[number]): unknown =>
        row[VENUE_COLUMNS.indexOf(column)];
      expect(value('id')).toBe(venue.id);
      expect(value('stateprovince')).toBe(venue.stateprovince);
      expect(value('geo_lat')).toBe(venue.geoLat);
      expect([0, 1]).toContain(value('show_map'));
      expect(value('date_utc')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.000$/);
      for (const translation of linkedTranslationRows(venue)) {
        expect(translation).toHaveLength(VENUE_TRANSLATION_COLUMNS.length);
        expect(translation[0]).toBe(venue.id);
        expect(translation[3]).toBe(nameKey(String(translation[2])));
      }
    }
  });
});

describe('generateOrganizer', () => {
  const organizers = generateOrganizers(1000);

  it('is deterministic, with unique slugs ending in the id and filled contacts', () => {
    expect(generateOrganizers(10)).toEqual(organizers.slice(0, 10));
    expect(organizers.slice(0, SEED_ZONES.length).map((o) => o.zone)).toEqual([...SEED_ZONES]);
    expect(new Set(organizers.map((o) => o.slug)).size).toBe(organizers.length);
    for (const organizer of organizers) {
      expect(organizer.slug.endsWith(`-${organizer.id}`)).toBe(true);
      if (organizer.email !== null) {
        expect(organizer.email).toMatch(/^[a-z]+@[a-z0-9-]+\.example\.net$/);
      }
      if (organizer.website !== null) expect(organizer.website).toMatch(/^https:\/\//);
      expect(organizer.translations[0]?.language).toBe(organizer.originalLanguage);
    }
    const share = (test: (o: SeedOrganizer) => boolean): number =>
      organizers.filter(test).length / organizers.length;
    expect(share((o) => o.email !== null)).toBeGreaterThan(0.7);
    expect(share((o) => o.phone !== null)).toBeGreaterThan(0.6);
    expect(share((o) => o.translations.length === 3)).toBeGreaterThan(0.6);
  });

  it('gives one value per column and fills name_key', () => {
    for (const organizer of organizers.slice(0, 200)) {
      expect(organizerRow(organizer)).toHaveLength(ORGANIZER_COLUMNS.length);
      for (const translation of linkedTranslationRows(organizer)) {
        expect(translation).toHaveLength(ORGANIZER_TRANSLATION_COLUMNS.length);
        expect(translation[3]).toBe(nameKey(String(translation[2])));
      }
    }
  });
});

describe('drawFromPool', () => {
  it('draws by weight', () => {
    const pool = createPool([
      { id: 1, busyness: 1 },
      { id: 2, busyness: 3 },
    ]);
    expect(createPool([])).toBeNull();
    if (!pool) throw new Error('no pool');
    const random = createRandom(5);
    const draws = Array.from({ length: 4000 }, () => drawFromPool(random, pool));
    const twos = draws.filter((id) => id === 2).length / draws.length;
    expect(new Set(draws)).toEqual(new Set([1, 2]));
    expect(twos).toBeGreaterThan(0.7);
    expect(twos).toBeLessThan(0.8);
  });
});

describe('createLinkChooser', () => {
  const venues = generateVenues(300);
  const organizers = generateOrganizers(100);
  const termIds = new Map(SEED_TERMS.map((t, i) => [termKey(t.taxonomy, t.slug), 1000 + i]));
  const termById = new Map(SEED_TERMS.map((t, i) => [1000 + i, t]));
  const chooser = createLinkChooser({ venues, organizers, termIds });
  const random = createRandom(9);
  const events = Array.from({ length: 5000 }, (_, i) =>
    generateEvent(random, 100 + i, NOW, chooser),
  );
  const share = (test: (e: SeedEvent) => boolean): number =>
    events.filter(test).length / events.length;

  it('gives ~90% of events a venue of their own zone, some venues far busier', () => {
    const zoneOf = new Map(venues.map((v) => [v.id, v.zone]));
    const perVenue = new Map<number, number>();
    for (const event of events) {
      if (event.venueId === null) continue;
      expect(zoneOf.get(event.venueId)).toBe(event.timezone);
      perVenue.set(event.venueId, (perVenue.get(event.venueId) ?? 0) + 1);
    }
    expect(share((e) => e.venueId !== null)).toBeGreaterThan(0.87);
    expect(share((e) => e.venueId !== null)).toBeLessThan(0.93);
    const counts = [...perVenue.values()].sort((a, b) => a - b);
    const median = counts[Math.floor(counts.length / 2)] ?? 0;
    expect(counts[counts.length - 1]).toBeGreaterThan(5 * median);
  });

  it('gives ~70% of events one or two distinct organizers, in position order', () => {
    const ids = new Set(organizers.map((o) => o.id));
    const wrong = events.filter((event) => {
      const rows = eventOrganizerRows(event);
      return (
        event.organizerIds.length > 2 ||
        new Set(event.organizerIds).size !== event.organizerIds.length ||
        event.organizerIds.some((id) => !ids.has(id)) ||
        rows.some(
          (row, position) =>
            row.length !== EVENT_ORGANIZER_COLUMNS.length ||
            row[0] !== event.id ||
            row[1] !== event.organizerIds[position] ||
            row[2] !== position,
        )
      );
    });
    expect(wrong).toEqual([]);
    expect(share((e) => e.organizerIds.length > 0)).toBeGreaterThan(0.66);
    expect(share((e) => e.organizerIds.length > 0)).toBeLessThan(0.74);
    expect(share((e) => e.organizerIds.length === 2)).toBeGreaterThan(0.1);
  });

  it("gives every event its genre's category, sometimes the parent, and 0–3 tags", () => {
    let withParent = 0;
    const problems: string[] = [];
    for (const event of events) {
      const terms = event.termIds.map((id) => termById.get(id));
      const categories = terms.filter((t) => t?.taxonomy === CATEGORY_TAXONOMY);
      const tags = terms.filter((t) => t?.taxonomy === TAG_TAXONOMY);
      if (categories.length === 2) withParent++;
      const rows = eventTermRows(event);
      const ok =
        new Set(event.termIds).size === event.termIds.length &&
        categories[0]?.slug === genreCategorySlug(event.genre) &&
        categories.length <= 2 &&
        (categories.length < 2 || categories[1]?.slug === categories[0]?.parentSlug) &&
        tags.length <= 3 &&
        categories.length + tags.length === event.termIds.length &&
        rows.length === event.termIds.length &&
        rows.every(
          (row, i) =>
            row.length === EVENT_TERM_COLUMNS.length &&
            row[0] === event.id &&
            row[1] === event.termIds[i],
        ) &&
        eventRow(event)[EVENT_COLUMNS.indexOf('venue_id')] === event.venueId;
      if (!ok) problems.push(`${event.id}: ${JSON.stringify(event.termIds)}`);
    }
    expect(problems).toEqual([]);
    expect(withParent / events.length).toBeGreaterThan(0.2);
    expect(withParent / events.length).toBeLessThan(0.4);
    expect(share((e) => e.termIds.length > 2)).toBeGreaterThan(0.3);
  });

  it('links nothing it was not given', () => {
    const none = createLinkChooser({ venues: [], organizers: [], termIds: new Map() });
    const event = generateEvent(createRandom(1), 1, NOW, none);
    expect([event.venueId, event.organizerIds, event.termIds]).toEqual([null, [], []]);
  });
});

describe('generateEvents', () => {
  const batch = (share: number, seed = 11): SeedEvent[] =>
    generateEvents(createRandom(seed), 500, 4000, NOW, undefined, share);

  it('fills the ids asked for, about the share asked for with occurrences of series', () => {
    const events = batch(0.25);
    expect(events.map((event) => event.id)).toEqual(
      Array.from({ length: 4000 }, (_, index) => 500 + index),
    );
    const share = events.filter((event) => event.seriesId !== null).length / events.length;
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.35);
    expect(batch(0).every((event) => event.seriesId === null)).toBe(true);
    expect(new Set(events.map((event) => event.slug)).size).toBe(events.length);
  });

  it('stores each series as the service would: its rule expands to its occurrences', () => {
    const events = batch(0.5);
    const firsts = events.filter((event) => event.recurrence !== null);
    expect(firsts.length).toBeGreaterThan(10);
    for (const first of firsts) {
      const members = events.filter((event) => event.seriesId === first.id);
      const zone = IANAZone.create(first.timezone);
      const start = DateTime.fromJSDate(first.startUtc, { zone });
      const { occurrences } = expand(
        parseRecurrence(first.recurrence ?? [], zone, start),
        { start, end: DateTime.fromJSDate(first.endUtc, { zone }) },
        start.plus({ years: 10 }),
      );
      expect(members.map((event) => [event.startUtc.getTime(), event.recurrenceId])).toEqual(
        occurrences.map((occurrence) => [occurrence.start.toMillis(), occurrence.recurrenceId]),
      );
      expect(new Set(members.map((event) => event.translations[0]?.title)).size).toBe(1);
    }
  });
});
