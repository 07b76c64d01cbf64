import type { NextFunction, Request, Response } from 'express';

const ITEM_ROUTE =
  /^\/calendar\/events\/v1\/(events|venues|organizers|categories|tags|webhooks)\/(\d+|by-slug\/[^/]+)\/?(\?.*)?$/;

/** The verbs that update an item like POST does. */
export const UPDATE_ALIASES = ['PUT', 'PATCH'] as const;

/**
 * On item routes PUT and PATCH are the same update as POST (docs/behaviour.md#ids-and-routes): they are
 * routed to the POST handler, so each update has one handler.
 */
export function updateVerbsMiddleware(prefix: string) {
  return (request: Request, _response: Response, next: NextFunction): void => {
    if ((UPDATE_ALIASES as readonly string[]).includes(request.method)) {
      const path = request.url.startsWith(prefix) ? request.url.slice(prefix.length) : null;
      if (path !== null && ITEM_ROUTE.test(path)) request.method = 'POST';
    }
    next();
  };
}
