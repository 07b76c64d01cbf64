import request from 'supertest';
import { ReadCache } from '../../src/common/cache/read-cache';
import { createEvent } from '../factories/event.factory';
import { runScript } from '../setup/run-script';
import { useTestApp } from '../setup/test-app';

/** Each term's stored count next to the published events its links hold. */
const COUNTS =
  'SELECT t.slug AS slug, t.published_count AS stored, ' +
  '(SELECT COUNT(*) FROM event_terms et INNER JOIN events e ON e.id = et.event_id ' +
  "WHERE et.term_id = t.id AND e.status = 'publish') AS linked FROM terms t ORDER BY t.id";

interface CountRow {
  readonly slug: string;
  readonly stored: number | string;
  readonly linked: number | string;
}

describe('npm run seed', () => {
  const app = useTestApp();
  // The seed runs in a process of its own, compiled by ts-node first, and writes 300 events:
  // more than the e2e setup's 30 s on a busy machine.
  jest.setTimeout(60_000);

  it('adds its published events to the counts of the terms it creates and of those it reuses', async () => {
    const sut = app();
    // A category of the seed's catalogue made through the API first, with a published event:
    // the seed reuses it, and its count must keep that event.
    const created = await sut.admin
      .post('/calendar/events/v1/categories')
      .send({ name: 'Comedy' })
      .expect(201);
    const comedy = (created.body as { id: number }).id;
    await createEvent(sut.http, { categories: [comedy] });

    // Batches of 50, three at once on MariaDB: the counts must add up across batches that
    // commit in any order.
    const run = runScript(
      'scripts/seed/seed.ts',
      ['--events', '300', '--batch', '50', '--seed', '5'],
      sut.config,
    );
    expect(run.status).toBe(0);

    const rows = await sut.dataSource.query<CountRow[]>(COUNTS);
    const counts = rows.map((row) => ({
      slug: row.slug,
      stored: Number(row.stored),
      linked: Number(row.linked),
    }));
    expect(counts.filter((row) => row.stored !== row.linked)).toEqual([]);
    expect(counts.length).toBeGreaterThan(20);
    const comedyCount = counts.find((row) => row.slug === 'comedy')?.stored ?? 0;
    expect(comedyCount).toBeGreaterThan(1);

    // What a client reads: the category's count is its published events, the API's own one
    // and the seed's.
    await sut.app.get(ReadCache).clear();
    const read = await request(sut.http)
      .get(`/calendar/events/v1/categories/${comedy}`)
      .expect(200);
    expect((read.body as { count: number }).count).toBe(comedyCount);
  });
});
