import { Controller, Get, Module } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import request from 'supertest';
import { DataSource, QueryFailedError } from 'typeorm';
import { onMysql, useTestApp } from '../setup/test-app';

/** A route whose query runs for 20 s, outside the API's namespace. */
@Controller('test-only')
class SlowQueryController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('slow-query')
  async slowQuery(): Promise<{ done: true }> {
    await this.dataSource.query('SELECT SLEEP(20)');
    return { done: true };
  }
}

@Module({ controllers: [SlowQueryController] })
class SlowQueryModule {}

/**
 * MySQL and MariaDB stop a statement at the request deadline, so an abandoned query cannot hold a
 * pool connection. (SQLite runs each query on the event loop; it has no such limit.)
 */
(onMysql ? describe : describe.skip)('query deadline (MySQL/MariaDB)', () => {
  // One connection: a query that kept it would starve every other request.
  const app = useTestApp({ REQUEST_TIMEOUT_MS: '1000', DATABASE_POOL_SIZE: '1' }, [
    SlowQueryModule,
  ]);

  it('stops a slow query at REQUEST_TIMEOUT_MS and serves the next request on its connection', async () => {
    const started = Date.now();
    const slow = await request(app().http).get('/test-only/slow-query').expect(503);
    const next = await request(app().http).get('/calendar/events/v1/venues').expect(200);

    expect(slow.body).toMatchObject({ code: 'rest_response_timeout' });
    expect(next.body).toMatchObject({ total: 0 });
    // Without the limit the next request would wait for the 20 s query.
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers a query stopped by the limit as a statement timeout, not an internal error', async () => {
    const started = Date.now();
    const outcome = await app()
      .dataSource.query('SELECT SLEEP(20)')
      .then(
        () => 'finished',
        (error: unknown) => error,
      );

    expect(outcome).toBeInstanceOf(QueryFailedError);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  describe('when the client hangs up', () => {
    // A deadline far away: only the hang-up can free the one connection in time.
    const slowApp = useTestApp({ REQUEST_TIMEOUT_MS: '20000', DATABASE_POOL_SIZE: '1' }, [
      SlowQueryModule,
    ]);

    it('stops the request’s query, so the next request is served at once', async () => {
      await request(slowApp().http)
        .get('/test-only/slow-query')
        .timeout(500)
        .then(
          () => 'answered',
          (error: Error) => error.message,
        );
      const started = Date.now();
      await request(slowApp().http).get('/calendar/events/v1/venues').expect(200);

      expect(Date.now() - started).toBeLessThan(5000);
      const running: unknown[] = await slowApp().dataSource.query(
        "SELECT id FROM information_schema.PROCESSLIST WHERE INFO LIKE 'SELECT SLEEP(20)%'",
      );
      expect(running).toEqual([]);
    });
  });
});
