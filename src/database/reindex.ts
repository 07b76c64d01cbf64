// First: on an unsupported Node, one line and exit 1 before a native module loads.
import '../common/runtime/supported-node';
import 'reflect-metadata';
import { markChangedBehindLog } from '../changes/change-log';
import { endSharedAnswers } from '../read-cache/redis-read-cache.store';
import { loadConfig } from '../config/load-config';
import { rebuildAllListing } from '../events/listing/term-listing';
import { readCommandLine } from '../common/cli/command-line';
import { runDatabaseTask } from './database-task';

/**
 * Rebuilds what the event lists derive from the events, their terms and the category tree (the
 * listing rows and the day counts) in one transaction, then exits: 0 when done, 1 otherwise.
 * The service keeps both in step with its own writes; run this after changing those tables by
 * hand. It moves the change log's head, which every instance's read cache checks, and ends the
 * answers kept in Redis when `CACHE_URL` is set, so no instance keeps an answer from before.
 *
 *   node dist/database/reindex.js      (npm run reindex)
 */
readCommandLine({
  usage: 'npm run reindex',
  about:
    'Rebuilds the listing rows and day counts from the events, their terms and the category\n' +
    'tree in one transaction, and moves the change log head so running instances drop what\n' +
    'they kept. Run it after changing those tables by hand.',
  options: {},
  notes: 'Environment: DATABASE_URL or SQLITE_PATH (or .env); CACHE_URL ends answers in Redis.',
});
void runDatabaseTask('reindex', 'reindex failed', async (dataSource, logger) => {
  const started = performance.now();
  await dataSource.transaction(async (manager) => {
    await rebuildAllListing(manager);
    await markChangedBehindLog(manager);
  });
  const config = loadConfig();
  const unended = config.CACHE_URL
    ? await endSharedAnswers(config.CACHE_URL, config.CACHE_PREFIX)
    : null;
  if (unended !== null) {
    logger.warn({ reason: unended }, 'Redis unavailable: answers kept there live out their TTL');
  }
  logger.info(
    { ms: Math.round(performance.now() - started) },
    'rebuilt the listing rows and day counts',
  );
});
