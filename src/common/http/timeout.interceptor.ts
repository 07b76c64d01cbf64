import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Observable, throwError, timeout } from 'rxjs';
import { AppConfig } from '../../config/app-config';
import { DomainError } from '../errors/domain-error';

/**
 * A handler that has not answered within `REQUEST_TIMEOUT_MS` is answered 503
 * `rest_response_timeout`, so a stalled database does not hold clients forever. (The work it
 * started is not cancelled; a write that finishes late still happens.)
 */
@Injectable()
export class TimeoutInterceptor implements NestInterceptor {
  constructor(private readonly config: AppConfig) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      timeout({
        first: this.config.REQUEST_TIMEOUT_MS,
        with: () => throwError(() => new DomainError('responseTimeout')),
      }),
    );
  }
}
