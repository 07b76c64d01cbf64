import type { DataSource } from 'typeorm';

/** Which database the service runs on, for the start-up line. */
export interface DatabaseIdentity {
  readonly kind: 'sqlite' | 'mysql' | 'mariadb';
  /** As the server reports it (`10.11.19-MariaDB-0+deb12u1`, `8.4.3`, `3.54.1`). */
  readonly version: string;
}

/** Asks the connected database what it is. */
export async function databaseIdentity(dataSource: DataSource): Promise<DatabaseIdentity> {
  if (dataSource.options.type === 'better-sqlite3') {
    const rows: { version: string }[] = await dataSource.query(
      'SELECT sqlite_version() AS version',
    );
    return { kind: 'sqlite', version: rows[0]?.version ?? 'unknown' };
  }
  const rows: { version: string }[] = await dataSource.query('SELECT VERSION() AS version');
  const version = rows[0]?.version ?? 'unknown';
  return { kind: /mariadb/i.test(version) ? 'mariadb' : 'mysql', version };
}
