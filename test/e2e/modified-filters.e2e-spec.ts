import request from 'supertest';
import { createEvent } from '../factories/event.factory';
import { createOrganizer, ORGANIZERS } from '../factories/organizer.factory';
import { CATEGORIES, createCategory, createTag, TAGS } from '../factories/term.factory';
import { createVenue, VENUES } from '../factories/venue.factory';
import { toSqlDateTime } from '../../src/database/sql-values';
import { TestApp, useTestApp } from '../setup/test-app';

const EVENTS = '/calendar/events/v1/events';

/** Last modifications a test sets, one per item, oldest first. */
const TIMES = ['2026-01-10 08:00:00', '2026-02-10 08:00:00', '2026-03-10 08:00:00'];

describe('modified_after, modified_before and orderby=modified on the five lists', () => {
  const app = useTestApp({ SITE_TIMEZONE: 'UTC' });
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });

  const ids = async (path: string): Promise<number[]> => {
    const response = await request(sut.http).get(path).expect(200);
    const body = response.body as Record<string, unknown>;
    const key = ['events', 'venues', 'organizers', 'categories', 'tags'].find((name) =>
      Array.isArray(body[name]),
    );
    return (body[key ?? ''] as { id: number }[]).map((item) => item.id);
  };

  /** Gives the items of `table` the modification times of TIMES, in order. */
  const age = async (table: string, items: readonly { id: number }[]): Promise<void> => {
    for (const [index, item] of items.entries()) {
      // Written as the service writes instants (the SQLite form has milliseconds).
      const instant = new Date(`${TIMES[index] ?? ''}Z`.replace(' ', 'T'));
      await sut.changeBehind(`UPDATE ${table} SET modified_utc = ? WHERE id = ?`, [
        toSqlDateTime(instant),
        item.id,
      ]);
    }
  };

  it('filters and orders events by last modification, dates of the window unchanged', async () => {
    const events = [
      await createEvent(sut.http, { title: 'Old' }),
      await createEvent(sut.http, { title: 'Middle' }),
      await createEvent(sut.http, { title: 'New' }),
    ];
    await age('events', events);
    const [old, middle, newest] = events.map((event) => event.id);

    expect(await ids(`${EVENTS}?modified_after=2026-02-01`)).toEqual([middle, newest]);
    expect(await ids(`${EVENTS}?modified_before=2026-02-10 08:00:00`)).toEqual([old]);
    expect(
      await ids(`${EVENTS}?modified_after=2026-01-10 08:00:00&modified_before=2026-03-01`),
    ).toEqual([middle]);
    expect(await ids(`${EVENTS}?orderby=modified&order=desc`)).toEqual([newest, middle, old]);
    expect(await ids(`${EVENTS}?orderby=modified`)).toEqual([old, middle, newest]);
    const page = await request(sut.http)
      .get(`${EVENTS}?modified_after=2026-01-01&orderby=modified&per_page=1`)
      .expect(200);
    expect(page.body.total).toBe(3);
    expect(page.body.next_rest_url).toContain('modified_after=2026-01-01');
    expect(page.body.next_rest_url).toContain('orderby=modified');
    await request(sut.http).get(`${EVENTS}?modified_after=not a date`).expect(400);
  });

  it('filters venues and organizers, newest modification first with orderby=modified', async () => {
    const venues = [
      await createVenue(sut.http, { venue: 'V old' }),
      await createVenue(sut.http, { venue: 'V middle' }),
      await createVenue(sut.http, { venue: 'V new' }),
    ];
    const organizers = [
      await createOrganizer(sut.http, { organizer: 'O old' }),
      await createOrganizer(sut.http, { organizer: 'O middle' }),
    ];
    await age('venues', venues);
    await age('organizers', organizers);

    expect(await ids(`${VENUES}?modified_after=2026-02-01`)).toEqual(
      expect.arrayContaining([venues[1]?.id, venues[2]?.id]),
    );
    expect(await ids(`${VENUES}?modified_after=2026-02-01`)).toHaveLength(2);
    expect(await ids(`${VENUES}?orderby=modified`)).toEqual(
      [...venues].reverse().map((venue) => venue.id),
    );
    expect(await ids(`${VENUES}?orderby=modified&order=asc`)).toEqual(venues.map((v) => v.id));
    expect(await ids(`${ORGANIZERS}?modified_before=2026-02-01`)).toEqual([organizers[0]?.id]);
  });

  it('keeps the modification time of categories and tags, and filters and orders by it', async () => {
    const categories = [
      await createCategory(sut.http, { name: 'C old' }),
      await createCategory(sut.http, { name: 'C new' }),
    ];
    const tag = await createTag(sut.http, { name: 'T' });
    await age('terms', categories);
    await age('terms', [tag]);

    expect(await ids(`${CATEGORIES}?hide_empty=false&modified_after=2026-02-01`)).toEqual([
      categories[1]?.id,
    ]);
    expect(await ids(`${CATEGORIES}?hide_empty=false&orderby=modified&order=desc`)).toEqual([
      categories[1]?.id,
      categories[0]?.id,
    ]);
    expect(await ids(`${TAGS}?hide_empty=false&modified_before=2026-02-01`)).toEqual([tag.id]);

    // A write moves it: the renamed category is now the most recently modified.
    await sut.admin.post(`${CATEGORIES}/${categories[0]?.id}`).send({ name: 'C renamed' });
    expect(await ids(`${CATEGORIES}?hide_empty=false&orderby=modified&order=desc`)).toEqual([
      categories[0]?.id,
      categories[1]?.id,
    ]);
  });
});
