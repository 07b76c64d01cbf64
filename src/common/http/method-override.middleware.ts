import type { NextFunction, Request, Response } from 'express';
import { RouteNotFoundError } from '../errors/domain-error';

/**
 * What a POST may turn into: the update and delete verbs. Turning it into a read (GET, HEAD)
 * or anything else would answer a body-less request, or one whose answer has no body, to a
 * client that sent a body: no route.
 */
const OVERRIDABLE: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const OVERRIDE_PARAM = '_method';

/** The value of `_method` in a raw query string, and the query string without it. */
function takeOverrideParam(url: string): { url: string; value: string | undefined } {
  const mark = url.indexOf('?');
  if (mark < 0 || !/_method|%5Fmethod/i.test(url)) return { url, value: undefined };
  let value: string | undefined;
  const kept = url
    .slice(mark + 1)
    .split('&')
    .filter((pair) => {
      const [key = '', raw = ''] = pair.split('=', 2);
      if (decodeURIComponent(key.replace(/\+/g, ' ')) !== OVERRIDE_PARAM) return true;
      value ??= decodeURIComponent(raw.replace(/\+/g, ' '));
      return false;
    });
  const path = url.slice(0, mark);
  return { url: kept.length > 0 ? `${path}?${kept.join('&')}` : path, value };
}

/**
 * `_method` (query) or `X-HTTP-Method-Override` (header) turns a POST into the method it names,
 * for clients and proxies that only send GET and POST (docs/behaviour.md#ids-and-routes). Only a POST is turned:
 * a GET can never become a write, and a POST becomes only an update or a delete. `_method` is
 * taken off the query so no validation sees it; any other name, or one that is not a method of
 * the route, is no route (404).
 */
export function methodOverrideMiddleware() {
  return (request: Request, _response: Response, next: NextFunction): void => {
    let fromQuery: string | undefined;
    try {
      const taken = takeOverrideParam(request.url);
      request.url = taken.url;
      fromQuery = taken.value;
    } catch {
      // A malformed escape in the query: left for the router and validation to answer.
    }
    if (request.method === 'POST') {
      const header = request.headers['x-http-method-override'];
      const wanted = fromQuery ?? (typeof header === 'string' ? header : undefined);
      if (wanted !== undefined && wanted.trim() !== '') {
        const method = wanted.trim().toUpperCase();
        if (!OVERRIDABLE.has(method)) {
          next(new RouteNotFoundError());
          return;
        }
        request.method = method;
      }
    }
    next();
  };
}
