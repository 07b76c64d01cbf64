import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { ConfigurationError } from '../config/load-config';
import { PostEntity } from '../posts/post.entity';
import { ImportedItemEntity } from '../posts/imported-item.entity';
import { ImportProgressEntity } from '../import/entities/import-progress.entity';
import { EventEntity } from '../events/entities/event.entity';
import { EventTranslationEntity } from '../events/entities/event-translation.entity';
import { EventOrganizerEntity } from '../events/entities/event-organizer.entity';
import { EventTermEntity } from '../events/entities/event-term.entity';
import { EventTermListingEntity } from '../events/entities/event-term-listing.entity';
import { EventDayCountEntity } from '../events/entities/event-day-count.entity';
import { ChangeEntity, ChangeHeadEntity } from '../changes/entities/change.entity';
import { OutboxCursorEntity } from '../changes/entities/outbox-cursor.entity';
import { WebhookEntity } from '../webhooks/entities/webhook.entity';
import { WebhookDeliveryEntity } from '../webhooks/entities/webhook-delivery.entity';
import { OrganizerEntity } from '../organizers/entities/organizer.entity';
import { OrganizerTranslationEntity } from '../organizers/entities/organizer-translation.entity';
import { TermEntity } from '../terms/entities/term.entity';
import { TermCountEntity } from '../terms/entities/term-count.entity';
import { TermTranslationEntity } from '../terms/entities/term-translation.entity';
import { VenueEntity } from '../venues/entities/venue.entity';
import { VenueTranslationEntity } from '../venues/entities/venue-translation.entity';

/** Every entity of the service; the TypeORM CLI and the app share this list. */
export const ENTITIES = [
  PostEntity,
  EventEntity,
  EventTranslationEntity,
  VenueEntity,
  VenueTranslationEntity,
  OrganizerEntity,
  OrganizerTranslationEntity,
  TermEntity,
  TermTranslationEntity,
  TermCountEntity,
  EventOrganizerEntity,
  EventTermEntity,
  EventTermListingEntity,
  EventDayCountEntity,
  ChangeEntity,
  ChangeHeadEntity,
  OutboxCursorEntity,
  WebhookEntity,
  WebhookDeliveryEntity,
  ImportedItemEntity,
  ImportProgressEntity,
];

export type DatabaseKind = 'mysql' | 'sqlite';

/** Which server a MySQL-protocol URL reaches; TypeORM reads MariaDB's catalog differently. */
export type MysqlFlavour = 'mysql' | 'mariadb';

/** `url` as the `mysql2` driver takes it (`mariadb://` is accepted in the configuration). */
export function driverUrl(url: string): string {
  return url.replace(/^mariadb:/, 'mysql:');
}

/** Asks the server at `url` whether it is MariaDB or MySQL. */
export async function detectMysqlFlavour(url: string): Promise<MysqlFlavour> {
  const { createConnection } = await import('mysql2/promise');
  const connection = await createConnection(driverUrl(url)).catch((error: unknown) => {
    throw unreachableDatabase(url, error);
  });
  try {
    const [rows] = await connection.query('SELECT VERSION() AS version');
    const version = Array.isArray(rows)
      ? (rows[0] as { version?: unknown } | undefined)?.version
      : '';
    return String(version).toLowerCase().includes('mariadb') ? 'mariadb' : 'mysql';
  } finally {
    await connection.end();
  }
}

/**
 * A failure to connect to `DATABASE_URL` that is the operator's to fix, said with the database
 * and server named (mysql2 says "Unknown database '?'" for a missing one); else `error`.
 */
function unreachableDatabase(url: string, error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return error;
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  const server = `${parsed.hostname}:${parsed.port || '3306'}`;
  switch (code) {
    case 'ER_BAD_DB_ERROR':
      return new ConfigurationError(
        `The database "${database}" that DATABASE_URL names does not exist on ${server}: create it ` +
          `(CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci) ` +
          'or fix DATABASE_URL',
      );
    case 'ER_ACCESS_DENIED_ERROR':
    case 'ER_DBACCESS_DENIED_ERROR':
      return new ConfigurationError(
        `The server ${server} refused the user of DATABASE_URL for the database "${database}": ` +
          'check the user, its password and its grants',
      );
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new ConfigurationError(
        `No database server answers at ${server} (${String(code)}): start it or fix DATABASE_URL`,
      );
    default:
      return error;
  }
}

/** What the database options are made from. */
export type DatabaseSettings = Pick<AppConfig, 'DATABASE_URL' | 'SQLITE_PATH'> &
  Partial<Pick<AppConfig, 'DATABASE_POOL_SIZE'>>;

export function databaseKind(config: Pick<AppConfig, 'DATABASE_URL'>): DatabaseKind {
  return config.DATABASE_URL ? 'mysql' : 'sqlite';
}

/** Options for the configured database, asking a MySQL-protocol server what it is first. */
export async function resolveDataSourceOptions(
  config: DatabaseSettings,
): Promise<DataSourceOptions> {
  if (!config.DATABASE_URL) return dataSourceOptions(config);
  return dataSourceOptions(config, await detectMysqlFlavour(config.DATABASE_URL));
}

/**
 * TypeORM options for the configured database: MySQL/MariaDB from `DATABASE_URL` with its
 * committed migrations run by `npm run migration:run`, or else the embedded SQLite file, whose
 * migrations run at start so a fresh clone serves at once. `synchronize` is always off.
 */
export function dataSourceOptions(
  config: DatabaseSettings,
  flavour: MysqlFlavour = 'mysql',
): DataSourceOptions {
  const kind = databaseKind(config);
  const migrations = [join(__dirname, 'migrations', kind, '*.{ts,js}')];
  if (kind === 'mysql') {
    const url = driverUrl(config.DATABASE_URL ?? '');
    return {
      type: flavour,
      url,
      entities: ENTITIES,
      migrations,
      synchronize: false,
      migrationsRun: false,
      timezone: 'Z',
      charset: 'utf8mb4_unicode_ci',
      supportBigNumbers: true,
      // No stack captured per statement for errors' traces: 3-4% of the service's CPU at 1M
      // events with writes (docs/decisions.md, "No stack capture per statement").
      trace: false,
      extra: { connectionLimit: config.DATABASE_POOL_SIZE ?? 10 },
    };
  }
  const file = config.SQLITE_PATH;
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  return {
    type: 'better-sqlite3',
    database: file,
    entities: ENTITIES,
    migrations,
    synchronize: false,
    migrationsRun: true,
    prepareDatabase: (db: { pragma: (source: string) => unknown }) => {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.pragma('foreign_keys = ON');
    },
  };
}

/**
 * `options` with reads spread over the replicas at `replicaUrls` (MySQL and MariaDB; each gets a
 * pool of the primary's size). Writes, transactions and the reads of a write request stay on the
 * primary (`RoutingDataSource`).
 */
export function withReplicas(
  options: DataSourceOptions,
  replicaUrls: readonly string[],
): DataSourceOptions {
  if (replicaUrls.length === 0 || (options.type !== 'mysql' && options.type !== 'mariadb')) {
    return options;
  }
  const { url, ...primary } = options;
  return {
    ...primary,
    replication: {
      master: { url },
      slaves: replicaUrls.map((replica) => ({ url: driverUrl(replica) })),
    },
  };
}
