import request from 'supertest';
import { createEvent } from '../factories/event.factory';
import { bearer } from '../setup/auth';
import { TestApp, useTestApp } from '../setup/test-app';

const EVENTS = '/calendar/events/v1/events';

/**
 * Optimistic concurrency with `ETag` and `If-Match` on event writes: two clients editing one
 * event no longer overwrite each other silently.
 */
describe('If-Match on event writes', () => {
  const app = useTestApp();
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });

  async function tagOf(path: string): Promise<string> {
    const read = await sut.admin.get(path).expect(200);
    const tag = read.headers['etag'] as string;
    expect(tag).toMatch(/^"[^"]+"$/);
    return tag;
  }

  it('updates when the tag is current, refuses a stale one with 412 and changes nothing', async () => {
    const event = await createEvent(sut.http, { title: 'First', cost: '5' });
    const path = `${EVENTS}/${event.id}`;
    const first = await tagOf(path);

    const updated = await sut.admin
      .patch(path)
      .set('If-Match', first)
      .send({ title: 'Second' })
      .expect(200);
    // The answer's tag is the one a read now shows, so a client can chain its writes.
    const second = updated.headers['etag'] as string;
    expect(second).not.toBe(first);
    expect(await tagOf(path)).toBe(second);

    const stale = await sut.admin
      .patch(path)
      .set('If-Match', first)
      .send({ title: 'Lost' })
      .expect(412);
    expect(stale.body).toMatchObject({
      code: 'rest_precondition_failed',
      data: { status: 412 },
    });
    await sut.admin.delete(path).set('If-Match', first).expect(412);
    await sut.admin.patch(`${EVENTS}/by-slug/${event.slug}`).set('If-Match', first).expect(412);
    const read = await sut.admin.get(path).expect(200);
    expect(read.body).toMatchObject({ title: 'Second', cost: '$5' });

    await sut.admin
      .patch(path)
      .set('If-Match', `"other", ${second}`)
      .send({ cost: '7' })
      .expect(200);
    await sut.admin.patch(path).set('If-Match', '*').send({ cost: '8' }).expect(200);
    await sut.admin
      .patch(path)
      .set('If-Match', `W/${await tagOf(path)}`)
      .send({ cost: '9' })
      .expect(412);
    await sut.admin
      .delete(path)
      .set('If-Match', await tagOf(path))
      .expect(200);
  });

  it('lets exactly one of many clients holding the same tag write; the others get 412', async () => {
    const event = await createEvent(sut.http, { cost: '0' });
    const path = `${EVENTS}/${event.id}`;
    const tag = await tagOf(path);
    const auth = await bearer('administrator');

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        request(sut.http)
          .patch(path)
          .set('Authorization', auth)
          .set('If-Match', tag)
          .send({ cost: String(index + 1) }),
      ),
    );

    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: 19 }, () => 412)]);
    const winner = answers.find((answer) => answer.status === 200)!;
    const read = await sut.admin.get(path).expect(200);
    expect(read.body.cost).toBe(winner.body.cost);
  });

  it('loses no update when clients read, modify and write with If-Match, retrying on 412', async () => {
    const event = await createEvent(sut.http, { title: '0' });
    const path = `${EVENTS}/${event.id}`;
    const auth = await bearer('administrator');
    let conflicts = 0;

    const increment = async (): Promise<void> => {
      for (;;) {
        const read = await request(sut.http).get(path).set('Authorization', auth).expect(200);
        const next = Number(read.body.title) + 1;
        const write = await request(sut.http)
          .patch(path)
          .set('Authorization', auth)
          .set('If-Match', read.headers['etag'] as string)
          .send({ title: String(next) });
        if (write.status === 200) return;
        expect(write.status).toBe(412);
        conflicts += 1;
      }
    };
    await Promise.all(Array.from({ length: 10 }, () => increment()));

    const read = await sut.admin.get(path).expect(200);
    expect(read.body.title).toBe('10');
    // Without If-Match the same clients would have written back stale counts.
    expect(conflicts).toBeGreaterThan(0);
  });

  it('guards venue, organizer, category and tag writes the same way', async () => {
    const BASE = '/calendar/events/v1';
    for (const [path, body, change] of [
      ['venues', { venue: 'Tagged Hall' }, { city: 'Reus' }],
      ['organizers', { organizer: 'Tagged Org' }, { phone: '555' }],
      ['categories', { name: 'Tagged Category' }, { description: 'Changed' }],
      ['tags', { name: 'Tagged Tag' }, { description: 'Changed' }],
    ] as const) {
      const created = await sut.admin.post(`${BASE}/${path}`).send(body).expect(201);
      const item = `${BASE}/${path}/${(created.body as { id: number }).id}`;
      const first = await tagOf(item);

      const updated = await sut.admin.patch(item).set('If-Match', first).send(change);
      expect([path, updated.status]).toEqual([path, 200]);
      expect([path, updated.headers['etag']]).toEqual([path, await tagOf(item)]);
      const stale = await sut.admin.patch(item).set('If-Match', first).send(change);
      expect([path, stale.status, stale.body.code]).toEqual([
        path,
        412,
        'rest_precondition_failed',
      ]);
      await sut.admin.delete(item).set('If-Match', first).expect(412);
      await sut.admin
        .delete(item)
        .set('If-Match', await tagOf(item))
        .expect(200);
    }
  });
});

/**
 * `If-None-Match: *` on a create: a new item or nothing, so an importer or a retrying client
 * can send the same create twice without making a second item.
 */
describe('If-None-Match: * on creates', () => {
  const app = useTestApp();
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });
  const BASE = '/calendar/events/v1';
  const event = {
    title: 'Only Once',
    start_date: '2027-03-01 10:00:00',
    end_date: '2027-03-01 12:00:00',
  };

  async function countOf(path: string): Promise<number> {
    const terms = path === 'categories' || path === 'tags';
    const list = await sut.admin
      .get(`${BASE}/${path}`)
      .query(terms ? { hide_empty: false } : { status: 'any' })
      .expect(200);
    return Number(list.headers['x-tec-total']);
  }

  it('creates an event with exactly the slug asked for, then refuses a second with 412', async () => {
    const first = await sut.admin
      .post(`${BASE}/events`)
      .set('If-None-Match', '*')
      .send({ ...event, slug: 'only-once-2027' })
      .expect(201);
    expect(first.body.slug).toBe('only-once-2027');

    const again = await sut.admin
      .post(`${BASE}/events`)
      .set('If-None-Match', '*')
      .send({ ...event, slug: 'only-once-2027', title: 'Changed' })
      .expect(412);
    expect(again.body).toMatchObject({ code: 'rest_precondition_failed', data: { status: 412 } });
    expect(again.body.message).toContain('If-None-Match');
    const read = await sut.admin.get(`${BASE}/events/${first.body.id}`).expect(200);
    expect(read.body.title).toBe('Only Once');
    expect(await countOf('events')).toBe(1);

    // The slug made from the title counts too; without the header the next free slug is taken.
    await sut.admin.post(`${BASE}/events`).set('If-None-Match', '*').send(event).expect(201);
    await sut.admin.post(`${BASE}/events`).set('If-None-Match', '*').send(event).expect(412);
    const plain = await sut.admin.post(`${BASE}/events`).send(event).expect(201);
    expect(plain.body.slug).toBe('only-once-2');
    // Entity tags name no version of a collection: they never match, the create goes ahead.
    await sut.admin.post(`${BASE}/events`).set('If-None-Match', '"abc"').send(event).expect(201);
  });

  it('counts a trashed item as existing', async () => {
    const first = await sut.admin
      .post(`${BASE}/events`)
      .send({ ...event, slug: 'binned' })
      .expect(201);
    await sut.admin.delete(`${BASE}/events/${first.body.id}`).expect(200);
    await sut.admin
      .post(`${BASE}/events`)
      .set('If-None-Match', '*')
      .send({ ...event, slug: 'binned' })
      .expect(412);
  });

  it('refuses a venue or organizer whose name would be reused, and a taken term slug', async () => {
    for (const [path, body] of [
      ['venues', { venue: 'Once Hall' }],
      ['organizers', { organizer: 'Once Org' }],
      ['categories', { name: 'Once Category', slug: 'once-category' }],
      ['tags', { name: 'Once Tag', slug: 'once-tag' }],
    ] as const) {
      const first = await sut.admin.post(`${BASE}/${path}`).set('If-None-Match', '*').send(body);
      expect([path, first.status]).toEqual([path, 201]);
      const again = await sut.admin
        .post(`${BASE}/${path}`)
        .set('If-None-Match', '*')
        .send(
          path === 'categories' || path === 'tags' ? { ...body, name: `${body.name} 2` } : body,
        );
      expect([path, again.status, again.body.code]).toEqual([
        path,
        412,
        'rest_precondition_failed',
      ]);
      expect([path, await countOf(path)]).toEqual([path, 1]);
    }
  });

  it('makes one item of 20 concurrent creates with one slug; the others get 412', async () => {
    const auth = await bearer('administrator');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(sut.http)
          .post(`${BASE}/events`)
          .set('Authorization', auth)
          .set('If-None-Match', '*')
          .send({ ...event, slug: 'raced' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: 19 }, () => 412)]);
    expect(await countOf('events')).toBe(1);
  });
});
