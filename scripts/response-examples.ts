import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { mintToken } from '../src/access/tokens/mint-token';
import { AppModule } from '../src/app.module';
import { configureApp } from '../src/app.setup';
import { BytesExpressAdapter } from '../src/common/http/bytes-adapter';
import { loadConfig } from '../src/config/load-config';
import { ApiDescription } from '../src/discovery/api-description';
import { exampleKey, RESPONSE_EXAMPLES_FILE } from '../src/discovery/response-examples';

/**
 * Writes `src/discovery/recorded-answers.json`: the success answers the document shows as
 * examples, taken from a real run of the service. It starts the app on an empty SQLite file,
 * creates one item of each kind with the document's own body examples (so those are proved to
 * work too), updates each by id and by slug with theirs, reads each list and item, and deletes
 * last. Links name `http://localhost:3000`, the committed document's server.
 *
 *   npm run openapi:examples
 */

const PUBLIC_URL = 'http://localhost:3000';
const RESOURCES = ['categories', 'tags', 'venues', 'organizers', 'events'] as const;

type Json = Record<string, unknown>;

function asJson(value: unknown): Json {
  return typeof value === 'object' && value !== null ? (value as Json) : {};
}

/** A create body for a second item: its title or name told apart from the first's. */
function another(body: unknown): Json {
  const copy = { ...asJson(body) };
  for (const field of ['title', 'name', 'venue', 'organizer']) {
    if (typeof copy[field] === 'string') copy[field] = `${copy[field]} (second)`;
  }
  return copy;
}

async function main(): Promise<void> {
  const sqlite = join(tmpdir(), `calendar-examples-${randomUUID()}.sqlite`);
  const secret = randomBytes(32).toString('hex');
  Object.assign(process.env, {
    ENV_FILE: '',
    SQLITE_PATH: sqlite,
    MIGRATE_ON_START: 'true',
    PUBLIC_URL,
    SITE_URL: PUBLIC_URL,
    AUTH_JWT_SECRET: secret,
    RATE_LIMIT_MAX: '0',
    LOG_LEVEL: 'error',
    NODE_ENV: 'development',
  });
  delete process.env['DATABASE_URL'];
  delete process.env['CACHE_URL'];
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule,
    new BytesExpressAdapter(),
    {
      bodyParser: false,
      logger: false,
    },
  );
  try {
    configureApp(app);
    await app.listen(0, '127.0.0.1');
    const base = `${(await app.getUrl()).replace('[::1]', '127.0.0.1')}/calendar/events/v1`;
    const document = app.get(ApiDescription).forServer(base);
    const config = loadConfig();
    const token = await mintToken(secret, {
      sub: 1,
      role: 'administrator',
      expiresIn: '10m',
      issuer: config.AUTH_ISSUER,
      audience: config.AUTH_AUDIENCE,
      roleClaim: config.AUTH_ROLE_CLAIM,
    });
    const examples: Record<string, unknown> = {};

    const call = async (method: string, template: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method: method.toUpperCase(),
        headers: {
          authorization: `Bearer ${token}`,
          'accept-language': 'en',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const answer = await response.json();
      if (response.status >= 300) {
        throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
      }
      // The first answer of an operation is its example.
      examples[exampleKey(method, template, response.status)] ??= answer;
      return asJson(answer);
    };
    const bodyExample = (template: string): unknown => {
      const operation = asJson(asJson(document.paths[template])['post']);
      const content = asJson(asJson(operation['requestBody'])['content']);
      const named = asJson(asJson(content['application/json'])['examples']);
      const first = Object.values(named)[0];
      if (first === undefined) throw new Error(`No body example for POST ${template}`);
      return asJson(first)['value'];
    };

    // A subscription first, so the changes below show in its delivery log.
    const hook = await call('post', '/webhooks', '/webhooks', bodyExample('/webhooks'));
    const hookId = String(hook['id']);
    await call('post', '/webhooks/{id}', `/webhooks/${hookId}`, bodyExample('/webhooks/{id}'));

    const created: Record<string, Json> = {};
    for (const resource of RESOURCES) {
      created[resource] = await call(
        'post',
        `/${resource}`,
        `/${resource}`,
        bodyExample(`/${resource}`),
      );
    }
    for (const resource of RESOURCES) {
      const { id, slug } = created[resource] as { id: number; slug: string };
      await call(
        'post',
        `/${resource}/{id}`,
        `/${resource}/${id}`,
        bodyExample(`/${resource}/{id}`),
      );
      const bySlug = `/${resource}/by-slug/{slug}`;
      if (document.paths[bySlug]) {
        await call('post', bySlug, `/${resource}/by-slug/${slug}`, bodyExample(bySlug));
        await call('get', bySlug, `/${resource}/by-slug/${slug}`);
      }
      await call('get', `/${resource}`, `/${resource}`);
      await call('get', `/${resource}/{id}`, `/${resource}/${id}`);
    }
    // Deletes last, the event first, so each answer shows the item as it was linked. Items
    // with slug routes are deleted by slug, and a second one, made for it, by id.
    for (const resource of [...RESOURCES].reverse()) {
      const { id, slug } = created[resource] as { id: number; slug: string };
      const bySlug = `/${resource}/by-slug/{slug}`;
      if (!document.paths[bySlug]) {
        await call('delete', `/${resource}/{id}`, `/${resource}/${id}`);
        continue;
      }
      await call('delete', bySlug, `/${resource}/by-slug/${slug}`);
      const other = await call(
        'post',
        `/${resource}`,
        `/${resource}`,
        another(bodyExample(`/${resource}`)),
      );
      await call('delete', `/${resource}/{id}`, `/${resource}/${String(other['id'])}`);
    }

    await call('get', '/webhooks', '/webhooks');
    await call('get', '/webhooks/{id}', `/webhooks/${hookId}`);
    // The dispatcher has tried the first deliveries (the example receiver does not exist).
    const log = `/webhooks/${hookId}/deliveries?per_page=2`;
    for (let tries = 0; tries < 100; tries += 1) {
      const page = await fetch(`${base}${log}`, { headers: { authorization: `Bearer ${token}` } });
      const first = (asJson(await page.json())['deliveries'] as Json[] | undefined)?.[0];
      if (first !== undefined && first['attempts'] !== 0) break;
      await new Promise((wait) => setTimeout(wait, 100));
    }
    await call('get', '/webhooks/{id}/deliveries', log);
    await call('delete', '/webhooks/{id}', `/webhooks/${hookId}`);

    const sorted = Object.fromEntries(
      Object.entries(examples).sort(([a], [b]) => a.localeCompare(b)),
    );
    const target = resolve(__dirname, '..', RESPONSE_EXAMPLES_FILE);
    writeFileSync(target, `${JSON.stringify(sorted, null, 2)}\n`);
    process.stdout.write(
      `Wrote ${Object.keys(sorted).length} examples to ${RESPONSE_EXAMPLES_FILE}\n`,
    );
  } finally {
    await app.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${sqlite}${suffix}`, { force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `openapi:examples: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
