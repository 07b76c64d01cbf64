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
 * At start, once connected: refuses with {@link PendingMigrationsError} while any migration is
 * pending. SQLite, and MySQL/MariaDB with MIGRATE_ON_START, have applied them while connecting
 * (`migrationsRun`), so this finds none there.
 */
export async function refusePendingMigrations(dataSource: DataSource): Promise<void> {
  const pending = await pendingMigrations(dataSource);
  if (pending.length > 0) throw new PendingMigrationsError(pending);
}
