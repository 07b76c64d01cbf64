import type { Request } from 'express';
import type { LiveSpec } from './live-answer';

/**
 * What a route tells the read cache about the answer it makes (ReadCacheInterceptor reads it
 * once the route has answered): how long nothing but a write changes it, which writes end it,
 * and, for a list page, how to keep it as a template.
 */
export interface CacheHints {
  /**
   * Set by a route whose answer nothing but a write changes until this instant (ms): the read
   * cache may keep it that long (ReadCache.expiryOf).
   */
  keepUntil?: number;
  /**
   * Set by a route whose answer only writes moving these read-cache keys change (ReadCache.keep);
   * unset, every write that changes what the public sees ends it.
   */
  dependsOn?: readonly string[];
  /**
   * Set by a list route whose answer the read cache may keep as a template (live-answer.ts);
   * its `dependsOn` then replaces the one above.
   */
  live?: LiveSpec;
  /**
   * Set by a single item's route: the answer is kept with the `count` of each term it embeds
   * written in at each replay (live-answer.ts `itemTemplateOf`), so `dependsOn` need not name
   * those terms.
   */
  liveCounts?: boolean;
}

const hints = new WeakMap<Request, CacheHints>();

/** The hints the route handling `request` gave, created on first use. */
export function cacheHints(request: Request): CacheHints {
  let found = hints.get(request);
  if (!found) {
    found = {};
    hints.set(request, found);
  }
  return found;
}
