import {
  ArgumentsHost,
  BadRequestException,
  Catch,
  ExceptionFilter,
  HttpException,
  Logger,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppConfig } from '../../config/app-config';
import { requestState, resolveRequestLanguage } from '../i18n/request-language';
import { DomainError, InvalidJsonError, RouteNotFoundError } from './domain-error';
import { errorBody } from './error-body';

function propertyOf(exception: unknown, name: string): unknown {
  return typeof exception === 'object' && exception !== null
    ? (exception as Record<string, unknown>)[name]
    : undefined;
}

/**
 * Maps what the framework and the body parser throw to domain errors; anything else is
 * unexpected. Body parser errors carry a `type`; HTTP errors a status.
 */
function toDomainError(exception: unknown): DomainError | null {
  if (exception instanceof DomainError) return exception;
  const type = propertyOf(exception, 'type');
  if (type === 'entity.parse.failed') return new InvalidJsonError('Syntax error');
  if (type === 'entity.too.large') return new DomainError('payloadTooLarge', { limit: '1 MB' });
  if (type === 'charset.unsupported' || type === 'encoding.unsupported') {
    return new DomainError('unsupportedMediaType');
  }
  const status =
    exception instanceof HttpException ? exception.getStatus() : propertyOf(exception, 'status');
  if (status === 404 || status === 405) return new RouteNotFoundError();
  if (status === 413) return new DomainError('payloadTooLarge', { limit: '1 MB' });
  // Nest turns the body parser's JSON SyntaxError and a path's undecodable percent-encoding
  // (URIError) into a bare 400; the second names no route.
  if (exception instanceof BadRequestException && !(exception instanceof DomainError)) {
    return /^Failed to decode/.test(exception.message)
      ? new RouteNotFoundError()
      : new InvalidJsonError('Syntax error');
  }
  if (exception instanceof URIError) return new RouteNotFoundError();
  return null;
}

/**
 * The one place errors become responses: every domain error gets the contract's body in the
 * request's language; anything unexpected is logged and answered 500 with no internals.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(ApiExceptionFilter.name);

  constructor(private readonly config: AppConfig) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const known = toDomainError(exception);
    if (!known) {
      const stack = exception instanceof Error ? exception.stack : String(exception);
      this.logger.error(`Unexpected error on ${request.method} ${request.originalUrl}`, stack);
    }
    const error = known ?? new DomainError('internal');
    const language =
      requestState(request).language ??
      resolveRequestLanguage(request, this.config.DEFAULT_LANGUAGE).language;
    const body = errorBody(error, language);
    if (response.headersSent) return;
    response.status(body.data.status).setHeader('Content-Language', language).json(body);
  }
}
