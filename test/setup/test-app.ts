import { INestApplication, Type } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { Logger } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { App } from 'supertest/types';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/app.setup';
import { BytesExpressAdapter } from '../../src/common/http/bytes-adapter';
import { rebuildAllListing } from '../../src/events/listing/term-listing';
import { ReadCache } from '../../src/read-cache/read-cache';
import { AppConfig } from '../../src/config/app-config';
import { loadConfig } from '../../src/config/load-config';
import { ApiDescription } from '../../src/discovery/api-description';
import { RequestLogging } from '../../src/observability/request-logging';
import { adminClient, TEST_SECRET } from './auth';
import { checkContract, ContractCheck } from './contract';
import type { LogLine } from './service-process';

/** Tables in an order that deletes children before parents. */
const TABLES = [
  'import_progress',
  'imported_items',
  'webhook_deliveries',
  'webhooks',
  'changes',
  'event_day_counts',
  'event_term_listing',
  'event_terms',
  'event_organizers',
  'term_translations',
  'term_counts',
  'terms',
  'venue_translations',
  'venues',
  'organizer_translations',
  'organizers',
  'event_translations',
  'events',
  'posts',
];

export interface TestApp {
  readonly app: INestApplication<App>;
  readonly http: App;
  readonly dataSource: DataSource;
  readonly config: AppConfig;
  /** Checks every response of this app against its OpenAPI document. */
  readonly contract: ContractCheck;
  /** The JSON lines the app logged so far (kept here instead of written to standard output). */
  logs(): LogLine[];
  /** A client that sends an administrator's token (user 1) with every request. */
  readonly admin: ReturnType<typeof request.agent>;
  /** Empties every table, so each test starts from nothing. */
  reset(): Promise<void>;
  /**
   * Changes data behind the service's back (as a script would), then rebuilds the events'
   * listing rows and clears the read cache, which only the service's own writes keep in step.
   */
  changeBehind(sql: string, parameters?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

/** True when the suite runs against MySQL/MariaDB (`DATABASE_URL` set). */
export const onMysql = Boolean(process.env['DATABASE_URL']);

/**
 * Boots the whole app exactly as serve.ts does, on the database of the environment: MariaDB or
 * MySQL when `DATABASE_URL` is set (its migrations are run), else a fresh SQLite file.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  extraModules: Type[] = [],
): Promise<TestApp> {
  const sqlitePath = join(tmpdir(), `calendar-e2e-${randomUUID()}.sqlite`);
  const config = loadConfig(
    {
      ...process.env,
      SQLITE_PATH: sqlitePath,
      LOG_LEVEL: 'error',
      PUBLIC_URL: 'https://api.calendar.test',
      SITE_URL: 'https://calendar.test:8443/site',
      AUTH_JWT_SECRET: TEST_SECRET,
      // Suites make hundreds of requests a minute as one user; the limits suite turns it on.
      RATE_LIMIT_MAX: '0',
      // A test database is migrated as the app starts (production refuses and asks for it).
      MIGRATE_ON_START: 'true',
      // Webhook delivery runs in the suites that test it.
      WEBHOOKS_DISPATCH: 'false',
      // The suites' receivers listen on this host, which deliveries are refused by default.
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1,localhost',
      ...overrides,
    },
    null,
  );
  const logLines: string[] = [];
  const moduleRef = await Test.createTestingModule({ imports: [AppModule, ...extraModules] })
    .overrideProvider(AppConfig)
    .useValue(config)
    .overrideProvider(RequestLogging)
    .useValue(new RequestLogging(config, { write: (line: string) => logLines.push(line) }))
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>(new BytesExpressAdapter(), {
    bodyParser: false,
    bufferLogs: true,
  });
  // Nest's own messages on the JSON logger, as serve.ts does, so they are kept with the rest.
  app.useLogger(app.get(Logger));
  configureApp(app);
  await app.init();
  const contract = checkContract(
    app.getHttpServer(),
    app.get(ApiDescription).forServer(''),
    config.API_PREFIX,
  );
  const dataSource = app.get(DataSource);
  if (config.DATABASE_URL) await dataSource.runMigrations();
  const http = app.getHttpServer();
  return {
    app,
    http,
    dataSource,
    config,
    contract,
    logs: () => logLines.map((line) => JSON.parse(line) as LogLine),
    admin: await adminClient(http),
    async reset() {
      for (const table of TABLES) await dataSource.query(`DELETE FROM ${table}`);
      await app.get(ReadCache).clear();
    },
    async changeBehind(sql, parameters) {
      await dataSource.query(sql, parameters);
      // What an operator who edits tables by hand does next: rebuild what is derived from them.
      await dataSource.transaction((manager) => rebuildAllListing(manager));
      await app.get(ReadCache).clear();
    },
    async close() {
      if (!dataSource.isInitialized) await dataSource.initialize();
      await app.close();
      if (!config.DATABASE_URL) {
        for (const suffix of ['', '-wal', '-shm']) {
          rmSync(`${sqlitePath}${suffix}`, { force: true });
        }
      }
    },
  };
}

/**
 * Boots one app for the enclosing `describe` and empties the database before each test; returns
 * a getter for it.
 */
export function useTestApp(
  overrides: Record<string, string> = {},
  extraModules: Type[] = [],
): () => TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(overrides, extraModules);
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await app?.reset();
  });
  return () => {
    if (!app) throw new Error('The test app is not running');
    return app;
  };
}
