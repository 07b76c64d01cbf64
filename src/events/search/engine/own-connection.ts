import { createConnection, type Connection, type ConnectionOptions } from 'mysql2/promise';

/**
 * One connection of this process's own to the database, outside the request pool, opened at
 * its first query. A connection that failed is dropped and opened again at the next query.
 * While `retry()` is true, a query on a reused connection that fails to reach the server is
 * tried once more on a new one (the server may have closed an idle connection); otherwise it
 * fails, as it must on a connection that holds a session lock, which went with the connection.
 * Every query has a time limit.
 */
export class OwnConnection {
  private connection?: Promise<Connection>;

  constructor(
    private readonly options: ConnectionOptions,
    private readonly timeoutMs: number,
    private readonly retry: () => boolean = () => true,
  ) {}

  /** The rows of `sql` (with `?` placeholders filled from `values` by the client). */
  async rows<T>(sql: string, values: readonly unknown[] = []): Promise<T[]> {
    const result = await this.run(sql, values);
    return (Array.isArray(result) ? result : []) as T[];
  }

  /** Runs a statement that returns no rows. */
  async run(sql: string, values: readonly unknown[] = [], timeoutMs?: number): Promise<unknown> {
    const reused = this.connection !== undefined;
    try {
      return await this.once(sql, values, timeoutMs);
    } catch (error) {
      if (!reused || !lostConnection(error) || !this.retry()) throw error;
      return this.once(sql, values, timeoutMs);
    }
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    if (connection) await connection.then((open) => open.end()).catch(() => undefined);
  }

  private async once(
    sql: string,
    values: readonly unknown[],
    timeoutMs = this.timeoutMs,
  ): Promise<unknown> {
    const connecting = (this.connection ??= createConnection({
      connectTimeout: this.timeoutMs,
      trace: false,
      ...this.options,
    }));
    try {
      const connection = await connecting;
      const [result] = await connection.query({ sql, values: [...values], timeout: timeoutMs });
      return result;
    } catch (error) {
      if (!serverError(error)) {
        // Lost, timed out (the statement may still run) or never opened: start afresh.
        if (this.connection === connecting) this.connection = undefined;
        void connecting.then((broken) => broken.destroy()).catch(() => undefined);
      }
      throw error;
    }
  }
}

/** An error the server answered with: the connection is still good. */
function serverError(error: unknown): boolean {
  const { errno, fatal } = (error ?? {}) as { errno?: unknown; fatal?: unknown };
  return typeof errno === 'number' && errno >= 1000 && fatal !== true;
}

/** A connection the server closed or that never reached it. */
function lostConnection(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return (
    code === 'PROTOCOL_CONNECTION_LOST' ||
    code === 'ECONNRESET' ||
    code === 'EPIPE' ||
    code === 'ECONNREFUSED'
  );
}
