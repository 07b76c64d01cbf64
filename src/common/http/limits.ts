import type { Server } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { DomainError } from '../errors/domain-error';

/** A request target (path and query) longer than `maxBytes` is 414 in the error shape. */
export function urlLengthLimit(maxBytes: number): RequestHandler {
  return (request: Request, _response: Response, next: NextFunction): void => {
    if (Buffer.byteLength(request.url) > maxBytes) {
      next(new DomainError('uriTooLong', { limit: maxBytes }));
      return;
    }
    next();
  };
}

/**
 * How long a client may take to send a request: its headers and its whole body must arrive
 * within `timeoutMs` (Node answers 408 and closes the connection otherwise). How long the app
 * may take to answer is the timeout interceptor's.
 */
export function limitRequestTime(server: Server, timeoutMs: number): void {
  server.requestTimeout = timeoutMs;
  server.headersTimeout = Math.min(timeoutMs, 60_000);
}

/**
 * Express's `trust proxy` from `TRUST_PROXY`: `false`, `true`, a number of hops, or a list of
 * addresses, subnets and the words `loopback`, `linklocal`, `uniquelocal`.
 */
export function trustProxySetting(setting: string): boolean | number | string[] {
  const value = setting.trim();
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}
