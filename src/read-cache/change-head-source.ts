import { createRequire } from 'node:module';
import { createConnection, type Connection } from 'mysql2/promise';
import type { LogHead, LogHeadSource } from './log-head-watch';
import { AppConfig } from '../config/app-config';
import { databaseKind, driverUrl } from '../database/data-source.options';

const HEAD_SQL = 'SELECT seq, epoch FROM change_head WHERE id = 1';

/** How long a SQLite head read waits for a busy file (it blocks the event loop meanwhile). */
const SQLITE_BUSY_WAIT_MS = 50;

/** The head row as a driver returns it. */
function headOf(row: unknown): LogHead {
  const { seq, epoch } = (row ?? {}) as { seq?: unknown; epoch?: unknown };
  if (seq === undefined || typeof epoch !== 'string') {
    throw new Error('The change log has no head row: run the migrations');
  }
  return { seq: Number(seq), epoch };
}

/**
 * The head on MySQL/MariaDB, read on one connection of its own (outside the request pool, so a
 * saturated pool never delays a cache hit), with the request deadline as the statement's time
 * limit. A connection that failed is replaced at the next read; a read on a reused connection
 * that fails is tried once more on a new one (the server may have closed an idle one).
 */
class MysqlHeadSource implements LogHeadSource {
  private connection?: Promise<Connection>;

  constructor(
    private readonly url: string,
    private readonly timeoutMs: number,
  ) {}

  async read(): Promise<LogHead> {
    const reused = this.connection !== undefined;
    try {
      return await this.once();
    } catch (error) {
      if (!reused) throw error;
      return this.once();
    }
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    if (connection) await connection.then((open) => open.end()).catch(() => undefined);
  }

  private async once(): Promise<LogHead> {
    const connecting = (this.connection ??= createConnection({
      uri: driverUrl(this.url),
      connectTimeout: this.timeoutMs,
      trace: false,
    }));
    try {
      const connection = await connecting;
      const [rows] = await connection.query({ sql: HEAD_SQL, timeout: this.timeoutMs });
      return headOf(Array.isArray(rows) ? rows[0] : undefined);
    } catch (error) {
      if (this.connection === connecting) this.connection = undefined;
      void connecting.then((broken) => broken.destroy()).catch(() => undefined);
      throw error;
    }
  }
}

/** What this module uses of better-sqlite3 (which ships no types). */
interface SqliteDatabase {
  prepare(sql: string): { get(): unknown };
  close(): void;
}
type SqliteOpen = new (
  file: string,
  options: { fileMustExist: boolean; timeout: number },
) => SqliteDatabase;

/**
 * The head in the SQLite file, read on a connection of its own: the service's one connection
 * may be inside a unit of work, whose reads see its own uncommitted rows and its snapshot. In
 * WAL mode a reader never waits for a writer; the read takes microseconds.
 */
class SqliteHeadSource implements LogHeadSource {
  private database?: SqliteDatabase;
  private statement?: { get(): unknown };

  constructor(
    private readonly file: string,
    private readonly timeoutMs: number,
  ) {}

  read(): Promise<LogHead> {
    try {
      return Promise.resolve(this.readNow());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  readNow(): LogHead {
    try {
      if (!this.statement) {
        const open = createRequire(__filename)('better-sqlite3') as SqliteOpen;
        const database = new open(this.file, { fileMustExist: true, timeout: this.timeoutMs });
        this.database = database;
        this.statement = database.prepare(HEAD_SQL);
      }
      return headOf(this.statement.get());
    } catch (error) {
      // Opened before the migrations made the table: opened again at the next read.
      void this.close();
      throw error;
    }
  }

  close(): Promise<void> {
    this.database?.close();
    this.database = undefined;
    this.statement = undefined;
    return Promise.resolve();
  }
}

/**
 * Where the read cache of this process reads the change log's head (LogHeadWatch): the
 * configured database, on a connection of its own; none for an in-memory SQLite database, which
 * no other process can write.
 */
export function changeHeadSource(
  config: Pick<AppConfig, 'DATABASE_URL' | 'SQLITE_PATH' | 'REQUEST_TIMEOUT_MS'>,
): LogHeadSource | undefined {
  const timeoutMs = Math.min(config.REQUEST_TIMEOUT_MS, 5_000);
  if (databaseKind(config) === 'mysql') {
    return new MysqlHeadSource(config.DATABASE_URL ?? '', timeoutMs);
  }
  if (config.SQLITE_PATH === ':memory:') return undefined;
  // A WAL reader is busy only while the file is recovered: the read runs on the event loop, so
  // it waits briefly, then the cache answers from what it kept.
  return new SqliteHeadSource(config.SQLITE_PATH, SQLITE_BUSY_WAIT_MS);
}
