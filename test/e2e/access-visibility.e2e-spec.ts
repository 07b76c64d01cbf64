import request from 'supertest';
import { createEvent, utcAt } from '../factories/event.factory';
import { createOrganizer, ORGANIZERS } from '../factories/organizer.factory';
import { createVenue, VENUES } from '../factories/venue.factory';
import { bearer } from '../setup/auth';
import { TestApp, useTestApp } from '../setup/test-app';

const EVENTS = '/calendar/events/v1/events';

interface Listed {
  id: number;
  title?: string;
  status: string;
  [key: string]: unknown;
}

const HIDDEN_STATUSES = ['draft', 'pending', 'private', 'future'] as const;

describe('access: what each caller may see', () => {
  const app = useTestApp();
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });

  async function listedTitles(query: string, auth?: string): Promise<string[]> {
    const call = request(sut.http).get(`${EVENTS}?${query}`);
    if (auth) call.set('Authorization', auth);
    const response = await call.expect(200);
    return (response.body as { events: Listed[] }).events.map((event) => event.title ?? '');
  }

  /** One event of each status, by the administrator, plus drafts of users 2 and 3. */
  async function eventsOfEveryStatus(): Promise<void> {
    await createEvent(sut.http, { title: 'publish' });
    await createEvent(sut.http, { title: 'draft', status: 'draft' });
    await createEvent(sut.http, { title: 'pending', status: 'pending' });
    await createEvent(sut.http, { title: 'private', status: 'private' });
    await createEvent(sut.http, { title: 'future', status: 'future', date: utcAt(30, 9) });
    const trashed = await createEvent(sut.http, { title: 'trash' });
    await sut.admin.delete(`${EVENTS}/${trashed.id}`).expect(200);
    await createEvent(sut.http, { title: 'draft of 2', status: 'draft', author: 2 });
    await createEvent(sut.http, { title: 'draft of 3', status: 'draft', author: 3 });
  }

  describe('event lists', () => {
    it('show anonymous callers and subscribers published events only', async () => {
      await eventsOfEveryStatus();

      expect(await listedTitles('')).toEqual(['publish']);
      expect(await listedTitles('', await bearer('subscriber', 2))).toEqual(['publish']);
    });

    it('refuse another status to callers who may not see it (400)', async () => {
      for (const status of ['draft', 'publish,pending', 'any', 'trash']) {
        const response = await request(sut.http).get(`${EVENTS}?status=${status}`).expect(400);
        expect(response.body).toMatchObject({
          code: 'rest_invalid_param',
          data: { params: { status: expect.any(String) as string } },
        });
      }
      await request(sut.http).get(`${EVENTS}?status=publish`).expect(200);
    });

    it('show editors everything but the trash, and any statuses they ask for', async () => {
      await eventsOfEveryStatus();
      const editor = await bearer('editor', 5);

      expect((await listedTitles('', editor)).sort()).toEqual(
        ['publish', 'draft', 'pending', 'private', 'future', 'draft of 2', 'draft of 3'].sort(),
      );
      expect(await listedTitles('status=trash', editor)).toEqual(['trash']);
      expect((await listedTitles('status=draft,pending', editor)).sort()).toEqual(
        ['draft', 'draft of 2', 'draft of 3', 'pending'].sort(),
      );
    });

    it("show authors and contributors published events and their own, nobody else's drafts", async () => {
      await eventsOfEveryStatus();

      for (const role of ['contributor', 'author']) {
        const auth = await bearer(role, 2);
        expect((await listedTitles('', auth)).sort()).toEqual(['draft of 2', 'publish']);
        expect(await listedTitles('status=draft', auth)).toEqual(['draft of 2']);
      }
    });

    it('count a scheduled event as published once its date has passed, with no job', async () => {
      const scheduled = await createEvent(sut.http, {
        title: 'soon',
        status: 'future',
        date: utcAt(1, 0),
      });
      expect(scheduled.status).toBe('future');
      expect(await listedTitles('')).toEqual([]);

      await sut.changeBehind(`UPDATE events SET date_utc = ? WHERE id = ?`, [
        '2020-01-01 00:00:00',
        scheduled.id,
      ]);

      expect(await listedTitles('')).toEqual(['soon']);
      const single = await request(sut.http).get(`${EVENTS}/${scheduled.id}`).expect(200);
      expect((single.body as Listed).status).toBe('publish');
    });
  });

  describe('single reads', () => {
    it.each(HIDDEN_STATUSES.map((status) => [status]))(
      'a %s event is 403 event-not-accessible without the right, 200 for its author and editors',
      async (status) => {
        const event = await createEvent(sut.http, {
          status,
          author: 2,
          ...(status === 'future' ? { date: utcAt(30, 9) } : {}),
        });

        for (const auth of [undefined, await bearer('subscriber', 3), await bearer('author', 3)]) {
          const call = request(sut.http).get(`${EVENTS}/${event.id}`);
          if (auth) call.set('Authorization', auth);
          const response = await call.expect(403);
          expect(response.body).toEqual({
            code: 'event-not-accessible',
            message: 'The requested event is not accessible',
            data: { status: 403 },
          });
        }
        for (const auth of [await bearer('contributor', 2), await bearer('editor', 3)]) {
          await request(sut.http)
            .get(`${EVENTS}/${event.id}`)
            .set('Authorization', auth)
            .expect(200);
        }
        await request(sut.http).get(`${EVENTS}/by-slug/${event.slug}`).expect(403);
      },
    );

    it('a trashed event is 403 event-no-longer-available for everyone', async () => {
      const event = await createEvent(sut.http);
      await sut.admin.delete(`${EVENTS}/${event.id}`).expect(200);

      const response = await sut.admin.get(`${EVENTS}/${event.id}`).expect(403);
      expect((response.body as { code: string }).code).toBe('event-no-longer-available');
    });

    it.each([
      ['venue', VENUES],
      ['organizer', ORGANIZERS],
    ] as const)(
      'a draft or trashed %s is 403 anonymously, 200 for an editor',
      async (kind, path) => {
        const draft =
          kind === 'venue'
            ? await createVenue(sut.http, { status: 'draft' })
            : await createOrganizer(sut.http, { status: 'draft' });
        const trashed =
          kind === 'venue'
            ? await createVenue(sut.http, { venue: 'Gone' })
            : await createOrganizer(sut.http, { organizer: 'Gone' });
        await sut.admin.delete(`${path}/${trashed.id}`).expect(200);

        for (const item of [draft, trashed]) {
          const response = await request(sut.http).get(`${path}/${item.id}`).expect(403);
          expect(response.body).toMatchObject({ code: `${kind}-not-accessible` });
          await request(sut.http)
            .get(`${path}/${item.id}`)
            .set('Authorization', await bearer('editor', 4))
            .expect(200);
        }
        const list = await request(sut.http).get(path).expect(200);
        expect(list.body).toMatchObject({ total: 0 });
      },
    );
  });

  describe('venue and organizer lists count the events the caller may see', () => {
    it('has_events and only_with_upcoming ignore drafts for anonymous callers only', async () => {
      const venue = await createVenue(sut.http, { venue: 'Draft stage' });
      await createEvent(sut.http, { status: 'draft', venue: venue.id });

      const anonymous = await request(sut.http).get(`${VENUES}?has_events=true`).expect(200);
      const upcoming = await request(sut.http).get(`${VENUES}?only_with_upcoming=true`).expect(200);
      const editor = await request(sut.http)
        .get(`${VENUES}?has_events=true&only_with_upcoming=true`)
        .set('Authorization', await bearer('editor', 4))
        .expect(200);

      expect(anonymous.body).toMatchObject({ total: 0 });
      expect(upcoming.body).toMatchObject({ total: 0 });
      expect(editor.body).toMatchObject({ total: 1 });
    });
  });

  describe('the event filter of venue, organizer and term lists', () => {
    it('reveals no links of an event the caller may not read or unlock (400 on event)', async () => {
      const venue = await createVenue(sut.http, { venue: 'Hidden stage' });
      const draft = await createEvent(sut.http, {
        status: 'draft',
        venue: venue.id,
        categories: ['Secret'],
      });
      const locked = await createEvent(sut.http, { venue: venue.id, password: 'pw' });

      for (const id of [draft.id, locked.id]) {
        for (const path of [`${VENUES}?event=${id}`, `/calendar/events/v1/categories?post=${id}`]) {
          const response = await request(sut.http).get(path).expect(400);
          expect(response.body).toMatchObject({ code: 'rest_invalid_param' });
        }
      }
      const editor = await request(sut.http)
        .get(`${VENUES}?event=${draft.id}`)
        .set('Authorization', await bearer('editor', 4))
        .expect(200);
      expect(editor.body).toMatchObject({ total: 1 });
    });
  });

  describe('password-protected events', () => {
    async function protectedEvent(): Promise<{ id: number; slug: string }> {
      const venue = await createVenue(sut.http, { venue: 'Secret cellar' });
      return createEvent(sut.http, {
        title: 'Members night',
        description: 'The secret programme',
        cost: '25$',
        venue: venue.id,
        categories: ['Members'],
        password: 'open sesame',
      });
    }

    it('are listed redacted (title, dates and links kept) without the password', async () => {
      const event = await protectedEvent();

      const response = await request(sut.http).get(EVENTS).expect(200);

      const [shown] = (response.body as { events: Listed[] }).events;
      expect(shown).toMatchObject({
        id: event.id,
        title: 'Members night',
        slug: event.slug,
        description: '',
        excerpt: '',
        image: false,
        all_day: null,
        cost: '',
        cost_details: { currency_symbol: '', currency_code: '', currency_position: '', values: [] },
        website: '',
        show_map: null,
        show_map_link: null,
        hide_from_listings: null,
        sticky: null,
        featured: null,
        categories: [],
        tags: [],
        venue: [],
        organizer: [],
        custom_fields: [],
      });
      expect(JSON.stringify(response.body)).not.toMatch(/secret|cellar|25\$/i);
      expect(JSON.stringify(response.body)).not.toContain('open sesame');
    });

    it('are listed in full with the right password or for a caller who may edit them', async () => {
      await protectedEvent();

      const right = await request(sut.http).get(`${EVENTS}?password=open%20sesame`).expect(200);
      const wrong = await request(sut.http).get(`${EVENTS}?password=nope`).expect(200);
      const editor = await request(sut.http)
        .get(EVENTS)
        .set('Authorization', await bearer('editor', 4))
        .expect(200);

      const first = (body: unknown): Listed => (body as { events: Listed[] }).events[0] as Listed;
      expect(first(right.body).description).toContain('The secret programme');
      expect(first(wrong.body).description).toBe('');
      expect(first(editor.body)).toMatchObject({ cost: '25$', venue: { venue: 'Secret cellar' } });
      expect(right.body).toMatchObject({ rest_url: expect.not.stringContaining('password') });
    });

    it('are 403 event-password-protected on a single read without the right password', async () => {
      const event = await protectedEvent();

      for (const query of ['', '?password=nope']) {
        const response = await request(sut.http).get(`${EVENTS}/${event.id}${query}`).expect(403);
        expect(response.body).toEqual({
          code: 'event-password-protected',
          message: 'The requested event is not accessible without a password',
          data: { status: 403 },
        });
      }
      const unlocked = await request(sut.http)
        .get(`${EVENTS}/by-slug/${event.slug}?password=open%20sesame`)
        .expect(200);
      expect((unlocked.body as Listed)['json_ld']).toBeDefined();
      await request(sut.http).get(`${EVENTS}/${event.id}?password=`).expect(400);
    });

    it('stores only a hash, and "" removes the password', async () => {
      const event = await protectedEvent();
      const rows: { password_hash: string }[] = await sut.dataSource.query(
        'SELECT password_hash FROM events WHERE id = ?',
        [event.id],
      );
      expect(rows[0]?.password_hash).toMatch(/^scrypt\$/);
      expect(rows[0]?.password_hash).not.toContain('open sesame');

      await sut.admin.post(`${EVENTS}/${event.id}`).send({ password: '' }).expect(200);

      await request(sut.http).get(`${EVENTS}/${event.id}`).expect(200);
    });

    it('keep their password when an update leaves it out', async () => {
      const event = await protectedEvent();

      await sut.admin.post(`${EVENTS}/${event.id}`).send({ title: 'Renamed night' }).expect(200);

      await request(sut.http).get(`${EVENTS}/${event.id}`).expect(403);
    });
  });
});
