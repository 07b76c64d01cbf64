import { DomainError } from './domain-error';

/**
 * What the errors a driver throws mean to a caller (a port the database room fills, so the one
 * error filter knows no driver): a statement stopped at the deadline, a database away, a busy
 * one; null for anything else. An injection token: the app does not start without it.
 */
export abstract class DriverErrors {
  abstract toDomainError(exception: unknown): DomainError | null;
}
