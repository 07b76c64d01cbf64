import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { markChangedBehindLog } from '../../src/changes/change-log';
import { createEvent, utcAt } from '../factories/event.factory';
import { createTestApp, onMysql, TestApp } from '../setup/test-app';

const EVENTS = '/calendar/events/v1/events';

interface ListBody {
  total: number;
  events: { id: number; title: string }[];
}

/** What an anonymous reader of `sut` is shown: the list's titles and total, and one event's title. */
async function shown(sut: TestApp, id: number): Promise<string> {
  const list = await request(sut.http).get(`${EVENTS}?per_page=50`).expect(200);
  const body = list.body as ListBody;
  const single = await request(sut.http).get(`${EVENTS}/${id}`);
  const title = single.status === 200 ? (single.body as { title: string }).title : single.status;
  return `${body.events.map((event) => event.title).join(', ')} (${body.total}) / ${title}`;
}

/**
 * Two instances of the service on one database, each with the read cache of its own process
 * (no `CACHE_URL`, the default): what one writes, the other shows at its next read.
 */
describe('two instances on one database, each with its own read cache', () => {
  let first: TestApp;
  let second: TestApp;
  const sqlitePath = join(tmpdir(), `calendar-e2e-instances-${randomUUID()}.sqlite`);

  beforeAll(async () => {
    const shared: Record<string, string> = onMysql ? {} : { SQLITE_PATH: sqlitePath };
    first = await createTestApp(shared);
    second = await createTestApp(shared);
    await first.reset();
    await second.reset();
  });

  afterAll(async () => {
    await first.close();
    await second.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${sqlitePath}${suffix}`, { force: true });
  });

  it('shows every write through one instance at the next read through the other, lists and items alike', async () => {
    const { id } = await createEvent(first.http, { title: 'Round 0' });
    const stale: string[] = [];
    let published = 1;
    for (let round = 1; round <= 10; round++) {
      const [writer, reader] = round % 2 === 1 ? [first, second] : [second, first];
      // Both keep what they show now.
      await shown(writer, id);
      const before = await shown(reader, id);
      expect(await shown(reader, id)).toBe(before);

      await writer.admin
        .post(`${EVENTS}/${id}`)
        .send({ title: `Round ${round}` })
        .expect(200);
      const renamed = await shown(reader, id);
      const names = (count: number): string =>
        [`Round ${round}`, ...Array.from({ length: count - 1 }, (_, i) => `Later ${i + 1}`)].join(
          ', ',
        );
      if (renamed !== `${names(published)} (${published}) / Round ${round}`) stale.push(renamed);

      // A new published event, after the others, through the same writer.
      await createEvent(writer.http, {
        title: `Later ${published}`,
        start_date: utcAt(1 + published, 10),
        end_date: utcAt(1 + published, 12),
      });
      published += 1;
      const added = await shown(reader, id);
      if (added !== `${names(published)} (${published}) / Round ${round}`) stale.push(added);
    }

    expect(stale).toEqual([]);
  });

  it('shows a trashed event gone on the other instance, list and item', async () => {
    await first.reset();
    const { id } = await createEvent(first.http, { title: 'Soon gone' });
    expect(await shown(second, id)).toBe('Soon gone (1) / Soon gone');

    await first.admin.delete(`${EVENTS}/${id}`).expect(200);

    expect(await shown(second, id)).toBe(' (0) / 403');
  });

  it('drops what both kept when a script changes rows behind the service and takes a log position', async () => {
    await first.reset();
    const { id } = await createEvent(first.http, { title: 'Seeded once' });
    expect(await shown(first, id)).toBe('Seeded once (1) / Seeded once');
    expect(await shown(second, id)).toBe('Seeded once (1) / Seeded once');

    // Behind the service with no position taken: each instance keeps what it had.
    await first.dataSource.query('UPDATE event_translations SET title = ? WHERE event_id = ?', [
      'Seeded again',
      id,
    ]);
    expect(await shown(second, id)).toBe('Seeded once (1) / Seeded once');

    // What the seed and `reindex` do after changing rows: take a position of the change log.
    await first.dataSource.transaction((manager) => markChangedBehindLog(manager));

    expect(await shown(first, id)).toBe('Seeded again (1) / Seeded again');
    expect(await shown(second, id)).toBe('Seeded again (1) / Seeded again');
  });
});
