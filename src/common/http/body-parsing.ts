import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import { json, urlencoded } from 'express';
import { DomainError, InvalidJsonError, PayloadTooLargeError } from '../errors/domain-error';
import { asRecord } from '../validation/convert';

/** Largest request body accepted unless `MAX_BODY_BYTES` says otherwise; a larger one is 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Most fields a form-encoded body may have; more is 413 `rest_too_many_fields`. */
export const MAX_FORM_FIELDS = 2000;

/**
 * The body parser's failures as the domain errors a caller is told about. Everything that
 * reaches this point went wrong reading the body the caller sent (bad JSON, a charset or
 * encoding we do not read, a compressed body that does not decompress, too many fields, form
 * keys nested too deep), so each is a 4xx: never a 500, and never logged with the body.
 */
function toBodyError(error: unknown, limitBytes: number): DomainError {
  if (error instanceof DomainError) return error;
  switch (asRecord(error)['type']) {
    case 'entity.parse.failed':
      return new InvalidJsonError('Syntax error');
    case 'entity.too.large':
      return new PayloadTooLargeError(limitBytes);
    case 'parameters.too.many':
      return new DomainError('tooManyFields', { limit: MAX_FORM_FIELDS });
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new DomainError('unsupportedMediaType');
    default:
      return new DomainError('invalidBody');
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
    urlencoded({ limit: limitBytes, extended: true, parameterLimit: MAX_FORM_FIELDS }),
    (error: unknown, _request: Request, _response: Response, next: NextFunction): void =>
      next(toBodyError(error, limitBytes)),
  ];
}
