import { createConnection } from 'mysql2/promise';
import request from 'supertest';
import { createEvent, utcAt } from '../factories/event.factory';
import { onMysql, useTestApp } from '../setup/test-app';

const API = '/calendar/events/v1';

const pause = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * Searches take turns at the database (`DATABASE_SEARCH_CONCURRENCY`): a search waiting for its
 * turn holds no pool connection, so searches that are slow to answer (a common word at a million
 * events on MariaDB) leave the rest of the pool to every other read. Shown on MySQL/MariaDB,
 * where a query can be made to wait for a table lock; SQLite runs one query at a time anyway.
 */
(onMysql ? describe : describe.skip)('search lane (MySQL/MariaDB)', () => {
  // Two connections, one search at a time: three searches blocked at the database would
  // otherwise hold both, and every other read would wait for them.
  const sut = useTestApp({
    DATABASE_POOL_SIZE: '2',
    DATABASE_SEARCH_CONCURRENCY: '1',
    REQUEST_TIMEOUT_MS: '20000',
  });

  it('answers other reads while searches wait for the database, then every search', async () => {
    await createEvent(sut().http, {
      title: 'Jazz trio',
      start_date: utcAt(3, 10),
      end_date: utcAt(3, 12),
    });
    await createEvent(sut().http, {
      title: 'Tango night',
      start_date: utcAt(4, 10),
      end_date: utcAt(4, 12),
    });
    const locker = await createConnection(process.env['DATABASE_URL'] ?? '');
    try {
      // The events' text, which a search's full-text match reads, is locked: searches wait.
      await locker.query('LOCK TABLES event_translations WRITE');
      const searches = ['jazz', 'tango', 'trio'].map((word) =>
        request(sut().http).get(`${API}/events?search=${word}`),
      );
      const answers = searches.map((search) => search.then((response) => response));
      // Until the first search waits at the lock (a slow machine may take a while), then a
      // moment more for the others to reach the lane.
      const waitingNow = async (): Promise<number> => {
        const [rows] = await locker.query(
          "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE STATE LIKE '%metadata lock%'",
        );
        return Number((rows as { n: number | string }[])[0]?.n ?? 0);
      };
      for (let tries = 0; tries < 50 && (await waitingNow()) === 0; tries += 1) await pause(100);
      await pause(500);
      const waiting: { n: number | string }[] = await locker
        .query(
          "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE STATE LIKE '%metadata lock%'",
        )
        .then(([rows]) => rows as { n: number | string }[]);

      const started = Date.now();
      const venues = await Promise.race([
        request(sut().http)
          .get(`${API}/venues`)
          .then((response) => response.status),
        pause(3000).then(() => 'still waiting for a connection'),
      ]);
      const waited = Date.now() - started;
      await locker.query('UNLOCK TABLES');

      expect(Number(waiting[0]?.n)).toBe(1);
      expect(venues).toBe(200);
      expect(waited).toBeLessThan(2000);
      const totals = (await Promise.all(answers)).map((response) => [
        response.status,
        (response.body as { total?: number }).total,
      ]);
      expect(totals).toEqual([
        [200, 1],
        [200, 1],
        [200, 1],
      ]);
    } finally {
      await locker.query('UNLOCK TABLES').catch(() => undefined);
      await locker.end();
    }
  });
});
