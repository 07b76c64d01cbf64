import request from 'supertest';
import { createEvent } from '../factories/event.factory';
import { TestApp, useTestApp } from '../setup/test-app';

const EVENTS = '/calendar/events/v1/events';

describe('languages', () => {
  const app = useTestApp();
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });

  it('stores a create in the request language, which becomes the original language', async () => {
    const event = await createEvent(
      sut.http,
      { title: 'Concierto', description: 'Piano' },
      '?i18n_language=es',
    );

    const response = await request(sut.http).get(`${EVENTS}/${event.id}`).expect(200);

    expect(response.body).toMatchObject({
      title: 'Concierto',
      i18n_language: 'es',
      i18n_translations: ['es'],
    });
    expect(response.headers['content-language']).toBe('en');
  });

  it('adds a translation on update and falls back field by field to the original', async () => {
    const event = await createEvent(sut.http, { title: 'Concert', description: 'Piano solo' });

    await sut.admin
      .post(`${EVENTS}/${event.id}?i18n_language=ca`)
      .send({ title: 'Concert de piano' })
      .expect(200);
    const catalan = await request(sut.http)
      .get(`${EVENTS}/${event.id}?i18n_language=ca`)
      .expect(200);
    const spanish = await request(sut.http)
      .get(`${EVENTS}/${event.id}`)
      .set('Accept-Language', 'es-ES;q=0.9, fr;q=1')
      .expect(200);
    const english = await request(sut.http).get(`${EVENTS}/${event.id}`).expect(200);

    expect(catalan.body).toMatchObject({
      title: 'Concert de piano',
      description: '<p>Piano solo</p>',
      i18n_language: 'ca',
      i18n_translations: ['ca', 'en'],
    });
    expect(catalan.headers['content-language']).toBe('ca');
    expect(spanish.body).toMatchObject({ title: 'Concert', i18n_language: 'en' });
    expect(spanish.headers['content-language']).toBe('es');
    expect(english.body.title).toBe('Concert');
  });

  it('takes the language from a path segment before the namespace and keeps it in links', async () => {
    const event = await createEvent(sut.http, { title: 'Fira' }, '?i18n_language=ca');
    await sut.admin.post(`/es${EVENTS}/${event.id}`).send({ title: 'Feria' }).expect(200);

    const response = await request(sut.http).get(`/es${EVENTS}`).expect(200);

    expect(response.body.events[0]).toMatchObject({ title: 'Feria', i18n_language: 'es' });
    expect(response.body.rest_url).toMatch(
      /^https:\/\/api\.calendar\.test\/es\/calendar\/events\/v1\/events\//,
    );
    expect(response.headers['content-language']).toBe('es');
  });

  it('answers a path under a language it does not serve 404, naming the languages it serves', async () => {
    for (const language of ['fr', 'de-DE']) {
      const response = await request(sut.http)
        .get(`/${language}/calendar/events/v1/events`)
        .expect(404);
      expect(response.body).toEqual({
        code: 'rest_no_route',
        message: expect.stringContaining(
          `"${language}": the languages served are ca, en, es`,
        ) as unknown,
        data: { status: 404 },
      });
    }
    // Elsewhere, a route not found is WordPress's as before.
    const other = await request(sut.http).get('/fr/somewhere').expect(404);
    expect((other.body as { message: string }).message).toBe(
      'No route was found matching the URL and request method.',
    );
  });

  it('lets the i18n_language parameter win over the path and the header', async () => {
    const event = await createEvent(sut.http, { title: 'Night' });

    const response = await request(sut.http)
      .get(`/es${EVENTS}/${event.id}?i18n_language=ca`)
      .set('Accept-Language', 'es')
      .expect(200);

    expect(response.headers['content-language']).toBe('ca');
  });

  it('takes i18n_language from a write body when the query has none', async () => {
    const event = await createEvent(sut.http, { title: 'Nit', i18n_language: 'ca' });

    expect(event['i18n_translations']).toEqual(['ca']);
  });

  it('answers an unknown i18n_language with 400 and an unknown segment with 404', async () => {
    const bad = await request(sut.http).get(`${EVENTS}?i18n_language=fr`).expect(400);
    await request(sut.http).get(`/fr${EVENTS}`).expect(404);

    expect(bad.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { i18n_language: 'i18n_language must be one of: ca, en, es.' } },
    });
  });

  it('writes error messages in the request language', async () => {
    const spanish = await request(sut.http).get(`${EVENTS}/999?i18n_language=es`).expect(404);
    const catalan = await request(sut.http).get(`/ca${EVENTS}?page=0`).expect(400);

    expect(spanish.body.message).toBe('El evento con ID 999 no existe.');
    expect(spanish.headers['content-language']).toBe('es');
    expect(catalan.body).toMatchObject({
      message: 'Paràmetre(s) no vàlid(s): page',
      data: { params: { page: 'Paràmetre no vàlid.' } },
    });
  });

  it('searches the text a reader of the request language sees', async () => {
    const event = await createEvent(sut.http, { title: 'Dance night', description: 'Salsa' });
    await sut.admin
      .post(`${EVENTS}/${event.id}?i18n_language=es`)
      .send({ title: 'Noche de baile' })
      .expect(200);

    const spanish = await request(sut.http)
      .get(`${EVENTS}?search=baile%20salsa&i18n_language=es`)
      .expect(200);
    const english = await request(sut.http).get(`${EVENTS}?search=baile`).expect(200);

    expect(spanish.body.total).toBe(1);
    expect(english.body.total).toBe(0);
  });
});
