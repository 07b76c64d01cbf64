import request from 'supertest';
import { createTestApp, TestApp } from '../setup/test-app';

describe('unexpected failures', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(async () => {
    await sut.close();
  });

  it('answers 500 in the error shape, in the request language, with no internals', async () => {
    await sut.dataSource.destroy();

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
});
