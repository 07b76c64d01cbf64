import { randomUUID } from 'node:crypto';
import { CachedAnswer, CacheLookup, ReadCacheStore, WriteTicket } from './read-cache.store';

/**
 * The read cache of one process: a map in order of last use, bounded by the size of the keys and
 * bodies it holds (the answer used longest ago goes first when it is full, so the answers read
 * most stay while a long tail of rare reads passes through). Instances that do not share a
 * `CACHE_URL` do not see each other's writes, so this store is for a single instance. A write
 * that dies with its process takes the cache with it, so it needs no record of writes in flight.
 */
export class MemoryReadCacheStore implements ReadCacheStore {
  private current = 0;
  private readonly answers = new Map<string, CachedAnswer>();
  /** The keys' and bodies' sizes added up (UTF-16 code units: about bytes for JSON). */
  private size = 0;

  constructor(private readonly maxBytes: number) {}

  ready(): Promise<void> {
    return Promise.resolve();
  }

  lookup(key: string): Promise<CacheLookup> {
    const answer = this.answers.get(key);
    if (answer !== undefined) {
      // Used now: to the end of the order (a Map keeps insertion order).
      this.answers.delete(key);
      this.answers.set(key, answer);
    }
    return Promise.resolve({ version: String(this.current), answer });
  }

  version(): Promise<string | null> {
    return Promise.resolve(String(this.current));
  }

  set(version: string, key: string, answer: CachedAnswer): Promise<void> {
    if (version === String(this.current) && sizeOf(key, answer) <= this.maxBytes) {
      this.remove(key);
      this.answers.set(key, answer);
      this.size += sizeOf(key, answer);
      while (this.size > this.maxBytes) {
        const oldest = this.answers.keys().next();
        if (oldest.done === true) break;
        this.remove(oldest.value);
      }
    }
    return Promise.resolve();
  }

  private remove(key: string): void {
    const answer = this.answers.get(key);
    if (answer === undefined) return;
    this.answers.delete(key);
    this.size -= sizeOf(key, answer);
  }

  beginWrite(): Promise<WriteTicket> {
    return Promise.resolve({ id: randomUUID() });
  }

  endWrite(_ticket: WriteTicket, changed: boolean): Promise<void> {
    if (changed) this.bump();
    return Promise.resolve();
  }

  clear(): Promise<void> {
    this.bump();
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.answers.clear();
    this.size = 0;
    return Promise.resolve();
  }

  private bump(): void {
    this.current += 1;
    this.answers.clear();
    this.size = 0;
  }
}

/** What an answer counts against the bound: its key (a request target, up to 8 KiB) and body. */
function sizeOf(key: string, answer: CachedAnswer): number {
  return key.length + answer.body.length;
}
