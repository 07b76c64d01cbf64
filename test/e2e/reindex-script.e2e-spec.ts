import request from 'supertest';
import { ReadCache } from '../../src/read-cache/read-cache';
import { createEvent } from '../factories/event.factory';
import { runScript } from '../setup/run-script';
import { useTestApp } from '../setup/test-app';

const EVENTS = '/calendar/events/v1/events';

describe('npm run reindex', () => {
  const app = useTestApp();
  // The script runs in a process of its own, compiled by ts-node first: seconds on a busy
  // machine, within the e2e setup's 30 s (test/setup/timeouts.ts).

  it('rebuilds the listing rows and day counts that hand edits left behind', async () => {
    const sut = app();
    const category = await sut.admin
      .post('/calendar/events/v1/categories')
      .send({ name: 'Music' })
      .expect(201);
    const music = (category.body as { id: number }).id;
    for (let i = 0; i < 3; i += 1) await createEvent(sut.http, { categories: [music] });
    const list = async (query: string) => {
      await sut.app.get(ReadCache).clear();
      const response = await request(sut.http).get(`${EVENTS}?${query}`).expect(200);
      return [
        (response.body as { events: unknown[] }).events.length,
        response.headers['x-tec-total'],
      ];
    };
    expect(await list(`categories=${music}`)).toEqual([3, '3']);
    expect(await list('')).toEqual([3, '3']);

    // Derived rows lost by hand: the lists go wrong until the rebuild.
    await sut.dataSource.query('DELETE FROM event_term_listing');
    await sut.dataSource.query('DELETE FROM event_day_counts');
    expect(await list(`categories=${music}`)).toEqual([0, '0']);

    const run = runScript('src/database/reindex.ts', [], sut.config);
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    expect(JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}')).toMatchObject({
      task: 'reindex',
      msg: 'rebuilt the listing rows and day counts',
    });

    expect(await list(`categories=${music}`)).toEqual([3, '3']);
    expect(await list('')).toEqual([3, '3']);
  });
});
