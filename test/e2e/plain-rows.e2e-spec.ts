import { In, ObjectLiteral } from 'typeorm';
import { PlainRows } from '../../src/database/plain-rows';
import { EventEntity } from '../../src/events/entities/event.entity';
import { EventOrganizerEntity } from '../../src/events/entities/event-organizer.entity';
import { EventTermEntity } from '../../src/events/entities/event-term.entity';
import { EventTranslationEntity } from '../../src/events/entities/event-translation.entity';
import { OrganizerEntity } from '../../src/organizers/entities/organizer.entity';
import { OrganizerTranslationEntity } from '../../src/organizers/entities/organizer-translation.entity';
import { TermEntity } from '../../src/terms/entities/term.entity';
import { TermTranslationEntity } from '../../src/terms/entities/term-translation.entity';
import { VenueEntity } from '../../src/venues/entities/venue.entity';
import { VenueTranslationEntity } from '../../src/venues/entities/venue-translation.entity';
import { createEvent } from '../factories/event.factory';
import { TestApp, useTestApp } from '../setup/test-app';

const BASE = '/calendar/events/v1';

/**
 * The hot read path reads whole rows by key in plain SQL (src/database/plain-rows.ts) instead
 * of through TypeORM's `find`: on each database, the entities it returns must be the ones
 * `find` returns, to the last column's type (dates, flags, numbers, JSON, nulls).
 */
describe('whole rows read by key without the query builder', () => {
  const app = useTestApp();
  let sut: TestApp;

  beforeEach(() => {
    sut = app();
  });

  async function expectSameAsFind<T extends ObjectLiteral>(
    target: new () => T,
    property: keyof T & string,
    values: readonly (number | string)[],
  ): Promise<void> {
    const manager = sut.dataSource.manager;
    const plain = await new PlainRows(target).where(manager, property, values);
    const found = await manager
      .getRepository(target)
      .find({ where: { [property]: In([...values]) } as never });
    const key = (row: T): string => JSON.stringify(Object.entries(row).sort());
    expect(plain.length).toBeGreaterThan(0);
    expect(plain.every((row) => row instanceof target)).toBe(true);
    expect([...plain].sort((a, b) => key(a).localeCompare(key(b)))).toStrictEqual(
      [...found].sort((a, b) => key(a).localeCompare(key(b))),
    );
  }

  it('reads every kind of item the lists embed as find does', async () => {
    const category = await sut.admin
      .post(`${BASE}/categories`)
      .send({ name: 'Jazz', description: 'Late sets' })
      .expect(201);
    const categoryId = (category.body as { id: number }).id;
    const full = await createEvent(sut.http, {
      title: 'Sets at the pier',
      description: '<p>Two bands</p>',
      excerpt: 'Two bands',
      all_day: false,
      featured: true,
      cost: '10 – 20',
      website: 'https://example.com/pier',
      show_map: false,
      categories: [categoryId],
      tags: ['outdoor'],
      venue: {
        venue: 'The Pier',
        city: 'Barcelona',
        country: 'Spain',
        latitude: 41.37,
        longitude: 2.19,
      },
      organizer: [
        { organizer: 'Harbour Nights', email: 'nights@example.com' },
        { organizer: 'Second Act' },
      ],
    });
    const bare = await createEvent(sut.http, { title: 'Plain one', status: 'draft' });
    await sut.admin
      .post(`${BASE}/events/${full.id}?i18n_language=es`)
      .send({ title: 'Sesiones en el muelle' })
      .expect(200);

    await expectSameAsFind(EventEntity, 'id', [full.id, bare.id]);
    await expectSameAsFind(EventEntity, 'slug', [full.slug]);
    await expectSameAsFind(EventTranslationEntity, 'eventId', [full.id, bare.id]);
    await expectSameAsFind(EventOrganizerEntity, 'eventId', [full.id]);
    await expectSameAsFind(EventTermEntity, 'eventId', [full.id]);
    const venueId = (full['venue'] as { id: number }).id;
    const organizerIds = (full['organizer'] as { id: number }[]).map((organizer) => organizer.id);
    await expectSameAsFind(VenueEntity, 'id', [venueId]);
    await expectSameAsFind(VenueTranslationEntity, 'venueId', [venueId]);
    await expectSameAsFind(OrganizerEntity, 'id', organizerIds);
    await expectSameAsFind(OrganizerTranslationEntity, 'organizerId', organizerIds);
    const termIds = [categoryId, ...(full['tags'] as { id: number }[]).map((tag) => tag.id)];
    await expectSameAsFind(TermEntity, 'id', termIds);
    await expectSameAsFind(TermTranslationEntity, 'termId', termIds);
  });

  it('narrows by a second column and orders as asked', async () => {
    const event = await createEvent(sut.http, {
      categories: ['Blues'],
      tags: ['blues'],
      organizer: [{ organizer: 'Zed' }, { organizer: 'Amy' }, { organizer: 'Mo' }],
    });
    const rows = new PlainRows(TermEntity);
    const manager = sut.dataSource.manager;
    const tags = await rows.where(manager, 'slug', ['blues'], {
      equal: { property: 'taxonomy', value: 'post_tag' },
    });
    expect(tags.map((term) => term.taxonomy)).toEqual(['post_tag']);
    const categories = await rows.where(manager, 'slug', ['blues'], {
      equal: { property: 'taxonomy', value: 'tribe_events_cat' },
    });
    expect(categories.map((term) => term.taxonomy)).toEqual(['tribe_events_cat']);
    const links = await new PlainRows(EventOrganizerEntity).where(manager, 'eventId', [event.id], {
      orderBy: ['eventId', 'position'],
    });
    expect(links.map((link) => link.position)).toEqual([0, 1, 2]);
    expect(links.map((link) => link.organizerId)).toEqual(
      (event['organizer'] as { id: number }[]).map((organizer) => organizer.id),
    );
  });
});
