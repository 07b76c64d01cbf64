/**
 * A read's answer as the cache keeps it: the serialised body, as the UTF-8 bytes sent (so a
 * replay encodes nothing and the store's bound counts what it holds), and the headers to replay.
 */
export interface CachedAnswer {
  readonly body: Buffer;
  readonly etag: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Clock time (ms) the answer was made at. */
  readonly madeAt: number;
  /** Clock time (ms) from which it is a miss (ReadCache.expiryOf). */
  readonly expiresAt: number;
  /**
   * For a list answer whose rows are kept apart from its numbers (live-answer.ts): where in
   * `body` the numbers are, which a replay fills in again when they have changed (the total, its
   * pages, the next link, term counts); `etag` and the total headers are those of `body`.
   */
  readonly live?: LiveParts;
}

/**
 * Where a kept body's live parts are, in body order, three numbers each: the first byte, the
 * length in bytes, and what fills it ({@link TOTAL_HOLE}, {@link PAGES_HOLE}, {@link NEXT_HOLE},
 * or a term's id, 0 or more, for that term's `count`). Flat numbers rather than an object a
 * hole: a kept list has one hole per term each of its events embeds (about 135,000 in the
 * users' workload at a million events), which as objects took 7.5 MB of V8's heap.
 */
export type LiveHoles = readonly number[];

/** What fills a hole (see {@link LiveHoles}); 0 and more are term ids. */
export const TOTAL_HOLE = -1;
export const PAGES_HOLE = -2;
export const NEXT_HOLE = -3;

/** Numbers a hole: where it starts, its length, what fills it. */
export const HOLE_STRIDE = 3;

/** What a kept list body needs to be filled in again (see {@link CachedAnswer.live}). */
export interface LiveParts {
  /**
   * The read-cache key of the list's total (ReadCache.remember); absent for a single item's
   * answer, whose only holes are the counts of the terms it embeds (`total` is then 0).
   */
  readonly totalKey?: string;
  readonly page: number;
  readonly perPage: number;
  /** The JSON text of `"next_rest_url":"…",`, shown while a next page exists. */
  readonly next: string;
  readonly holes: LiveHoles;
  /**
   * The values the body holds: the total, and each term's count, as term id and count one after
   * the other (once per term; flat for the reason {@link LiveHoles} are).
   */
  readonly total: number;
  readonly counts: readonly number[];
  /**
   * Where the body holds kept item renderings, in body order (live-answer.ts, templateOf): the
   * in-process store keeps such a list as the bytes around them and the renderings' keys, and
   * splices the renderings it keeps in again at each lookup (memory-read-cache.store.ts).
   */
  readonly items?: readonly ItemSpan[];
}

/**
 * A kept item rendering in a list body: its bytes `[at, at + length)` (with the list's `count`
 * holes of the terms it embeds inside them) and the key it is kept under (ReadCache.keepRendering).
 */
export interface ItemSpan {
  readonly at: number;
  readonly length: number;
  readonly key: string;
}

/**
 * What a read found: the listing version it saw (null when the store cannot be reached: then it
 * reads the database and keeps nothing) and the answer kept for its key under that version.
 */
export interface CacheLookup {
  readonly version: string | null;
  readonly answer?: CachedAnswer;
}

/** A write in flight, as `beginWrite` registered it. */
export interface WriteTicket {
  readonly id: string;
}

/**
 * What a write that ended changed of what anonymous answers show: nothing (a rollback, drafts),
 * anything (the default), or only what depends on one of `keys` (see {@link EVERY_ANSWER}).
 */
export type WriteChange =
  | 'none'
  | 'all'
  | {
      readonly keys: readonly string[];
      /**
       * The earliest listing position (a start instant, ms) of what the write changed in lists;
       * absent: anywhere. An answer kept with `until` (see ReadCacheStore.set) is ended by such a
       * write of one of its keys only when `from <= until`.
       */
      readonly from?: number;
    };

/**
 * The key every answer depends on unless its route names narrower ones, and which every write
 * whose change is narrowed to keys moves too: an answer with narrower keys is one that such a
 * write can change only through them (an event list filtered by terms: the write of an event
 * filed under none of its terms, and none of the terms it embeds, leaves it as it was).
 */
export const EVERY_ANSWER = 'events';

/**
 * The key of values that only occurrences of recurring series change (the series part of a
 * first-occurrences total). No write narrowed to keys moves it, since those are writes of one
 * event outside any series; every other write starts a new epoch, which ends them.
 */
export const SERIES_ONLY = 'series';

/**
 * The key of values that only writes of scheduled events change (the scheduled events still to
 * go live in a window's total): a write narrowed to keys moves it when an event it wrote was or
 * is scheduled (status `future`); every other write starts a new epoch, which ends them. The
 * clock changes them too, when one goes live: the read cache moves it then, as that event's
 * write would (GoLiveSweep).
 */
export const SCHEDULED = 'scheduled';

/**
 * The key of the single reads of venues and organizers, and of their lists without a filter on
 * events: nothing a write of an event changes shows in them (an event write that creates one
 * starts a new epoch), so no write narrowed to keys moves it, and only writes that end
 * everything (of venues, organizers and terms) and the TTL end them.
 */
export const LINKED_ITEM = 'linked-item';

/**
 * The key of the answers that show event `id` alone (its single reads): a write narrowed to
 * keys moves it for the one event it wrote. Such an answer depends on it and on the keys of the
 * terms it embeds (their counts), not on {@link EVERY_ANSWER}: another event's write that
 * touches none of its terms leaves it as it was.
 */
export function eventKey(id: number): string {
  return `event:${id}`;
}

/**
 * How the keys of kept item renderings begin (ReadCache.keepRendering): the in-process store
 * keeps them apart from answers, under a bound of their own.
 */
export const RENDERING_PREFIX = 'render ';

/**
 * The key of the answers that depend on term `id`: event lists filtered by it or embedding it
 * (its `count`), which the write of an event filed under it moves.
 */
export function termKey(id: number): string {
  return `term:${id}`;
}

/**
 * The key of the event lists filtered by venue `id` (or by a distance search that keeps it): a
 * narrowed write moves it for the venue its event had before and has after it.
 */
export function venueKey(id: number): string {
  return `venue:${id}`;
}

/** The key of the event lists filtered by organizer `id`, moved as {@link venueKey} is. */
export function organizerKey(id: number): string {
  return `organizer:${id}`;
}

/**
 * The key of the event lists whose window holds `day` (a UTC day, `YYYY-MM-DD`) and at most
 * {@link MAX_WINDOW_DAYS} days in all, with no narrower filter: only events that start within a
 * list's window are in it, so a narrowed write moves it for the UTC day its event started on
 * before and starts on after it, and a write of an event dated elsewhere keeps such a list.
 */
export function dayKey(day: string): string {
  return `day:${day}`;
}

/** The most UTC days a list's window may cover to depend on its days' keys (two months). */
export const MAX_WINDOW_DAYS = 62;

/**
 * The key of the event searches whose longest word begins with `prefix` (three letters, folded:
 * `events/search/search-keys.ts`): a narrowed write moves it for every word beginning of the
 * event's text before and after it, so a search the write's text cannot match stays kept.
 */
export function searchKey(prefix: string): string {
  return `search:${prefix}`;
}

/**
 * The shared state of the read cache: the listing version, the writes in flight and the answers
 * kept per version. A write that changed what a cached answer may show moves the version after
 * its commit, before its caller is answered, and an answer is kept only if the version is still
 * the one its read began under. So an answer made before a commit (or from a snapshot older
 * than it) is never found after that write's move, and every read that starts after a write was
 * answered sees it. Reads that overlap a write may get the answer from before it, as they could
 * from the database (docs/deployment.md#caching).
 *
 * A version has two parts, `epoch:sequence`. A write that may have changed anything starts a
 * new epoch (every answer is gone); a write narrowed to keys moves the sequence and records it
 * as the last move of each of its keys. An answer is kept with the keys it depends on and the
 * sequence its read began under, and is found only while none of its keys moved after that.
 */
export interface ReadCacheStore {
  /** Resolves once the store can answer (or after a short wait: it then answers as a miss). */
  ready(): Promise<void>;
  lookup(key: string): Promise<CacheLookup>;
  /** The current listing version (null when the store cannot be reached). */
  version(): Promise<string | null>;
  /**
   * Keeps `answer`, depending on `dependsOn`, if none of those moved since `version`. With
   * `until` (a listing position), only moves of those keys from a position up to it count: a
   * page of a list ordered by start whose last row starts at `until` is changed by no write
   * after it, except through its live parts.
   */
  set(
    version: string,
    key: string,
    answer: CachedAnswer,
    ttlMs: number,
    dependsOn: readonly string[],
    until?: number,
  ): Promise<void>;
  /**
   * Puts `next` (the same answer with its live parts filled in again) where `previous` is kept
   * under `key`, if it still is; a store may also leave it (each replay then fills it again).
   */
  replace(key: string, previous: CachedAnswer, next: CachedAnswer): Promise<void>;
  /**
   * Whether a value read under version `since` that depends on `dependsOn` is still what a read
   * under `now` (the current version) would find: both of the current epoch, and none of the
   * keys moved after `since`. Only a store that can tell without a round trip has it.
   */
  keptBetween?(since: string, now: string, dependsOn: readonly string[]): boolean;
  beginWrite(): Promise<WriteTicket>;
  /** Ends a write that committed (or may have) `change`. */
  endWrite(ticket: WriteTicket, change: WriteChange): Promise<void>;
  /** Drops every kept answer (a new version), e.g. after data changed behind the service. */
  clear(): Promise<void>;
  close(): Promise<void>;
}
