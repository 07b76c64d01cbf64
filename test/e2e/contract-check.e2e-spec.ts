import request, { type Response } from 'supertest';
import { ApiDescription } from '../../src/discovery/api-description';
import { ContractCheck, type SeenResponse } from '../setup/contract';
import { createEvent } from '../factories/event.factory';
import { useTestApp } from '../setup/test-app';

/** A response as the check sees it, with `change` applied to its parsed body. */
function seen(
  method: string,
  url: string,
  response: Response,
  change: (body: Record<string, unknown>) => unknown = (body) => body,
  headers: Record<string, string | undefined> = {},
): SeenResponse {
  return {
    method,
    url,
    status: response.status,
    headers: { ...(response.headers as Record<string, string>), ...headers },
    body: JSON.stringify(change(response.body as Record<string, unknown>)),
  };
}

/**
 * The check that every e2e response goes through: it must pass what the app answers and catch
 * each kind of drift from the document.
 */
describe('contract check: responses against the OpenAPI document', () => {
  const app = useTestApp();
  let sut: ContractCheck;

  beforeEach(() => {
    sut = new ContractCheck(app().app.get(ApiDescription).forServer(''));
  });

  it('passes the app’s own answers: a list, an item, an error and the index', async () => {
    const event = await createEvent(app().http);
    const list = await request(app().http).get('/calendar/events/v1/events');
    const item = await request(app().http).get(`/calendar/events/v1/events/${event.id}`);
    const error = await request(app().http).get('/calendar/events/v1/events?per_page=x');
    const index = await request(app().http).get('/es/calendar/events/v1');

    expect(sut.problemsOf(seen('GET', '/calendar/events/v1/events', list))).toEqual([]);
    expect(sut.problemsOf(seen('GET', `/calendar/events/v1/events/${event.id}`, item))).toEqual([]);
    expect(sut.problemsOf(seen('GET', '/calendar/events/v1/events?per_page=x', error))).toEqual([]);
    expect(sut.problemsOf(seen('GET', '/es/calendar/events/v1', index))).toEqual([]);
  });

  it('fails a field the document does not describe, a missing one and a wrong type', async () => {
    const event = await createEvent(app().http);
    const url = `/calendar/events/v1/events/${event.id}`;
    const item = await request(app().http).get(url);

    expect(sut.problemsOf(seen('GET', url, item, (body) => ({ ...body, extra: 1 })))).toEqual([
      expect.stringContaining('must NOT have additional properties'),
    ]);
    expect(sut.problemsOf(seen('GET', url, item, ({ timezone: _gone, ...body }) => body))).toEqual([
      expect.stringContaining("must have required property 'timezone'"),
    ]);
    expect(sut.problemsOf(seen('GET', url, item, (body) => ({ ...body, id: '1' })))).toEqual([
      expect.stringContaining('body/id must be integer'),
    ]);
    expect(
      sut.problemsOf(
        seen('GET', url, item, (body) => ({
          ...body,
          start_date_details: { ...(body['start_date_details'] as object), month: 3 },
        })),
      ),
    ).toEqual(expect.arrayContaining([expect.stringContaining('month must be string')]));
  });

  it('fails a status the operation does not document, and a list without its headers', async () => {
    const list = await request(app().http).get('/calendar/events/v1/events');
    const url = '/calendar/events/v1/events';

    expect(sut.problemsOf({ ...seen('GET', url, list), status: 418 })).toEqual([
      'status 418 is not documented for GET /events',
    ]);
    expect(sut.problemsOf(seen('GET', url, list, undefined, { 'x-tec-total': undefined }))).toEqual(
      ['header X-TEC-Total is missing'],
    );
  });

  it('fails an error code the document does not give for that status', async () => {
    const error = await request(app().http).get('/calendar/events/v1/events?per_page=x');
    const url = '/calendar/events/v1/events?per_page=x';

    expect(
      sut.problemsOf(seen('GET', url, error, (body) => ({ ...body, code: 'rest_made_up' }))),
    ).toEqual([expect.stringContaining('error code rest_made_up is not among')]);
  });

  it('expects an error body on a namespace path the document does not have, and skips the UI', async () => {
    const unknown = await request(app().http).get('/calendar/events/v1/nothing');
    const ui = await request(app().http).get('/docs/');

    expect(sut.problemsOf(seen('GET', '/calendar/events/v1/nothing', unknown))).toEqual([]);
    expect(
      sut.problemsOf({ ...seen('GET', '/calendar/events/v1/nothing', unknown), status: 200 }),
    ).toEqual(['200 on a path and method the document does not have']);
    expect(sut.problemsOf({ ...seen('GET', '/docs/', ui), body: ui.text })).toBeNull();
  });

  it('has checked the responses of this file as they were made', () => {
    // The watcher installed by the test app: this file's requests went through it.
    expect(app().contract.responsesChecked).toBeGreaterThan(0);
  });
});
