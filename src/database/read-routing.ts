import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';
import { DataSource, type ReplicationMode } from 'typeorm';

/** Which server a request reads from: replicas for GET and HEAD, the primary for the rest. */
const requestReads = new AsyncLocalStorage<ReplicationMode>();

/**
 * Marks each request's reads: a GET or HEAD reads from a replica; any other method (a write)
 * reads from the primary, so what it reads after writing is what it wrote. Outside a request
 * (start-up, scripts) everything goes to the primary. Without replicas this changes nothing.
 */
export function readRoutingMiddleware(
  request: Request,
  _response: Response,
  next: NextFunction,
): void {
  const mode: ReplicationMode =
    request.method === 'GET' || request.method === 'HEAD' ? 'slave' : 'master';
  requestReads.run(mode, next);
}

/**
 * A data source whose query-builder reads follow the request (TypeORM asks it for the mode of
 * every read that is not in a transaction; transactions and writes always use the primary).
 */
export class RoutingDataSource extends DataSource {
  override defaultReplicationModeForReads(): ReplicationMode {
    return requestReads.getStore() ?? 'master';
  }
}

/**
 * Runs `work` with its reads on the primary: the answers the read cache keeps are read there, so
 * a replica's lag is never kept for the cache's TTL.
 */
export function readingFromPrimary<T>(work: () => T): T {
  return requestReads.run('master', work);
}

/** Whether the current request's reads go to a replica (when there are any). */
export function readsFromReplica(): boolean {
  return requestReads.getStore() === 'slave';
}
