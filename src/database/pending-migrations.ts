import { DataSource, MigrationExecutor } from 'typeorm';

/** The names of the committed migrations this database has not run yet, oldest first. */
export async function pendingMigrations(dataSource: DataSource): Promise<string[]> {
  const pending = await new MigrationExecutor(dataSource).getPendingMigrations();
  return pending.map((migration) => migration.name);
}

/** The service may not start on a MySQL/MariaDB database whose migrations are pending. */
export class PendingMigrationsError extends Error {
  override readonly name = 'PendingMigrationsError';

  constructor(readonly pending: readonly string[]) {
    super(
      `The database has ${pending.length} pending migration(s) (${pending.join(', ')}): ` +
        'run `npm run migrate` before starting the service, or set MIGRATE_ON_START=true',
    );
  }
}

/**
 * At start on MySQL/MariaDB: applies pending migrations when `migrate` is set, else refuses
 * with {@link PendingMigrationsError}. (SQLite applies them through `migrationsRun`.)
 */
export async function checkMigrationsAtStart(
  dataSource: DataSource,
  migrate: boolean,
): Promise<void> {
  if (dataSource.options.type === 'better-sqlite3') return;
  const pending = await pendingMigrations(dataSource);
  if (pending.length === 0) return;
  if (!migrate) throw new PendingMigrationsError(pending);
  await dataSource.runMigrations({ transaction: 'each' });
}
