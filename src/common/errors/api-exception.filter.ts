import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppConfig } from '../../config/app-config';
import { requestState, resolveRequestLanguage } from '../i18n/request-language';
import { DomainError, MovedError, NotAuthenticatedError, RouteNotFoundError } from './domain-error';
import { translate } from '../i18n/messages';
import { isLanguage, LANGUAGES } from '../i18n/language';
import { NAMESPACE } from '../links/links';
import { DriverErrors } from './driver-errors';
import { errorBody } from './error-body';

/** What a 503 tells the client to wait before trying again. */
export const RETRY_AFTER_SECONDS = 1;

/**
 * Maps what the framework (or the database's driver: `driver`) throws to domain errors; anything
 * else is unexpected. (Body parser failures arrive as domain errors already.)
 */
function toDomainError(exception: unknown, driver: DriverErrors): DomainError | null {
  if (exception instanceof DomainError) return exception;
  const fromDriver = driver.toDomainError(exception);
  if (fromDriver) return fromDriver;
  if (!(exception instanceof HttpException)) return null;
  switch (exception.getStatus()) {
    // Nest answers a path whose percent-encoding does not decode with a bare 400: no route.
    case 400:
    case 404:
    case 405:
      return new RouteNotFoundError();
    default:
      return null;
  }
}

/**
 * The one place errors become responses: every domain error gets the contract's body in the
 * request's language; anything unexpected is answered 500 with no internals, and handed to the
 * request log, whose line for this request then carries it (with its stack, the request id and
 * the path with secrets redacted).
 */
/**
 * The `WWW-Authenticate` challenge of a 401 (RFC 6750 §3): the bearer scheme, and for refused
 * credentials the error and its reason in English (the header takes ASCII without quotes).
 */
function challengeOf(error: DomainError): string {
  const scheme = 'Bearer realm="calendar-events"';
  if (!(error instanceof NotAuthenticatedError) || error.problem.error === undefined) return scheme;
  const { error: code, reason, reasonArgs } = error.problem;
  const description = translate(reason, 'en', reasonArgs)
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/["\\]/g, "'");
  return `${scheme}, error="${code}", error_description="${description}"`;
}

/**
 * A route not found under a language segment this service does not serve (`/fr/calendar/...`):
 * said with the languages it serves, instead of a bare 404.
 */
function languageNotServed(
  path: string,
  prefix: string,
  error: DomainError | null,
): DomainError | null {
  if (!(error instanceof RouteNotFoundError)) return null;
  const start = `${prefix}/`;
  if (!path.startsWith(start)) return null;
  const [segment, ...rest] = path.slice(start.length).split('/');
  const under = rest.join('/');
  if (under !== NAMESPACE && !under.startsWith(`${NAMESPACE}/`)) return null;
  if (segment === undefined || !/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})?$/.test(segment)) {
    return null;
  }
  if (isLanguage(segment)) return null;
  return new DomainError('languageNotServed', {
    language: segment,
    languages: LANGUAGES.join(', '),
  });
}

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(
    private readonly config: AppConfig,
    private readonly driverErrors: DriverErrors,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const known = toDomainError(exception, this.driverErrors);
    // pino-http logs `res.err` as the error of the request's line.
    if (!known) {
      response.err = exception instanceof Error ? exception : new Error(String(exception));
    }
    const error =
      languageNotServed(request.path, this.config.API_PREFIX, known) ??
      known ??
      new DomainError('internal');
    const language =
      requestState(request).language ??
      resolveRequestLanguage(request, this.config.DEFAULT_LANGUAGE);
    const body = errorBody(error, language);
    if (response.headersSent) return;
    // Every 503 is a moment's state (busy, database away, too slow): say when to come back.
    if (body.data.status === 503) response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    if (body.data.status === 401) response.setHeader('WWW-Authenticate', challengeOf(error));
    if (error instanceof MovedError) {
      response.setHeader('Location', error.location(request.originalUrl));
    }
    response
      .status(body.data.status)
      .setHeader('Content-Language', language)
      .setHeader('Cache-Control', 'no-store')
      .json(body);
  }
}
