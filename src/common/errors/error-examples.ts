import { BODY_LIMIT_BYTES, MAX_FORM_FIELDS } from '../http/body-parsing';
import {
  DomainError,
  InvalidJsonError,
  InvalidParamsError,
  MissingParamsError,
  MovedError,
  PayloadTooLargeError,
} from './domain-error';
import { ErrorBody, errorBody } from './error-body';
import { ErrorKind } from './error-kinds';

/** Errors whose message or data need arguments, as a representative example; others need none. */
const SAMPLES: Partial<Record<ErrorKind, () => DomainError>> = {
  invalidParams: () => InvalidParamsError.of('per_page'),
  missingParams: () => new MissingParamsError(['start_date', 'end_date']),
  invalidJson: () => new InvalidJsonError('Syntax error'),
  payloadTooLarge: () => new PayloadTooLargeError(BODY_LIMIT_BYTES),
  tooManyFields: () => new DomainError('tooManyFields', { limit: MAX_FORM_FIELDS }),
  jsonSentAsForm: () =>
    new DomainError('jsonSentAsForm', { type: 'application/x-www-form-urlencoded' }),
  eventNotFound: () => new DomainError('eventNotFound', { id: 42 }),
  eventMoved: () => new MovedError('eventMoved', 243, 1207),
  termExists: () => new DomainError('termExists', {}, { term_id: 7 }),
  termExistsWithParent: () => new DomainError('termExistsWithParent', {}, { term_id: 7 }),
};

/** The body a caller gets for an error of `kind` (in English), for the OpenAPI examples. */
export function errorExample(kind: ErrorKind): ErrorBody {
  return errorBody(SAMPLES[kind]?.() ?? new DomainError(kind), 'en');
}
