import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';
import { createConnection, type Connection as KillConnection } from 'mysql2/promise';
import { DataSource, QueryFailedError } from 'typeorm';

/** What this module needs of a `mysql2` connection (callback API, as TypeORM uses it). */
interface DriverConnection {
  readonly threadId: number | null;
  readonly config: {
    readonly host?: string;
    readonly port?: number;
    readonly user?: string;
    readonly password?: string;
  };
  query(sql: string, callback: (error: Error | null) => void): unknown;
  release(): void;
}

/**
 * TypeORM's MySQL driver passes every connection it takes from a pool (the primary's and each
 * replica's) through this method before using it: an internal, so the e2e tests of the deadline
 * and of cancellation fail if a TypeORM upgrade renames it.
 */
interface PreparingDriver {
  prepareDbConnection(connection: unknown): unknown;
}

/**
 * Server errors that mean a statement was stopped: its time limit (MariaDB 1969, MySQL 3024) or
 * `KILL QUERY` (1317).
 */
const STATEMENT_STOPPED_ERRNOS: readonly number[] = [1969, 3024, 1317];

/** The connections a request holds right now (a query of it may be running on each). */
type HeldConnections = Set<DriverConnection>;

const requestConnections = new AsyncLocalStorage<HeldConnections>();

/**
 * Gives every MySQL/MariaDB session the pool hands out a statement time limit, so a query
 * outlives its request by at most `timeoutMs` and cannot hold a pool connection for longer:
 * MariaDB's `max_statement_time` (every statement), MySQL's `max_execution_time` (SELECTs). The
 * setting is sent once per connection, queued before the connection's first query. Each
 * connection taken within a request is also noted as the request's until it goes back to the
 * pool, so {@link QueryCancellation} can stop its query. SQLite runs queries on the event loop and
 * cannot be interrupted this way.
 */
export function boundStatementTime(dataSource: DataSource, timeoutMs: number): void {
  const type = dataSource.options.type;
  if (type !== 'mysql' && type !== 'mariadb') return;
  const setting =
    type === 'mariadb'
      ? `SET SESSION max_statement_time = ${(timeoutMs / 1000).toFixed(3)}`
      : `SET SESSION max_execution_time = ${Math.round(timeoutMs)}`;
  const driver = dataSource.driver as unknown as PreparingDriver;
  const prepare = driver.prepareDbConnection.bind(driver);
  const bounded = new WeakSet<object>();
  /** Which request's set each connection is in while a request holds it. */
  const holders = new WeakMap<DriverConnection, HeldConnections>();
  driver.prepareDbConnection = (connection: DriverConnection): unknown => {
    if (!bounded.has(connection)) {
      bounded.add(connection);
      // A failure here shows on the connection's next query; nothing to do with it now.
      connection.query(setting, () => undefined);
      const release = connection.release.bind(connection);
      connection.release = (): void => {
        holders.get(connection)?.delete(connection);
        holders.delete(connection);
        release();
      };
    }
    const held = requestConnections.getStore();
    if (held) {
      held.add(connection);
      holders.set(connection, held);
    }
    return prepare(connection);
  };
}

/**
 * Stops the queries of a request whose client hung up before its answer was complete: `KILL
 * QUERY` on each connection's thread, sent over a connection of its own to the same server, so
 * the pool connections come back at once instead of at the deadline. MySQL/MariaDB only; the
 * middleware changes nothing on SQLite.
 */
@Injectable()
export class QueryCancellation implements OnApplicationShutdown {
  private readonly logger = new Logger('QueryCancel');
  private readonly killers = new Map<string, Promise<KillConnection>>();

  /** Express middleware: notes the connections the request takes, and watches for a hang-up. */
  readonly middleware = (request: Request, response: Response, next: NextFunction): void => {
    const held: HeldConnections = new Set();
    response.once('close', () => {
      if (response.writableFinished) return;
      for (const connection of held) this.kill(connection, held);
    });
    requestConnections.run(held, next);
  };

  async onApplicationShutdown(): Promise<void> {
    const killers = [...this.killers.values()];
    this.killers.clear();
    await Promise.allSettled(killers.map(async (killer) => (await killer).end()));
  }

  /**
   * Stops the query on `connection` if the request still holds it once the killing connection is
   * ready: a connection back in the pool may already run another request's query.
   */
  private kill(connection: DriverConnection, held: HeldConnections): void {
    const thread = connection.threadId;
    if (thread === null) return;
    this.killer(connection)
      .then(async (killer) => {
        if (held.has(connection)) await killer.query(`KILL QUERY ${Number(thread)}`);
      })
      .catch((error: unknown) =>
        this.logger.warn(
          `Could not stop the query of a request whose client left: ${String(error)}`,
        ),
      );
  }

  private killer(connection: DriverConnection): Promise<KillConnection> {
    const { host = 'localhost', port = 3306, user, password } = connection.config;
    const key = `${host}:${port}:${user ?? ''}`;
    let found = this.killers.get(key);
    if (!found) {
      found = createConnection({ host, port, user, password });
      found.catch(() => this.killers.delete(key));
      this.killers.set(key, found);
    }
    return found;
  }
}

/** Whether `error` is a statement stopped by its time limit or because its client left. */
export function isStoppedStatement(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const errno: unknown = (error.driverError as { errno?: unknown } | undefined)?.errno;
  return typeof errno === 'number' && STATEMENT_STOPPED_ERRNOS.includes(errno);
}
