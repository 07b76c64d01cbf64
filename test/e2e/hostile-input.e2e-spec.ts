import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { eventBody } from '../factories/event.factory';
import { TestApp, useTestApp } from '../setup/test-app';

const BASE = '/calendar/events/v1';
const EVENTS = `${BASE}/events`;

/**
 * Requests no honest client sends, each of which once answered 500 (or hung): every one gets
 * its 4xx in the error shape, writes nothing, and leaves nothing of the body in the log.
 */
describe('hostile input', () => {
  const app = useTestApp();
  let sut: TestApp;
  beforeEach(() => {
    sut = app();
  });

  async function eventCount(): Promise<string> {
    const list = await sut.admin.get(
      `${EVENTS}?status=any&per_page=1&start_date=2000-01-01&end_date=2100-01-01`,
    );
    return String(list.headers['x-tec-total']);
  }

  it('answers a body whose declared encoding it does not decode 400 rest_invalid_body', async () => {
    for (const encoding of ['gzip', 'br', 'deflate']) {
      const response = await sut.admin
        .post(EVENTS)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .send(JSON.stringify(eventBody()))
        .expect(400);
      expect(response.body).toMatchObject({ code: 'rest_invalid_body', data: { status: 400 } });
    }
    expect(await eventCount()).toBe('0');
  });

  it("answers JSON sent as a form (curl's -d without a type) 415, naming the type and the fix", async () => {
    const json = JSON.stringify({ ...eventBody(), categories: ['Music & Jazz'], cost: '5+5=10%' });
    for (const body of [json, `  ${json}\n`, JSON.stringify([eventBody()])]) {
      const response = await sut.admin
        .post(EVENTS)
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .send(body)
        .expect(415);
      expect(response.body).toMatchObject({
        code: 'rest_unsupported_media_type',
        message: expect.stringContaining(
          'sent as application/x-www-form-urlencoded: send it with Content-Type: application/json',
        ) as unknown,
        data: { status: 415 },
      });
    }
    // Spanish, as every error: the request's language.
    const spanish = await sut.admin.post(`/es${EVENTS}`).type('form').send(json).expect(415);
    expect((spanish.body as { message: string }).message).toContain('envíelo con Content-Type');
    expect(await eventCount()).toBe('0');
    // A real form, even one whose value is JSON, is still a form.
    await sut.admin
      .post(EVENTS)
      .type('form')
      .send(new URLSearchParams({ ...eventBody(), description: '{"a":1}' }).toString())
      .expect(201);
  });

  it('still reads a body that is gzip-compressed as it says', async () => {
    await sut.admin
      .post(EVENTS)
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      // As bytes: superagent would otherwise write a Buffer sent as JSON as its JSON form (its
      // types say a serializer returns a string; a Buffer is written as it is).
      .serialize(((body: Buffer) => body) as unknown as (body: unknown) => string)
      .send(gzipSync(JSON.stringify(eventBody({ title: 'Zipped' }))))
      .expect(201);
  });

  it('answers a form with too many fields 413 rest_too_many_fields, and logs none of it', async () => {
    const fields = Array.from({ length: 2500 }, (_, index) => `f${index}=1`).join('&');
    const response = await sut.admin
      .post(EVENTS)
      .type('form')
      .set('X-Request-Id', 'many-fields')
      .send(`title=x&password=hunter2&${fields}`)
      .expect(413);

    expect(response.body).toMatchObject({
      code: 'rest_too_many_fields',
      message: 'The request body has more than the allowed 2000 fields.',
    });
    // A caller's mistake: not logged as an error, and the body nowhere in the log.
    expect(sut.logs().find((log) => log['request_id'] === 'many-fields')).toBeUndefined();
    expect(JSON.stringify(sut.logs())).not.toContain('hunter2');
    expect(await eventCount()).toBe('0');
  });

  it('drops keys that reach prototypes, wherever they are, instead of failing', async () => {
    const body = `{"title":"Proto","constructor":{"a":1},"__proto__":{"status":"draft"},"start_date":"2030-01-01 10:00:00","end_date":"2030-01-01 11:00:00","timezone":"UTC"}`;
    const created = await sut.admin
      .post(EVENTS)
      .set('Content-Type', 'application/json')
      .send(body)
      .expect(201);
    expect(created.body).toMatchObject({ title: 'Proto', status: 'publish' });

    for (const field of [
      '"venue":{"constructor":1}',
      '"categories":[{"constructor":1}]',
      '"organizer":{"__proto__":{"id":1}}',
    ]) {
      const response = await sut.admin
        .post(EVENTS)
        .set('Content-Type', 'application/json')
        .send(
          `{"title":"x","start_date":"2030-01-01 10:00:00","end_date":"2030-01-01 11:00:00",${field}}`,
        );
      expect([field, response.status, response.body.code]).toEqual([
        field,
        400,
        'rest_invalid_param',
      ]);
    }
    await request(sut.http).get(`${EVENTS}?constructor=1&__proto__[x]=1`).expect(200);
    expect(await eventCount()).toBe('1');
  });

  it('refuses a field nested thousands of levels deep as an invalid parameter', async () => {
    const deep = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
    const response = await sut.admin
      .post(EVENTS)
      .set('Content-Type', 'application/json')
      .send(`{"title":${deep},"start_date":"2030-01-01 10:00:00","end_date":"2030-01-01 11:00:00"}`)
      .expect(400);
    expect(response.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { title: expect.any(String) } },
    });
  });

  it('refuses list parameters mixing values and keys, and absurd numbers, as invalid parameters', async () => {
    for (const query of [
      'tags=1&tags[x]=2',
      'categories[a][b]=2',
      'page=99999999999999999999',
      'per_page=1e400',
    ]) {
      const response = await request(sut.http).get(`${EVENTS}?${query}`);
      expect([query, response.status, response.body.code]).toEqual([
        query,
        400,
        'rest_invalid_param',
      ]);
    }
  });

  it('takes a null publication date as no date, and refuses an image id past 32 bits', async () => {
    await sut.admin
      .post(EVENTS)
      .send(eventBody({ title: 'No date', date_utc: null, date: null }))
      .expect(201);
    for (const image of [4294967296, 1e300]) {
      const response = await sut.admin.post(EVENTS).send(eventBody({ image })).expect(400);
      expect(response.body).toMatchObject({ data: { params: { image: expect.any(String) } } });
    }
    await sut.admin
      .post(EVENTS)
      .send(eventBody({ image: 4294967295 }))
      .expect(201);
  });

  it('turns a POST only into the update and delete verbs: a read or HEAD override is no route, answered at once', async () => {
    for (const [query, header] of [
      ['?_method=HEAD', undefined],
      ['', 'HEAD'],
      ['', 'GET'],
      ['?_method=OPTIONS', undefined],
    ] as const) {
      const call = sut.admin.post(`${EVENTS}${query}`).timeout(5000);
      if (header) call.set('X-HTTP-Method-Override', header);
      const response = await call.send(eventBody());
      expect([query, header, response.status, response.body.code]).toEqual([
        query,
        header,
        404,
        'rest_no_route',
      ]);
    }
    expect(await eventCount()).toBe('0');
  });
});
