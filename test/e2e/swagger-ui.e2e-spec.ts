import { chromium, type Browser, type Page } from 'playwright-core';
import request from 'supertest';
import { bearer } from '../setup/auth';
import { chromiumLaunch } from '../setup/browser';
import { useTestApp } from '../setup/test-app';

/**
 * Swagger UI at /docs in headless Chromium: it loads from the installed package only, lists the
 * operations, and "Try it out" answers, with the language selector and with a bearer token given
 * through "Authorize".
 */
describe('Swagger UI in a real browser', () => {
  // No PUBLIC_URL: the document's server is the address the browser used.
  const app = useTestApp({ PUBLIC_URL: '' });
  let browser: Browser;
  let page: Page;
  let origin: string;
  const requested: string[] = [];

  // A real browser on a busy 2-core machine: a step may take seconds, not milliseconds.
  jest.setTimeout(20_000);

  beforeAll(async () => {
    await app().app.listen(0, '127.0.0.1');
    origin = await app().app.getUrl();
    const launch = await chromiumLaunch();
    browser = await chromium.launch({
      executablePath: launch.executablePath,
      args: [...launch.args],
    });
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    page = await browser.newPage();
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${origin}/docs/`);
    await page.locator('.opblock').first().waitFor();
  }, 30_000);

  afterEach(async () => {
    await page?.close();
  });

  /** Opens an operation and presses "Try it out". */
  async function tryOut(operationId: string, tag: string): Promise<ReturnType<Page['locator']>> {
    const operation = page.locator(`#operations-${tag}-${operationId}`);
    await operation.locator('.opblock-summary').click();
    await operation.locator('.try-out__btn').click();
    return operation;
  }

  /** Presses "Execute" and reads the status of the live response. */
  async function execute(operation: ReturnType<Page['locator']>): Promise<string> {
    await operation.locator('.btn.execute').click();
    const status = operation.locator('.live-responses-table .response .response-col_status');
    await status.first().waitFor();
    return (await status.first().innerText()).trim();
  }

  it('loads from the service alone and lists every resource’s operations', async () => {
    const titles = await page.locator('.opblock-summary-path').allInnerTexts();

    expect(await page.locator('.title').first().innerText()).toContain('Calendar Events API');
    expect(titles).toEqual(
      expect.arrayContaining(['/events', '/events/{id}', '/venues', '/organizers', '/tags']),
    );
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => !url.startsWith(origin))).toEqual([]);
  });

  it('runs "Try it out" on GET /events in the language chosen in the selector', async () => {
    await app()
      .admin.post('/calendar/events/v1/events')
      .send({
        title: 'Listed on the first try',
        start_date: 'tomorrow 19:00',
        end_date: 'tomorrow 21:00',
      })
      .expect(201);
    const operation = await tryOut('EventsController_list', 'events');
    await operation.locator('tr[data-param-name="i18n_language"] select').selectOption('es');

    expect(await execute(operation)).toBe('200');
    const url = new URL(await operation.locator('.request-url pre').innerText());
    expect(`${url.origin}${url.pathname}`).toBe(`${origin}/calendar/events/v1/events`);
    expect(url.searchParams.get('i18n_language')).toBe('es');
    expect(url.searchParams.get('per_page')).toBe('10');
    // The form as it opens filters nothing away: no example date in modified_after or the like.
    expect(url.searchParams.get('modified_after')).toBeNull();
    expect(
      await operation.locator('.live-responses-table tbody .response-col_description').innerText(),
    ).toContain('Listed on the first try');
    expect(
      await operation.locator('.live-responses-table tbody .response-col_description').innerText(),
    ).toMatch(/content-language: es/i);
  });

  /** Gives an administrator's token in "Authorize", reading what the dialog says first. */
  async function authorize(): Promise<string> {
    await page.locator('.btn.authorize').first().click();
    const said = await page.locator('.auth-container').first().innerText();
    await page
      .locator('.auth-container input')
      .first()
      .fill((await bearer('administrator')).slice(7));
    await page.locator('.modal-btn.auth.authorize').click();
    await page.locator('.btn-done').click();
    return said;
  }

  /** The text of an operation's live response. */
  async function answer(operation: ReturnType<Page['locator']>): Promise<string> {
    return operation.locator('.live-responses-table tbody .response-col_description').innerText();
  }

  it('draws a padlock on the operations that need a token, and none on public reads', async () => {
    /** The padlock of an operation's summary, as Swagger UI labels it, or none. */
    const padlock = async (id: string): Promise<string | null> => {
      const button = page.locator(`#operations-${id} .opblock-summary .authorization__btn`);
      return (await button.count()) === 0 ? null : await button.getAttribute('aria-label');
    };

    expect(await padlock('events-EventsController_list')).toBeNull();
    expect(await padlock('events-EventsController_get')).toBeNull();
    expect(await padlock('venues-VenuesController_list')).toBeNull();
    expect(await padlock('events-EventsController_create')).toBe('authorization button unlocked');
    expect(await padlock('tags-TagsController_delete')).toBe('authorization button unlocked');
    // Webhooks are read with a token only.
    expect(await padlock('webhooks-WebhooksController_list')).toBe('authorization button unlocked');
    await authorize();
    expect(await padlock('events-EventsController_create')).toBe('authorization button locked');
    expect(await padlock('events-EventsController_list')).toBeNull();
  });

  it('sends the token given in "Authorize" with writes, and with reads, which then show drafts', async () => {
    await app()
      .admin.post('/calendar/events/v1/events')
      .send({
        title: 'A draft only editors see',
        status: 'draft',
        start_date: 'tomorrow 19:00',
        end_date: 'tomorrow 21:00',
      })
      .expect(201);
    // The dialog says how to get a token.
    expect(await authorize()).toContain('npm run token');
    const list = await tryOut('EventsController_list', 'events');
    await list.locator('tr[data-param-name="status"] select').selectOption('draft');

    expect(await execute(list)).toBe('200');
    expect(await answer(list)).toContain('A draft only editors see');
  });

  it('creates an event with POST /events as the form opens, in JSON and form-encoded', async () => {
    await authorize();
    const operation = await tryOut('EventsController_create', 'events');

    // JSON: the example body as it opens.
    expect(await execute(operation)).toBe('201');
    expect(await answer(operation)).toContain('"title": "Jazz on the roof"');

    // Form-encoded: each field with its example or empty; empty fields are not sent.
    await operation
      .locator('.body-param-content-type select')
      .selectOption('application/x-www-form-urlencoded');
    expect(
      await operation.locator('tr[data-property-name="title"] input[type="text"]').inputValue(),
    ).toBe('Jazz on the roof');
    expect(
      await operation.locator('tr[data-property-name="author"] input[type="text"]').inputValue(),
    ).toBe('');
    expect(await execute(operation)).toBe('201');
    expect(await answer(operation)).toContain('"hide_from_listings": false');
    const curl = await operation.locator('.curl-command').innerText();
    expect(curl).toContain('application/x-www-form-urlencoded');
    expect(curl).toContain('title=Jazz%20on%20the%20roof');
    expect(curl).not.toContain('author=');

    const created = await request(app().http)
      .get('/calendar/events/v1/events?search=roof')
      .expect(200);
    expect((created.body as { total: number }).total).toBe(2);
  });
});
