// First: on an unsupported Node, one line and exit 1 before a native module loads.
import '../common/runtime/supported-node';
import 'reflect-metadata';
import { readCommandLine } from '../common/cli/command-line';
import { runDatabaseTask } from './database-task';

/**
 * Runs the pending migrations on the configured database (the primary), then exits: 0 when the
 * schema is current, 1 otherwise. The release step before a new version serves, and the
 * one-shot `migrate` job of docker-compose.yml. Needs only the built files (no TypeScript).
 *
 *   node dist/database/migrate.js
 */
readCommandLine({
  usage: 'npm run migrate',
  about:
    'Applies the pending migrations to the database DATABASE_URL names (the primary), then\n' +
    'exits 0 when the schema is current, 1 otherwise. SQLite migrates at start by itself.',
  options: {},
  notes: 'Environment: DATABASE_URL (mysql://user:password@host:port/database), or .env.',
});
void runDatabaseTask('migrate', 'migrations failed', async (dataSource, logger) => {
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  logger.info(
    { applied: applied.map((migration) => migration.name) },
    applied.length > 0 ? `applied ${applied.length} migration(s)` : 'the schema is current',
  );
});
