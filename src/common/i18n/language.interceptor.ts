import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Observable } from 'rxjs';
import { AppConfig } from '../../config/app-config';
import { requestState, resolveRequestLanguage } from './request-language';

/**
 * Resolves the language of every request once and answers with `Content-Language`. An unusable
 * `i18n_language` is reported by the route's parameter validation, together with any other bad
 * parameter; until then the other sources decide.
 */
@Injectable()
export class LanguageInterceptor implements NestInterceptor {
  constructor(private readonly config: AppConfig) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const language = resolveRequestLanguage(request, this.config.DEFAULT_LANGUAGE);
    requestState(request).language = language;
    http.getResponse<Response>().setHeader('Content-Language', language);
    return next.handle();
  }
}
