import {
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { from, lastValueFrom, Observable } from 'rxjs';
import { UnitOfWork } from './unit-of-work';

const READ_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];

const OWN_UNITS_KEY = 'calendar:own-units-of-work';

/**
 * Marks a write handler that runs its own units of work, because part of it must not hold a
 * transaction (a receiver's name looked up for up to 2 s, which on SQLite would hold every other
 * write): the interceptor leaves it outside one.
 */
export const OwnUnitsOfWork = (): MethodDecorator => SetMetadata(OWN_UNITS_KEY, true);

/**
 * Runs every write request's handler, from its first read to the item it answers with, as one
 * unit of work: one transaction, retried whole on a conflict (unit-of-work.ts). Reads run
 * outside any transaction, and so do handlers marked {@link OwnUnitsOfWork}.
 */
@Injectable()
export class UnitOfWorkInterceptor implements NestInterceptor {
  constructor(
    private readonly unit: UnitOfWork,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const { method } = context.switchToHttp().getRequest<Request>();
    if (READ_METHODS.includes(method)) return next.handle();
    if (this.reflector.get<boolean>(OWN_UNITS_KEY, context.getHandler())) return next.handle();
    // Each attempt asks for the handler anew, inside the attempt's transaction.
    return from(this.unit.run(() => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}
