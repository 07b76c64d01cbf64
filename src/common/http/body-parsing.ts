import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import { json, urlencoded } from 'express';
import { DomainError, InvalidJsonError, PayloadTooLargeError } from '../errors/domain-error';
import { asRecord } from '../validation/convert';

/** Largest request body accepted; a larger one is answered 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** The body parser's failures as the domain errors a caller is told about; others unchanged. */
function toBodyError(error: unknown): unknown {
  switch (asRecord(error)['type']) {
    case 'entity.parse.failed':
      return new InvalidJsonError('Syntax error');
    case 'entity.too.large':
      return new PayloadTooLargeError(BODY_LIMIT_BYTES);
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new DomainError('unsupportedMediaType');
    default:
      return error;
  }
}

/**
 * JSON and form-encoded bodies (bracket arrays such as `cost[]=5$`), up to the limit. Parse
 * failures become domain errors right here, so the exception filter meets them as such.
 */
export function bodyParsers(): (RequestHandler | ErrorRequestHandler)[] {
  return [
    json({ limit: BODY_LIMIT_BYTES, type: ['application/json', 'application/*+json'] }),
    urlencoded({ limit: BODY_LIMIT_BYTES, extended: true, parameterLimit: 2000 }),
    (error: unknown, _request: Request, _response: Response, next: NextFunction): void =>
      next(toBodyError(error)),
  ];
}
