import request from 'supertest';
import { createTestApp, TestApp } from '../setup/test-app';

describe('unexpected failures (the database has gone away)', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp();
    await sut.dataSource.destroy();
  });
  afterAll(async () => {
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

  it('logs the failure once, on the request line: the error with its stack, the request id, no secret', async () => {
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
      err: { stack: expect.stringContaining('\n    at ') },
    });
    expect(lines[0]?.['err']).not.toMatchObject({ message: 'failed with status code 500' });
    expect(JSON.stringify(sut.logs())).not.toContain('hunter2');
  });
});
