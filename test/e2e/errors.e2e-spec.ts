import request from 'supertest';
import { createTestApp, TestApp } from '../setup/test-app';

describe('the database gone away', () => {
  let sut: TestApp;

  // Starting the app runs the migrations: the e2e setup's 30 s (test/setup/timeouts.ts) cover it.
  beforeAll(async () => {
    sut = await createTestApp();
    await sut.dataSource.destroy();
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('answers 503 with Retry-After in the error shape and the request language, reads and writes alike', async () => {
    const read = await request(sut.http)
      .get('/calendar/events/v1/events?i18n_language=es')
      .expect(503);
    const write = await sut.admin
      .post('/calendar/events/v1/venues')
      .send({ venue: 'Nowhere' })
      .expect(503);

    for (const response of [read, write]) {
      expect(response.body).toEqual({
        code: 'rest_database_unavailable',
        message: expect.any(String),
        data: { status: 503 },
      });
      expect(response.headers['retry-after']).toBe('1');
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
    expect(read.body.message).toBe(
      'No se ha podido acceder a la base de datos. Vuelva a intentarlo en breve.',
    );
  });
});

describe('unexpected failures (a table moved away behind the service)', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp();
    await sut.dataSource.query('ALTER TABLE event_day_counts RENAME TO event_day_counts_away');
  });
  afterAll(async () => {
    // The MariaDB test database is shared by the suites that follow.
    await sut.dataSource.query('ALTER TABLE event_day_counts_away RENAME TO event_day_counts');
    await sut.close();
  });

  it('answers 500 in the error shape, in the request language, with no internals', async () => {
    const response = await request(sut.http)
      .get('/calendar/events/v1/events?i18n_language=es')
      .expect(500);

    expect(response.body).toEqual({
      code: 'rest_internal_error',
      message: 'El servidor no ha podido completar la petición.',
      data: { status: 500 },
    });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('logs the failure once, on the request line: the error with its stack, the request id, no secret and no SQL', async () => {
    await request(sut.http)
      .get('/calendar/events/v1/events?password=hunter2')
      .set('X-Request-Id', 'broken-1')
      .expect(500);

    const lines = sut.logs().filter((line) => line['request_id'] === 'broken-1');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'error',
      msg: 'request failed',
      req: { method: 'GET', path: '/calendar/events/v1/events?password=[Redacted]' },
      res: { status: 500 },
      err: { type: expect.any(String), stack: expect.stringContaining('    at ') },
    });
    expect(lines[0]?.['err']).not.toMatchObject({ message: 'failed with status code 500' });
    const logged = JSON.stringify(sut.logs());
    expect(logged).not.toContain('hunter2');
    expect(logged).not.toMatch(/\bSELECT\b|"query":|"parameters":/);
  });
});
