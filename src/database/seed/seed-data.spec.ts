import { DateTime } from 'luxon';
import { LANGUAGES } from '../../common/i18n/language';
import {
  createRandom,
  EVENT_COLUMNS,
  eventRow,
  generateEvent,
  randomSchedule,
  renderTopic,
  SEED_ZONES,
  SeedEvent,
  TRANSLATION_COLUMNS,
  translationLanguages,
  translationRows,
} from './seed-data';
import { toSqlDateTime } from '../sql-values';

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
