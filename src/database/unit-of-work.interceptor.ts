import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { from, lastValueFrom, Observable } from 'rxjs';
import { UnitOfWork } from './unit-of-work';

const READ_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];

/**
 * Runs every write request's handler, from its first read to the item it answers with, as one
 * unit of work: one transaction, retried whole on a conflict (unit-of-work.ts). Reads run
 * outside any transaction.
 */
@Injectable()
export class UnitOfWorkInterceptor implements NestInterceptor {
  constructor(private readonly unit: UnitOfWork) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const { method } = context.switchToHttp().getRequest<Request>();
    if (READ_METHODS.includes(method)) return next.handle();
    // Each attempt asks for the handler anew, inside the attempt's transaction.
    return from(this.unit.run(() => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}
