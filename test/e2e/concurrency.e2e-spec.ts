import { DateTime } from 'luxon';
import request from 'supertest';
import { createEvent, eventBody } from '../factories/event.factory';
import { bearer } from '../setup/auth';
import { TestApp, useTestApp } from '../setup/test-app';

const BASE = '/calendar/events/v1';
const EVENTS = `${BASE}/events`;
const FORMAT = 'yyyy-MM-dd HH:mm:ss';

/** `count` copies of `make(index)`, all sent at once; their answers in order. */
async function atOnce(
  count: number,
  make: (index: number, auth: string) => request.Test,
): Promise<request.Response[]> {
  const auth = await bearer('administrator');
  return Promise.all(Array.from({ length: count }, (_, index) => make(index, auth)));
}

function statuses(responses: readonly request.Response[]): number[] {
  return responses.map((response) => response.status);
}

/**
 * Writes that race each other, as sync jobs, imports and retrying gateways send them: every
 * request answers as if it ran alone (no 5xx), nothing written is lost or written twice.
 * On MariaDB these are real races between transactions on separate connections; on SQLite the
 * service runs write requests one at a time, and the same answers must come out.
 */
describe('concurrent writes', () => {
  const app = useTestApp();
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });

  it('keep every field when many clients update different fields of one event at once', async () => {
    const event = await createEvent(sut.http, { title: 'Before', cost: '5' });
    const start = DateTime.utc().plus({ days: 40 }).set({ hour: 9, minute: 0, second: 0 });
    const changes: Record<string, unknown>[] = [
      {
        start_date: start.toFormat(FORMAT),
        end_date: start.plus({ hours: 3 }).toFormat(FORMAT),
        timezone: 'Europe/Madrid',
      },
      { title: 'After' },
      { cost: '25' },
      { website: 'https://example.com/after' },
      { featured: true },
      { excerpt: 'Short' },
    ];
    const answers = await atOnce(60, (index, auth) =>
      request(sut.http)
        .patch(`${EVENTS}/${event.id}`)
        .set('Authorization', auth)
        .send(changes[index % changes.length]),
    );

    expect(statuses(answers)).toEqual(answers.map(() => 200));
    const final = await sut.admin.get(`${EVENTS}/${event.id}`).expect(200);
    expect(final.body).toMatchObject({
      title: 'After',
      cost: '$25',
      website: 'https://example.com/after',
      featured: true,
      excerpt: '<p>Short</p>',
      timezone: 'Europe/Madrid',
      start_date: start.toFormat(FORMAT),
      end_date: start.plus({ hours: 3 }).toFormat(FORMAT),
    });
  });

  it('create one venue, organizer, category and tag when many events name the same new ones at once', async () => {
    const answers = await atOnce(30, (index, auth) =>
      request(sut.http)
        .post(EVENTS)
        .set('Authorization', auth)
        .send(
          eventBody({
            title: `Shared ${index}`,
            venue: { venue: 'Shared Hall', city: 'Girona' },
            organizer: [{ organizer: 'Shared Org' }],
            categories: ['Shared Category'],
            tags: ['Shared Tag'],
          }),
        ),
    );

    expect(statuses(answers)).toEqual(answers.map(() => 201));
    const venueIds = new Set(answers.map((answer) => (answer.body.venue as { id: number }).id));
    const organizerIds = new Set(
      answers.map((answer) => (answer.body.organizer as { id: number }[])[0]!.id),
    );
    expect(venueIds.size).toBe(1);
    expect(organizerIds.size).toBe(1);
    for (const [path, name] of [
      ['venues', 'Shared Hall'],
      ['organizers', 'Shared Org'],
      ['categories', 'Shared Category'],
      ['tags', 'Shared Tag'],
    ] as const) {
      const list = await sut.admin.get(`${BASE}/${path}?search=${encodeURIComponent(name)}`);
      expect([path, list.headers['x-tec-total']]).toEqual([path, '1']);
    }
    const category = await sut.admin.get(`${BASE}/categories?search=Shared`).expect(200);
    expect((category.body.categories as { count: number }[])[0]!.count).toBe(30);
  });

  it('keep one venue when the same venue is created directly many times at once', async () => {
    const answers = await atOnce(20, (_index, auth) =>
      request(sut.http)
        .post(`${BASE}/venues`)
        .set('Authorization', auth)
        .send({ venue: 'Direct Hall', city: 'Vic' }),
    );

    expect(statuses(answers).every((status) => status === 200 || status === 201)).toBe(true);
    expect(new Set(answers.map((answer) => answer.body.id as number)).size).toBe(1);
    const list = await sut.admin.get(`${BASE}/venues?search=Direct%20Hall`).expect(200);
    expect(list.headers['x-tec-total']).toBe('1');
  });

  it('answer one 201 and term_exists for the rest when one category is created many times at once', async () => {
    const answers = await atOnce(20, (_index, auth) =>
      request(sut.http)
        .post(`${BASE}/categories`)
        .set('Authorization', auth)
        .send({ name: 'Only Once' }),
    );

    const sorted = statuses(answers).sort();
    expect(sorted).toEqual([201, ...Array.from({ length: 19 }, () => 400)].sort());
    for (const answer of answers.filter((one) => one.status === 400)) {
      expect(answer.body.code).toBe('term_exists');
    }
    const list = await sut.admin
      .get(`${BASE}/categories?search=Only%20Once&hide_empty=false`)
      .expect(200);
    expect(list.headers['x-tec-total']).toBe('1');
  });

  it('give every event a distinct slug when many are created with one title at once', async () => {
    const answers = await atOnce(100, (index, auth) =>
      request(sut.http)
        .post(EVENTS)
        .set('Authorization', auth)
        .send(eventBody({ title: 'Same Title', categories: ['Crowd'], tags: [`t${index % 3}`] })),
    );

    expect(statuses(answers)).toEqual(answers.map(() => 201));
    const slugs = answers.map((answer) => answer.body.slug as string);
    expect(new Set(slugs).size).toBe(100);
    expect(slugs).toContain('same-title');
    const list = await sut.admin.get(`${EVENTS}?search=Same%20Title&per_page=1`).expect(200);
    expect(list.headers['x-tec-total']).toBe('100');
  });

  it('never answer 5xx to a create naming a category another request deletes at once', async () => {
    for (let round = 0; round < 15; round += 1) {
      const term = await sut.admin
        .post(`${BASE}/categories`)
        .send({ name: `Doomed ${round}` })
        .expect(201);
      const id = (term.body as { id: number }).id;
      const [create, removal] = await Promise.all([
        sut.admin.post(EVENTS).send(eventBody({ title: `Race ${round}`, categories: [id] })),
        sut.admin.delete(`${BASE}/categories/${id}`),
      ]);
      // Either the create came first (201, then the category's deletion unlinks it) or after
      // (400 naming the category): never a server error.
      expect({ round, create: create.status, removal: removal.status }).toEqual({
        round,
        create: create.status === 201 ? 201 : 400,
        removal: 200,
      });
      if (create.status === 400) expect(JSON.stringify(create.body)).toContain('categories');
    }
  });

  it('keep every count exact when events of one category tree are created, moved and trashed at once', async () => {
    // Writes of a subcategory's events take shared locks on its parent's row (the listing rows'
    // foreign keys) while other writes count the parent itself: no write may deadlock for good
    // or lose a count.
    const parent = await sut.admin.post(`${BASE}/categories`).send({ name: 'Tree' }).expect(201);
    const parentId = (parent.body as { id: number }).id;
    const children: number[] = [];
    for (const name of ['Leaf one', 'Leaf two']) {
      const child = await sut.admin
        .post(`${BASE}/categories`)
        .send({ name, parent: parentId })
        .expect(201);
      children.push((child.body as { id: number }).id);
    }
    const [one, two] = children as [number, number];
    const filings = [[one], [two], [parentId], [one, parentId], [two, one]];
    const created = await atOnce(20, (index, auth) =>
      request(sut.http)
        .post(EVENTS)
        .set('Authorization', auth)
        .send(eventBody({ title: `Tree ${index}`, categories: filings[index % filings.length] })),
    );
    expect(statuses(created)).toEqual(Array(20).fill(201));
    const ids = created.map((answer) => (answer.body as { id: number }).id);
    // Half of them move to other categories of the tree and a quarter go to the trash, at once.
    const changed = await atOnce(15, (index, auth) =>
      index < 10
        ? request(sut.http)
            .patch(`${EVENTS}/${ids[index]!}`)
            .set('Authorization', auth)
            .send({ categories: filings[(index + 2) % filings.length] })
        : request(sut.http).delete(`${EVENTS}/${ids[index]!}`).set('Authorization', auth),
    );
    expect(statuses(changed)).toEqual(Array(15).fill(200));

    const expected = new Map<number, number>([
      [parentId, 0],
      [one, 0],
      [two, 0],
    ]);
    ids.forEach((_, index) => {
      if (index >= 10 && index < 15) return;
      const filed = filings[(index < 10 ? index + 2 : index) % filings.length]!;
      for (const term of filed) expected.set(term, (expected.get(term) ?? 0) + 1);
    });
    const list = await request(sut.http)
      .get(`${BASE}/categories?include=${[parentId, one, two].join(',')}`)
      .expect(200);
    const counts = new Map(
      (list.body.categories as { id: number; count: number }[]).map((term) => [
        term.id,
        term.count,
      ]),
    );
    expect(counts).toEqual(expected);
  });

  it('answer no 5xx and keep totals exact under a mixed load of reads and writes', async () => {
    const shared = await createEvent(sut.http, { title: 'Shared target', categories: ['Load'] });
    const created: number[] = [];
    const failures: string[] = [];
    const auth = await bearer('administrator');
    const until = Date.now() + 4000;
    const worker = async (lane: number): Promise<void> => {
      for (let step = 0; Date.now() < until; step += 1) {
        const pick = (lane * 31 + step * 7) % 10;
        let answer: request.Response;
        if (pick < 4) {
          answer = await request(sut.http).get(`${EVENTS}?categories=load&page=1`);
        } else if (pick < 6) {
          // A search counts its total with its page's query (events.service.ts, pageAndTotal).
          answer = await request(sut.http).get(`${EVENTS}?search=load&page=1`);
        } else if (pick < 8) {
          answer = await request(sut.http)
            .post(EVENTS)
            .set('Authorization', auth)
            .send(
              eventBody({ title: `Load ${lane}-${step}`, categories: ['Load'], tags: ['Hot'] }),
            );
          if (answer.status === 201) created.push(answer.body.id as number);
        } else {
          answer = await request(sut.http)
            .patch(`${EVENTS}/${shared.id}`)
            .set('Authorization', auth)
            .send({ cost: String(step), tags: ['Hot', `lane-${lane % 4}`] });
        }
        if (answer.status >= 500) failures.push(`${answer.status} ${JSON.stringify(answer.body)}`);
      }
    };
    await Promise.all(Array.from({ length: 32 }, (_, lane) => worker(lane)));

    expect(failures).toEqual([]);
    expect(created.length).toBeGreaterThan(0);
    const list = await request(sut.http).get(`${EVENTS}?categories=load&per_page=1`).expect(200);
    expect(list.headers['x-tec-total']).toBe(String(created.length + 1));
    const found = await request(sut.http).get(`${EVENTS}?search=load&per_page=1`).expect(200);
    expect(found.headers['x-tec-total']).toBe(String(created.length));
    const tags = await sut.admin.get(`${BASE}/tags?search=Hot`).expect(200);
    expect((tags.body.tags as { count: number }[])[0]!.count).toBe(created.length + 1);
    // A 4-second soak: the requests in flight when it ends finish after it (seconds, on a busy
    // machine), so the test has more than Jest's 5 s default.
  }, 30_000);
});
