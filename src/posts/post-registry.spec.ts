import { EntityManager, QueryFailedError } from 'typeorm';
import { RetryableConflictError } from '../database/database-errors';
import { UnitOfWork } from '../database/unit-of-work';
import { PostLinks } from './post-links';
import { PostRegistry } from './post-registry';

/** A driver error as mysql2 or better-sqlite3 reports it. */
function driverError(code: string): QueryFailedError {
  return new QueryFailedError('INSERT INTO posts', [], Object.assign(new Error(code), { code }));
}

/** A manager whose inserts into `posts` fail with `error` (the rest is never reached). */
function failingManager(error: Error): EntityManager {
  const manager = {
    connection: { options: { type: 'better-sqlite3' } },
    insert: () => Promise.reject(error),
  };
  return manager as unknown as EntityManager;
}

describe('PostRegistry', () => {
  const registry = new PostRegistry({} as UnitOfWork, {} as PostLinks);

  it('answers an id taken meanwhile by a hand-made insert as a conflict the transaction retries', async () => {
    for (const code of ['ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_PRIMARYKEY']) {
      const manager = failingManager(driverError(code));
      await expect(registry.allocate(manager, 'event')).rejects.toBeInstanceOf(
        RetryableConflictError,
      );
      await expect(registry.allocateMany(manager, 'event', 3)).rejects.toBeInstanceOf(
        RetryableConflictError,
      );
    }
  });

  it('lets any other failure through as it is', async () => {
    const failure = driverError('ER_NO_REFERENCED_ROW_2');
    await expect(registry.allocate(failingManager(failure), 'venue')).rejects.toBe(failure);
  });
});
