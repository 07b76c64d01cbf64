import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { Observable, tap } from 'rxjs';

function isListBody(body: unknown): body is { total: number; total_pages: number } {
  if (typeof body !== 'object' || body === null) return false;
  const record = body as Record<string, unknown>;
  return typeof record['total'] === 'number' && typeof record['total_pages'] === 'number';
}

/** Every list answer carries `X-TEC-Total` and `X-TEC-TotalPages`, taken from its body. */
@Injectable()
export class ListHeadersInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const response = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      tap((body: unknown) => {
        if (!isListBody(body)) return;
        response.setHeader('X-TEC-Total', String(body.total));
        response.setHeader('X-TEC-TotalPages', String(body.total_pages));
      }),
    );
  }
}
