import 'reflect-metadata';
import pino from 'pino';
import { DataSource } from 'typeorm';
import { ConfigurationError, loadConfig } from '../config/load-config';
import { resolveDataSourceOptions } from './data-source.options';

/**
 * Runs the pending migrations on the configured database (the primary), then exits: 0 when the
 * schema is current, 1 otherwise. The release step before a new version serves, and the
 * one-shot `migrate` job of docker-compose.yml. Needs only the built files (no TypeScript).
 *
 *   node dist/database/migrate.js
 */
async function migrate(): Promise<void> {
  const logger = pino({
    base: { service: 'calendar-events', task: 'migrate' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
  try {
    const dataSource = new DataSource(await resolveDataSourceOptions(loadConfig()));
    await dataSource.initialize();
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      logger.info(
        { applied: applied.map((migration) => migration.name) },
        applied.length > 0 ? `applied ${applied.length} migration(s)` : 'the schema is current',
      );
    } finally {
      await dataSource.destroy();
    }
  } catch (error: unknown) {
    logger.error(
      error instanceof ConfigurationError ? error.message : { err: error },
      'migrations failed',
    );
    process.exitCode = 1;
  }
}

void migrate();
