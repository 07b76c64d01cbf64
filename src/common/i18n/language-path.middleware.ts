import type { NextFunction, Request, Response } from 'express';
import { isLanguage } from './language';
import { requestState } from './request-language';

/**
 * Removes a language segment that stands before the namespace (`/es/calendar/events/v1/...`)
 * and remembers it, so routing sees one path for every language. Other segments are left alone
 * and so match no route.
 */
export function languagePathMiddleware(prefix: string) {
  const pattern = new RegExp(
    `^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/([a-z]{2})(/calendar/.*)$`,
  );
  return (request: Request, _response: Response, next: NextFunction): void => {
    const match = pattern.exec(request.url);
    const language = match?.[1];
    if (match && isLanguage(language)) {
      requestState(request).pathLanguage = language;
      request.url = `${prefix}${match[2] ?? ''}`;
    }
    next();
  };
}
