import request from 'supertest';
import { ReadCache } from '../../src/read-cache/read-cache';
import { createEvent, eventBody } from '../factories/event.factory';
import { bearer } from '../setup/auth';
import type { ChildProcess } from 'node:child_process';
import { runScript, startScript } from '../setup/run-script';
import { type TestApp, useTestApp } from '../setup/test-app';

/**
 * Each term's stored count next to the published events its links hold (a term the seed left
 * without its `term_counts` row shows a count of 0).
 */
const COUNTS =
  'SELECT t.slug AS slug, c.published_count AS stored, ' +
  '(SELECT COUNT(*) FROM event_terms et INNER JOIN events e ON e.id = et.event_id ' +
  "WHERE et.term_id = t.id AND e.status = 'publish') AS linked " +
  'FROM terms t LEFT JOIN term_counts c ON c.term_id = t.id ORDER BY t.id';

interface CountRow {
  readonly slug: string;
  readonly stored: number | string;
  readonly linked: number | string;
}

/**
 * Every index of the database, with what defines it: SQLite's statement, or MySQL's table,
 * name, kind, uniqueness and columns.
 */
async function indexes(sut: TestApp): Promise<string[]> {
  const rows = await sut.dataSource.query<Record<string, unknown>[]>(
    sut.config.DATABASE_URL
      ? "SELECT CONCAT(TABLE_NAME, ' ', INDEX_NAME, ' ', INDEX_TYPE, ' ', NON_UNIQUE, ' ', " +
          "GROUP_CONCAT(COLUMN_NAME, COALESCE(SUB_PART, ''), COALESCE(COLLATION, '') " +
          "ORDER BY SEQ_IN_INDEX SEPARATOR ',')) AS described " +
          'FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() ' +
          'GROUP BY TABLE_NAME, INDEX_NAME, INDEX_TYPE, NON_UNIQUE'
      : "SELECT name || ' ' || COALESCE(sql, '') AS described FROM sqlite_master " +
          "WHERE type = 'index'",
  );
  return rows.map((row) => String(row['described'])).sort();
}

/** Each term's stored count next to the published events its links hold. */
async function termCounts(
  sut: TestApp,
): Promise<{ slug: string; stored: number; linked: number }[]> {
  const rows = await sut.dataSource.query<CountRow[]>(COUNTS);
  return rows.map((row) => ({
    slug: row.slug,
    stored: Number(row.stored),
    linked: Number(row.linked),
  }));
}

/** The terms whose stored count is not their published events. */
async function wrongCounts(
  sut: TestApp,
): Promise<{ slug: string; stored: number; linked: number }[]> {
  return (await termCounts(sut)).filter((row) => row.stored !== row.linked);
}

/** Waits for `child` to exit; resolves with its exit code and everything it printed. */
function exited(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

/**
 * Runs the seed with `args` and calls `step` again and again, one call at a time, until it
 * exits; resolves with its exit code and everything it printed.
 */
async function seedWhile(
  sut: TestApp,
  args: readonly string[],
  step: () => Promise<void>,
): Promise<{ code: number | null; output: string }> {
  const done = exited(startScript('scripts/seed/seed.ts', args, sut.config));
  let finished = false;
  void done.then(() => (finished = true));
  while (!finished) await step();
  return done;
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
    // A database with events keeps its indexes throughout (a service may be reading it).
    expect(run.stdout).not.toContain('indexes of the event tables are built at the end');

    const counts = await termCounts(sut);
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

  it('into a database with no events, builds at the end the indexes it set aside for the load', async () => {
    const sut = app();
    const before = await indexes(sut);

    const run = runScript(
      'scripts/seed/seed.ts',
      ['--events', '300', '--batch', '50', '--seed', '6'],
      sut.config,
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/A new database: \d+ indexes of the event tables/);
    expect(run.stdout).toMatch(/Built \d+ indexes in/);

    // The same indexes as the migrations made, defined as they were.
    expect(await indexes(sut)).toEqual(before);
    expect(await wrongCounts(sut)).toEqual([]);

    // Lists read through those indexes again: a category's list, totalled and paged.
    await sut.app.get(ReadCache).clear();
    const categories = await request(sut.http)
      .get('/calendar/events/v1/categories?per_page=50&hide_empty=1')
      .expect(200);
    const category = (categories.body as { categories: { slug: string; count: number }[] })
      .categories[0];
    expect(category).toBeDefined();
    const list = await request(sut.http)
      .get(
        `/calendar/events/v1/events?categories=${category?.slug ?? ''}&start_date=2000-01-01&end_date=2100-01-01`,
      )
      .expect(200);
    expect(Number(list.headers['x-tec-total'])).toBeGreaterThan(0);

    if (!sut.config.DATABASE_URL) {
      // SQLite: the search documents, written at the end from the view that defines them, are
      // the ones the triggers write: every text written again through them, each reader's
      // searches find what they found.
      expect(run.stdout).toMatch(/Wrote the events' search documents in/);
      const totals = async (): Promise<number[]> => {
        const found: number[] = [];
        for (const language of ['ca', 'en', 'es']) {
          for (const word of ['jazz', 'concert', 'festival', 'night', 'nit', 'noche']) {
            const response = await request(sut.http)
              .get(
                `/calendar/events/v1/events?search=${word}&i18n_language=${language}&start_date=2000-01-01&end_date=2100-01-01`,
              )
              .expect(200);
            found.push(Number(response.headers['x-tec-total']));
          }
        }
        return found;
      };
      await sut.app.get(ReadCache).clear();
      const seeded = await totals();
      expect(seeded.filter((total) => total > 0).length).toBeGreaterThan(3);
      await sut.dataSource.query('UPDATE event_translations SET title = title');
      await sut.app.get(ReadCache).clear();
      expect(await totals()).toEqual(seeded);
    }
  });

  it('leaves no search answer a service kept while it ran: the next search finds every seeded event', async () => {
    const sut = app();
    const search =
      '/calendar/events/v1/events?search=concert&start_date=2000-01-01&end_date=2100-01-01';
    const total = async (): Promise<number> =>
      Number((await request(sut.http).get(search).expect(200)).headers['x-tec-total']);

    // On SQLite the seed writes every search document at its end, after the events and their
    // counts have committed: a search read in between finds none of them, and the service
    // keeps that answer. The service searches again and again while the seed runs.
    let searches = 0;
    const { code, output } = await seedWhile(
      sut,
      ['--events', '3000', '--batch', '500', '--seed', '9'],
      async () => {
        await total();
        searches += 1;
      },
    );
    expect({ code, failed: output.match(/ERROR.*/)?.[0] }).toEqual({ code: 0, failed: undefined });
    expect(searches).toBeGreaterThan(0);

    // Read without clearing anything: what the service kept was dropped when the seed ended.
    const seen = await total();
    await sut.app.get(ReadCache).clear();
    const truth = await total();
    expect(truth).toBeGreaterThan(0);
    expect(seen).toBe(truth);
  });

  it('runs beside a service that writes: ids the service takes meanwhile are skipped, and nothing is lost', async () => {
    const sut = app();
    const comedy = (
      (await sut.admin.post('/calendar/events/v1/categories').send({ name: 'Comedy' }).expect(201))
        .body as { id: number }
    ).id;
    await createEvent(sut.http, { categories: [comedy] });

    // Small batches, so the service's writes land between them: each takes the next id of the
    // `posts` registry, which is where the seed's next batch begins.
    const created: number[] = [];
    const unexpected: { status: number; body: unknown }[] = [];
    const { code, output } = await seedWhile(
      sut,
      ['--events', '2000', '--batch', '20', '--seed', '8'],
      async () => {
        const response = await request(sut.http)
          .post('/calendar/events/v1/events')
          .set('Authorization', await bearer('administrator'))
          .send(eventBody({ categories: [comedy] }));
        // On SQLite the service's transaction may find the seed's holding the file, and answer
        // 503 after its own retries: the client tries again.
        if (response.status === 201) {
          created.push((response.body as { id: number }).id);
        } else if (response.status !== 503) {
          unexpected.push({ status: response.status, body: response.body });
        }
      },
    );

    expect(unexpected).toEqual([]);
    expect({ code, failed: output.match(/ERROR.*/)?.[0] }).toEqual({ code: 0, failed: undefined });
    expect(created.length).toBeGreaterThan(0);
    // The service did take ids the seed had meant for a batch, which was made again past them.
    expect(output).toMatch(/collided with another writer .* retrying with fresh ids/);
    const [row] = await sut.dataSource.query<{ n: number | string; ids: number | string }[]>(
      `SELECT COUNT(*) AS n, COUNT(DISTINCT id) AS ids FROM events WHERE id NOT IN (${created.join(', ')})`,
    );
    // The seed's 2,000 and the event made before it.
    expect({ events: Number(row?.n), distinct: Number(row?.ids) }).toEqual({
      events: 2001,
      distinct: 2001,
    });
    const [posts] = await sut.dataSource.query<{ missing: number | string }[]>(
      'SELECT COUNT(*) AS missing FROM events e LEFT JOIN posts p ON p.id = e.id ' +
        "WHERE p.id IS NULL OR p.kind <> 'event'",
    );
    expect(Number(posts?.missing)).toBe(0);
    expect(await wrongCounts(sut)).toEqual([]);
    // Every event the service made is still its own, and read as such.
    const [own] = await sut.dataSource.query<{ n: number | string }[]>(
      `SELECT COUNT(*) AS n FROM event_translations WHERE title = 'Concert in the park' ` +
        `AND event_id IN (${created.join(', ')})`,
    );
    expect(Number(own?.n)).toBe(created.length);
    const read = await request(sut.http)
      .get(`/calendar/events/v1/events/${created[created.length - 1] ?? 0}`)
      .expect(200);
    expect((read.body as { title: string }).title).toBe('Concert in the park');
  });

  it('stops on SIGINT after the batches in flight, with its counts added and its indexes built', async () => {
    const sut = app();
    const before = await indexes(sut);

    // Far more batches than can run before the signal, which is sent as soon as the events'
    // stage is about to start (the organizers are logged just before it).
    const child = startScript(
      'scripts/seed/seed.ts',
      ['--events', '50000', '--batch', '50', '--seed', '7'],
      sut.config,
    );
    const done = exited(child);
    // Read from all it printed so far (a line may come in two chunks); a seed that ends first
    // is not waited for, and its exit code and output fail the assertions below.
    let printed = '';
    const reachedEvents = new Promise<void>((resolve) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        printed += chunk.toString();
        if (printed.includes('organizers (')) resolve();
      });
    });
    await Promise.race([reachedEvents, done]);
    child.kill('SIGINT');
    const { code, output } = await done;

    expect(code).toBe(130);
    expect(output).toContain('Interrupted: the events written so far are kept');
    const [written] = await sut.dataSource.query<{ n: number | string }[]>(
      'SELECT COUNT(*) AS n FROM events',
    );
    expect(Number(written?.n)).toBeLessThan(50_000);
    // As a finished run leaves it: every index back, every term's count its events.
    expect(await indexes(sut)).toEqual(before);
    expect(await wrongCounts(sut)).toEqual([]);
  });
});
