import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import { json, urlencoded } from 'express';
import { DomainError, InvalidJsonError, PayloadTooLargeError } from '../errors/domain-error';
import { asRecord } from '../validation/convert';

/** Largest request body accepted unless `MAX_BODY_BYTES` says otherwise; a larger one is 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** The body parser's failures as the domain errors a caller is told about; others unchanged. */
function toBodyError(error: unknown, limitBytes: number): unknown {
  switch (asRecord(error)['type']) {
    case 'entity.parse.failed':
      return new InvalidJsonError('Syntax error');
    case 'entity.too.large':
      return new PayloadTooLargeError(limitBytes);
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new DomainError('unsupportedMediaType');
    default:
      return error;
  }
}

/**
 * JSON and form-encoded bodies (bracket arrays such as `cost[]=5$`), up to `limitBytes`. Parse
 * failures become domain errors right here, so the exception filter meets them as such.
 */
export function bodyParsers(
  limitBytes: number = BODY_LIMIT_BYTES,
): (RequestHandler | ErrorRequestHandler)[] {
  return [
    json({ limit: limitBytes, type: ['application/json', 'application/*+json'] }),
    urlencoded({ limit: limitBytes, extended: true, parameterLimit: 2000 }),
    (error: unknown, _request: Request, _response: Response, next: NextFunction): void =>
      next(toBodyError(error, limitBytes)),
  ];
}
