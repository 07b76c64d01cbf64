/** A read's answer as the cache keeps it: the serialised body and the headers to replay. */
export interface CachedAnswer {
  readonly body: string;
  readonly etag: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Clock time (ms) the answer was made at. */
  readonly madeAt: number;
  /** Clock time (ms) from which it is a miss (ReadCache.expiryOf). */
  readonly expiresAt: number;
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
 * The shared state of the read cache: the listing version, the writes in flight and the answers
 * kept per version. A write that changed what a cached answer may show moves the version after
 * its commit, before its caller is answered, and an answer is kept only if the version is still
 * the one its read began under. So an answer made before a commit (or from a snapshot older
 * than it) is never found after that write's move, and every read that starts after a write was
 * answered sees it. Reads that overlap a write may get the answer from before it, as they could
 * from the database (README, Caching).
 */
export interface ReadCacheStore {
  /** Resolves once the store can answer (or after a short wait: it then answers as a miss). */
  ready(): Promise<void>;
  lookup(key: string): Promise<CacheLookup>;
  /** The current listing version (null when the store cannot be reached). */
  version(): Promise<string | null>;
  /** Keeps `answer` if the version is still `version`. */
  set(version: string, key: string, answer: CachedAnswer, ttlMs: number): Promise<void>;
  beginWrite(): Promise<WriteTicket>;
  /** Ends a write; `changed`: it committed (or may have) something a cached answer shows. */
  endWrite(ticket: WriteTicket, changed: boolean): Promise<void>;
  /** Drops every kept answer (a new version), e.g. after data changed behind the service. */
  clear(): Promise<void>;
  close(): Promise<void>;
}
