import { randomUUID } from 'node:crypto';
import {
  CachedAnswer,
  CacheLookup,
  ReadCacheStore,
  WriteChange,
  WriteTicket,
} from './read-cache.store';

/** An answer as this store keeps it: with the keys it depends on and the sequence it was read at. */
interface Kept {
  readonly answer: CachedAnswer;
  readonly dependsOn: readonly string[];
  readonly sequence: number;
}

/**
 * The read cache of one process: a map in order of last use, bounded by the size of the keys and
 * bodies it holds (the answer used longest ago goes first when it is full, so the answers read
 * most stay while a long tail of rare reads passes through). Instances that do not share a
 * `CACHE_URL` do not see each other's writes, so this store is for a single instance. A write
 * that dies with its process takes the cache with it, so it needs no record of writes in flight.
 */
export class MemoryReadCacheStore implements ReadCacheStore {
  private epoch = 0;
  private sequence = 0;
  /** The sequence of each key's last move (since the epoch began). */
  private readonly moved = new Map<string, number>();
  private readonly answers = new Map<string, Kept>();
  /** The keys' and bodies' sizes added up (keys in UTF-16 code units, bodies in bytes). */
  private size = 0;

  constructor(private readonly maxBytes: number) {}

  ready(): Promise<void> {
    return Promise.resolve();
  }

  lookup(key: string): Promise<CacheLookup> {
    const kept = this.answers.get(key);
    const version = this.current();
    if (kept === undefined) return Promise.resolve({ version });
    if (!this.unmovedSince(kept.dependsOn, kept.sequence)) {
      this.remove(key);
      return Promise.resolve({ version });
    }
    // Used now: to the end of the order (a Map keeps insertion order).
    this.answers.delete(key);
    this.answers.set(key, kept);
    return Promise.resolve({ version, answer: kept.answer });
  }

  version(): Promise<string | null> {
    return Promise.resolve(this.current());
  }

  set(
    version: string,
    key: string,
    answer: CachedAnswer,
    _ttlMs: number,
    dependsOn: readonly string[],
  ): Promise<void> {
    const [epoch, sequence] = version.split(':').map(Number);
    if (
      epoch === this.epoch &&
      sequence !== undefined &&
      this.unmovedSince(dependsOn, sequence) &&
      sizeOf(key, answer) <= this.maxBytes
    ) {
      this.remove(key);
      this.answers.set(key, { answer, dependsOn, sequence });
      this.size += sizeOf(key, answer);
      while (this.size > this.maxBytes) {
        const oldest = this.answers.keys().next();
        if (oldest.done === true) break;
        this.remove(oldest.value);
      }
    }
    return Promise.resolve();
  }

  beginWrite(): Promise<WriteTicket> {
    return Promise.resolve({ id: randomUUID() });
  }

  endWrite(_ticket: WriteTicket, change: WriteChange): Promise<void> {
    if (change === 'all') this.newEpoch();
    else if (change !== 'none') {
      this.sequence += 1;
      for (const key of change.keys) this.moved.set(key, this.sequence);
    }
    return Promise.resolve();
  }

  clear(): Promise<void> {
    this.newEpoch();
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.answers.clear();
    this.size = 0;
    return Promise.resolve();
  }

  private current(): string {
    return `${this.epoch}:${this.sequence}`;
  }

  /** Whether none of `keys` moved after `sequence`. */
  private unmovedSince(keys: readonly string[], sequence: number): boolean {
    return keys.every((key) => (this.moved.get(key) ?? 0) <= sequence);
  }

  private remove(key: string): void {
    const kept = this.answers.get(key);
    if (kept === undefined) return;
    this.answers.delete(key);
    this.size -= sizeOf(key, kept.answer);
  }

  private newEpoch(): void {
    this.epoch += 1;
    this.sequence += 1;
    this.moved.clear();
    this.answers.clear();
    this.size = 0;
  }
}

/** What an answer counts against the bound: its key (a request target, up to 8 KiB) and body. */
function sizeOf(key: string, answer: CachedAnswer): number {
  return key.length + answer.body.byteLength;
}
