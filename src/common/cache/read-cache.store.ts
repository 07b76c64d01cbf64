/** A read's answer as the cache keeps it: the serialised body and the headers to replay. */
export interface CachedAnswer {
  readonly body: string;
  readonly etag: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Clock time (ms) the answer was made at; older than the TTL is a miss. */
  readonly madeAt: number;
}

/**
 * What a read found: the listing version it saw (null while some write is in flight: then it
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
 * kept per version. A write bumps the version when it starts and again when it ends, and while
 * it is in flight no read uses or fills the cache; so an answer kept under a version was made
 * from data no write has changed since, and a write is visible to every read that starts after
 * its commit (README, Caching).
 */
export interface ReadCacheStore {
  /** Resolves once the store can answer (or after a short wait: it then answers as a miss). */
  ready(): Promise<void>;
  lookup(key: string): Promise<CacheLookup>;
  /** Keeps `answer` if the version is still `version` and no write is in flight. */
  set(version: string, key: string, answer: CachedAnswer, ttlMs: number): Promise<void>;
  beginWrite(): Promise<WriteTicket>;
  endWrite(ticket: WriteTicket): Promise<void>;
  /** Drops every kept answer (a new version), e.g. after data changed behind the service. */
  clear(): Promise<void>;
  close(): Promise<void>;
}
