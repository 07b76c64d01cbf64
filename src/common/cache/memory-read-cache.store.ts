import { randomUUID } from 'node:crypto';
import { CachedAnswer, CacheLookup, ReadCacheStore, WriteTicket } from './read-cache.store';

/**
 * The read cache of one process: a bounded map in insertion order (the oldest answer goes first
 * when it is full). Instances that do not share a `CACHE_URL` do not see each other's writes, so
 * this store is for a single instance.
 */
export class MemoryReadCacheStore implements ReadCacheStore {
  private version = 0;
  /** Writes in flight by ticket, with the time (ms) after which one counts as abandoned. */
  private readonly writes = new Map<string, number>();
  private readonly answers = new Map<string, CachedAnswer>();

  constructor(
    private readonly maxEntries: number,
    private readonly writeTicketMs: number,
  ) {}

  ready(): Promise<void> {
    return Promise.resolve();
  }

  lookup(key: string): Promise<CacheLookup> {
    if (this.writing()) return Promise.resolve({ version: null });
    return Promise.resolve({ version: String(this.version), answer: this.answers.get(key) });
  }

  set(version: string, key: string, answer: CachedAnswer): Promise<void> {
    if (!this.writing() && version === String(this.version)) {
      this.answers.delete(key);
      this.answers.set(key, answer);
      while (this.answers.size > this.maxEntries) {
        const oldest = this.answers.keys().next();
        if (oldest.done === true) break;
        this.answers.delete(oldest.value);
      }
    }
    return Promise.resolve();
  }

  beginWrite(): Promise<WriteTicket> {
    const ticket = { id: randomUUID() };
    this.writes.set(ticket.id, Date.now() + this.writeTicketMs);
    this.bump();
    return Promise.resolve(ticket);
  }

  endWrite(ticket: WriteTicket): Promise<void> {
    this.writes.delete(ticket.id);
    this.bump();
    return Promise.resolve();
  }

  clear(): Promise<void> {
    this.bump();
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.answers.clear();
    return Promise.resolve();
  }

  /** Whether a write is in flight; tickets past their time (a write that never ended) go. */
  private writing(): boolean {
    if (this.writes.size === 0) return false;
    const now = Date.now();
    for (const [id, expires] of this.writes) if (expires <= now) this.writes.delete(id);
    return this.writes.size > 0;
  }

  private bump(): void {
    this.version += 1;
    this.answers.clear();
  }
}
