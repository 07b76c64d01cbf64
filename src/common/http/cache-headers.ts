import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { NAMESPACE } from '../links/links';

/**
 * How a cache may keep an answer: anonymous reads are the same for everyone (`public`, for
 * `maxAgeSeconds`, or revalidated by ETag when it is 0); reads with a token depend on it
 * (`private`); writes are never kept.
 */
export function cacheControl(method: string, withToken: boolean, maxAgeSeconds: number): string {
  if (method !== 'GET' && method !== 'HEAD') return 'no-store';
  if (withToken) return 'private, no-cache';
  return maxAgeSeconds > 0 ? `public, max-age=${maxAgeSeconds}` : 'public, no-cache';
}

/**
 * Caching headers of the API's answers (the namespace under `prefix`): `Cache-Control` as
 * above and `Vary` on the headers that change an answer (`Accept-Language`, `Authorization`).
 * Errors replace `Cache-Control` with `no-store`; Express adds the `ETag` and answers a
 * matching `If-None-Match` with 304.
 */
export function cacheHeaders(prefix: string, maxAgeSeconds: number): RequestHandler {
  const namespace = `${prefix}/${NAMESPACE}`;
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.path === namespace || request.path.startsWith(`${namespace}/`)) {
      response.vary('Accept-Language');
      response.vary('Authorization');
      response.setHeader(
        'Cache-Control',
        cacheControl(request.method, request.headers.authorization !== undefined, maxAgeSeconds),
      );
    }
    next();
  };
}
