import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../client/calendar-api';
import { bearer } from '../setup/auth';
import { useTestApp } from '../setup/test-app';

/**
 * A client typed by `openapi-typescript` from docs/openapi.json (the document `/doc` serves),
 * used over real HTTP against the running app: the document is usable as generated.
 */
describe('typed client generated from the OpenAPI document', () => {
  const app = useTestApp();
  let sut: Client<paths>;

  beforeAll(async () => {
    await app().app.listen(0, '127.0.0.1');
    sut = createClient<paths>({ baseUrl: `${await app().app.getUrl()}/calendar/events/v1` });
  });

  it('creates, reads, lists and deletes an event, with the types the document gives', async () => {
    const headers = { Authorization: await bearer('administrator') };
    const created = await sut.POST('/events', {
      headers,
      body: {
        title: 'Typed client night',
        start_date: 'tomorrow 20:00',
        end_date: 'tomorrow 23:00',
        timezone: 'Europe/Madrid',
        cost: ['5€', '10€'],
      },
    });
    expect(created.response.status).toBe(201);
    const id: number = created.data?.id ?? 0;
    expect(created.data?.cost_details.values).toEqual(['5', '10']);

    const read = await sut.GET('/events/{id}', {
      params: { path: { id }, query: { i18n_language: 'es' } },
    });
    expect(read.data?.title).toBe('Typed client night');
    expect(read.response.headers.get('Content-Language')).toBe('es');

    const list = await sut.GET('/events', { params: { query: { per_page: 5, search: 'typed' } } });
    // The list is JSON or, asked for with Accept: text/calendar, iCalendar text.
    const page = typeof list.data === 'string' ? undefined : list.data;
    expect(page?.events.map((event) => event.id)).toEqual([id]);
    expect(list.response.headers.get('X-TEC-Total')).toBe('1');

    const trashed = await sut.DELETE('/events/{id}', { headers, params: { path: { id } } });
    expect(trashed.data?.status).toBe('trash');
  });

  it('gives errors the Error type', async () => {
    const refused = await sut.POST('/events', {
      headers: { Authorization: await bearer('administrator') },
      body: { title: 'Backwards', start_date: 'tomorrow 20:00', end_date: 'tomorrow 18:00' },
    });

    expect(refused.response.status).toBe(400);
    expect(refused.error?.code).toBe('rest_invalid_param');
    expect(Object.keys(refused.error?.data.params ?? {})).toEqual(['end_date']);
  });
});
