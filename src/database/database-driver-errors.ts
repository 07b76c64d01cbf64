import { Injectable } from '@nestjs/common';
import { DomainError } from '../common/errors/domain-error';
import { DriverErrors } from '../common/errors/driver-errors';
import { isConnectionLost, isTransientConflict } from './database-errors';
import { isStoppedStatement } from './statement-deadline';

/** What the database drivers' errors mean to a caller (the error filter's DriverErrors). */
@Injectable()
export class DatabaseDriverErrors extends DriverErrors {
  toDomainError(exception: unknown): DomainError | null {
    // A query stopped at the request deadline, or because its client left (statement-deadline.ts):
    // the same answer as a slow request.
    if (isStoppedStatement(exception)) return new DomainError('responseTimeout');
    // The database is down or restarting: a read answers what a write's unit of work answers.
    if (isConnectionLost(exception)) return new DomainError('databaseUnavailable');
    // A read outside a unit of work that met a lock (SQLite busy): worth trying again.
    if (isTransientConflict(exception)) return new DomainError('serviceBusy');
    return null;
  }
}
