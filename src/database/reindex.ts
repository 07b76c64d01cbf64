import 'reflect-metadata';
import { rebuildAllListing } from '../events/listing/term-listing';
import { runDatabaseTask } from './database-task';

/**
 * Rebuilds what the event lists derive from the events, their terms and the category tree (the
 * listing rows and the day counts) in one transaction, then exits: 0 when done, 1 otherwise.
 * The service keeps both in step with its own writes; run this after changing those tables by
 * hand, then restart the service (or bump the shared cache's version) so no kept answer stays.
 *
 *   node dist/database/reindex.js      (npm run reindex)
 */
void runDatabaseTask('reindex', 'reindex failed', async (dataSource, logger) => {
  const started = performance.now();
  await dataSource.transaction((manager) => rebuildAllListing(manager));
  logger.info(
    { ms: Math.round(performance.now() - started) },
    'rebuilt the listing rows and day counts',
  );
});
