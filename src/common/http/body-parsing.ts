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

/** The raw text of form-encoded bodies that start like JSON, until the check below reads it. */
const formTexts = new WeakMap<Request, Buffer>();

/** Keeps a form body's bytes when it starts like JSON (`{` or `[` after blanks). */
function keepJsonLookingForm(request: Request, _response: unknown, bytes: Buffer): void {
  const first = bytes.find(
    (byte) => byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d,
  );
  if (first === 0x7b || first === 0x5b) formTexts.set(request, bytes);
}

/** Whether `bytes` are a JSON object or array. */
function isJsonStructure(bytes: Buffer): boolean {
  try {
    const parsed: unknown = JSON.parse(bytes.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null;
  } catch {
    return false;
  }
}

/**
 * A JSON body sent as a form (curl's `-d` sends `application/x-www-form-urlencoded` unless told
 * otherwise): the form parser reads it as fields named by pieces of the text, and the route would
 * answer that its fields are missing though they were all sent. Refused with 415 naming the
 * content type and the fix instead.
 */
function refuseJsonSentAsForm(request: Request, _response: Response, next: NextFunction): void {
  const bytes = formTexts.get(request);
  if (bytes === undefined) {
    next();
    return;
  }
  formTexts.delete(request);
  next(
    isJsonStructure(bytes)
      ? new DomainError('jsonSentAsForm', { type: 'application/x-www-form-urlencoded' })
      : undefined,
  );
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
    urlencoded({
      limit: limitBytes,
      extended: true,
      parameterLimit: MAX_FORM_FIELDS,
      verify: keepJsonLookingForm,
    }),
    refuseJsonSentAsForm,
    (error: unknown, _request: Request, _response: Response, next: NextFunction): void =>
      next(toBodyError(error, limitBytes)),
  ];
}
