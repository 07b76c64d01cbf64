import { randomUUID } from 'node:crypto';
import { countsOf } from './live-answer';
import {
  CachedAnswer,
  CacheLookup,
  HOLE_STRIDE,
  ItemSpan,
  ReadCacheStore,
  WriteChange,
  WriteTicket,
  RENDERING_PREFIX,
} from './read-cache.store';

/** An answer as this store keeps it: with the keys it depends on and the sequence it was read at. */
interface Kept {
  /** For a spliced list, its body is the bytes around the items (see {@link Spliced}). */
  readonly answer: CachedAnswer;
  readonly dependsOn: readonly string[];
  readonly sequence: number;
  readonly until?: number;
  readonly spliced?: Spliced;
  /** When a lookup last moved it to the end of its shelf's order (see TOUCH_EVERY_MS). */
  touchedAt: number;
  /**
   * The store's sequence when a lookup last found none of `dependsOn` moved: every move comes
   * with a new sequence, so while the sequence is the same the finding holds (see `unmoved`).
   */
  checkedAt: number;
}

/**
 * How often a lookup moves what it found to the end of its shelf's order (a Map's delete and
 * set) at most: the order of last use to the second is enough to choose what goes first, and a
 * hit of a list moves each of its items' renderings (a third of the CPU assembling took in
 * the read-only users' workload at 1M).
 */
const TOUCH_EVERY_MS = 1_000;

/**
 * A list answer kept without the bytes of the item renderings it holds (LiveParts.items): its
 * body's other bytes (the answer's `body` then), and per item the key of the rendering to splice
 * in again with the list's counts, which must give back as many bytes as the list had there. So
 * an event shown in many lists is held once, on the renderings' shelf: the users' workload's
 * lists held 156 MB of items, 47 MB of them distinct (1M events, 1,684 URLs).
 */
interface Spliced {
  readonly items: readonly ItemSpan[];
  /** The counts the list's bytes hold, by term id. */
  readonly counts: ReadonlyMap<number, number>;
  /** The whole body's length. */
  readonly length: number;
}

/** The most positioned moves kept per key (see `endWrite`). */
export const MAX_FRONT = 32;

/** A move of a key from a listing position (see WriteChange). */
interface PositionedMove {
  readonly from: number;
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
  /**
   * Per key, its moves since the epoch began, by ascending position and so by ascending
   * sequence: a move ends all before it from its position on, so the last one at or before a
   * position is the latest move that reached it, and the last one of all is the key's last move.
   */
  private readonly fronts = new Map<string, PositionedMove[]>();

  /** Answers, and the items' renderings (RENDERING_PREFIX) on a shelf of their own. */
  private readonly answers = new Shelf();
  private readonly renderings = new Shelf();
  /** The spliced list each answer a lookup assembled came from (see `replace`). */
  private readonly assembledFrom = new WeakMap<CachedAnswer, Kept>();

  /**
   * `maxBytes` for answers; `renderingBytes` for renderings apart, so the many small renderings
   * a list reuses never push out the answers that hits are made of.
   */
  constructor(
    private readonly maxBytes: number,
    private readonly renderingBytes: number = maxBytes,
  ) {}

  private shelfOf(key: string): { shelf: Shelf; maxBytes: number } {
    return key.startsWith(RENDERING_PREFIX)
      ? { shelf: this.renderings, maxBytes: this.renderingBytes }
      : { shelf: this.answers, maxBytes: this.maxBytes };
  }

  ready(): Promise<void> {
    return Promise.resolve();
  }

  lookup(key: string): Promise<CacheLookup> {
    const { shelf } = this.shelfOf(key);
    const kept = shelf.map.get(key);
    const version = this.current();
    if (kept === undefined) return Promise.resolve({ version });
    if (!this.unmoved(kept)) {
      this.remove(key);
      return Promise.resolve({ version });
    }
    const now = Date.now();
    touch(shelf, key, kept, now);
    if (kept.spliced === undefined) return Promise.resolve({ version, answer: kept.answer });
    const answer = this.assembled(kept.answer, kept.spliced, now);
    if (answer === undefined) {
      // A rendering it needs is gone (ended, expired or pushed out): the route makes it again.
      this.remove(key);
      return Promise.resolve({ version });
    }
    this.assembledFrom.set(answer, kept);
    return Promise.resolve({ version, answer });
  }

  /**
   * The list `answer` (kept spliced) whole again: its bytes, with each item's kept rendering
   * spliced in where it was, filled with the list's counts; undefined when a rendering is not
   * kept now or does not fill its place.
   */
  private assembled(answer: CachedAnswer, spliced: Spliced, now: number): CachedAnswer | undefined {
    const frame = answer.body;
    // Written in place: a page of 50 events is about 200 KB, made at every hit.
    const whole = Buffer.allocUnsafe(spliced.length);
    let at = 0;
    let from = 0;
    let to = 0;
    for (const item of spliced.items) {
      const rendering = this.rendering(item.key, now);
      if (rendering === undefined) return undefined;
      to += frame.copy(whole, to, from, from + item.at - at);
      from += item.at - at;
      const end = to + item.length;
      let last = 0;
      const body = rendering.body;
      const holes = rendering.live?.holes ?? [];
      for (let i = 0; i < holes.length; i += HOLE_STRIDE) {
        // A rendering's only holes are its terms' counts (what is a term id, 0 or more).
        const count = spliced.counts.get(holes[i + 2] ?? -1);
        if (count === undefined) return undefined;
        const at = holes[i] ?? 0;
        to += body.copy(whole, to, last, at);
        // A count longer than its place runs past the item's end, which the check below sees.
        to += whole.write(String(count), to, 'latin1');
        last = at + (holes[i + 1] ?? 0);
      }
      to += body.copy(whole, to, last);
      if (to !== end) return undefined;
      at = item.at + item.length;
    }
    to += frame.copy(whole, to, from);
    return to === spliced.length ? { ...answer, body: whole } : undefined;
  }

  /** The rendering kept under `key`, if it is still what a lookup would find, and fresh. */
  private rendering(key: string, now: number): CachedAnswer | undefined {
    const kept = this.renderings.map.get(key);
    if (kept === undefined) return undefined;
    if (!this.unmoved(kept)) {
      this.remove(key);
      return undefined;
    }
    const answer = kept.answer;
    if (!(answer.madeAt <= now && now < answer.expiresAt)) return undefined;
    touch(this.renderings, key, kept, now);
    return answer;
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
    until?: number,
  ): Promise<void> {
    const [epoch, sequence] = version.split(':').map(Number);
    const { shelf, maxBytes } = this.shelfOf(key);
    if (
      epoch === this.epoch &&
      sequence !== undefined &&
      this.unmovedSince(dependsOn, sequence, until)
    ) {
      const kept = this.keptForm(key, answer, dependsOn, sequence, until);
      if (sizeOf(key, kept) > maxBytes) return Promise.resolve();
      this.remove(key);
      shelf.map.set(key, kept);
      shelf.size += sizeOf(key, kept);
      while (shelf.size > maxBytes) {
        const oldest = shelf.map.keys().next();
        if (oldest.done === true) break;
        this.remove(oldest.value);
      }
    }
    return Promise.resolve();
  }

  replace(key: string, previous: CachedAnswer, next: CachedAnswer): Promise<void> {
    const { shelf } = this.shelfOf(key);
    const kept = shelf.map.get(key);
    if (
      kept !== undefined &&
      (kept.answer === previous || this.assembledFrom.get(previous) === kept)
    ) {
      const { dependsOn, sequence, until } = kept;
      const now = this.keptForm(key, next, dependsOn, sequence, until);
      shelf.map.set(key, now);
      shelf.size += sizeOf(key, now) - sizeOf(key, kept);
    }
    return Promise.resolve();
  }

  /**
   * `answer` as this store keeps it: a list that holds kept renderings (LiveParts.items, not
   * renderings themselves) without their bytes ({@link Spliced}); every body in memory of its own.
   */
  private keptForm(
    key: string,
    answer: CachedAnswer,
    dependsOn: readonly string[],
    sequence: number,
    until: number | undefined,
  ): Kept {
    const base = {
      dependsOn,
      sequence,
      touchedAt: 0,
      checkedAt: 0,
      ...(until !== undefined ? { until } : {}),
    };
    // Only the items whose renderings this store holds now: the others' bytes stay in the list.
    const items = key.startsWith(RENDERING_PREFIX)
      ? []
      : (answer.live?.items ?? []).filter((item) => this.renderings.map.has(item.key));
    if (items.length === 0) return { ...base, answer: withOwnBytes(answer) };
    const body = answer.body;
    const itemBytes = items.reduce((sum, item) => sum + item.length, 0);
    const frame = Buffer.allocUnsafeSlow(body.byteLength - itemBytes);
    let written = 0;
    let from = 0;
    for (const item of items) {
      written += body.copy(frame, written, from, item.at);
      from = item.at + item.length;
    }
    body.copy(frame, written, from);
    return {
      ...base,
      answer: { ...answer, body: frame },
      spliced: {
        items,
        counts: answer.live ? countsOf(answer.live) : new Map(),
        length: body.byteLength,
      },
    };
  }

  keptBetween(since: string, now: string, dependsOn: readonly string[]): boolean {
    const [epoch, sequence] = since.split(':').map(Number);
    return (
      now === this.current() &&
      epoch === this.epoch &&
      sequence !== undefined &&
      this.unmovedSince(dependsOn, sequence)
    );
  }

  beginWrite(): Promise<WriteTicket> {
    return Promise.resolve({ id: randomUUID() });
  }

  endWrite(_ticket: WriteTicket, change: WriteChange): Promise<void> {
    if (change === 'all') this.newEpoch();
    else if (change !== 'none') {
      this.sequence += 1;
      const from = change.from ?? -Infinity;
      for (const key of change.keys) {
        const front = (this.fronts.get(key) ?? []).filter((move) => move.from < from);
        front.push({ from, sequence: this.sequence });
        // Writes at ever later positions would grow it without end: the two earliest become
        // one at the first's position with the second's sequence, which ends no less.
        while (front.length > MAX_FRONT) {
          const [first, second] = front as [PositionedMove, PositionedMove];
          front.splice(0, 2, { from: first.from, sequence: second.sequence });
        }
        this.fronts.set(key, front);
      }
    }
    return Promise.resolve();
  }

  clear(): Promise<void> {
    this.newEpoch();
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.answers.clear();
    this.renderings.clear();
    return Promise.resolve();
  }

  private current(): string {
    return `${this.epoch}:${this.sequence}`;
  }

  /**
   * Whether none of `kept`'s dependencies moved since it was kept. Looked up once per store
   * sequence: between writes a hit reads no dependency (the loop over them took 1.7% of the
   * service's time read-only at 1M, most of it hits of totals with a dependency per day; with
   * 2% writes, 4%, which this leaves as it was, the sequence moving at every write).
   */
  private unmoved(kept: Kept): boolean {
    if (kept.checkedAt === this.sequence) return true;
    if (!this.unmovedSince(kept.dependsOn, kept.sequence, kept.until)) return false;
    kept.checkedAt = this.sequence;
    return true;
  }

  /** Whether none of `keys` moved after `sequence` (from a position up to `until`, if given). */
  private unmovedSince(keys: readonly string[], sequence: number, until = Infinity): boolean {
    // Once per dependency of every lookup (a window total's block has 62): a plain loop, and
    // nothing made for a key that never moved.
    for (const key of keys) {
      if (this.lastMoveUpTo(key, until) > sequence) return false;
    }
    return true;
  }

  /** The sequence of the last move of `key` from a position at or before `until` (0: none). */
  private lastMoveUpTo(key: string, until: number): number {
    const front = this.fronts.get(key);
    if (front === undefined) return 0;
    for (let i = front.length - 1; i >= 0; i--) {
      const move = front[i] as PositionedMove;
      if (move.from <= until) return move.sequence;
    }
    return 0;
  }

  private remove(key: string): void {
    const { shelf } = this.shelfOf(key);
    const kept = shelf.map.get(key);
    if (kept === undefined) return;
    shelf.map.delete(key);
    shelf.size -= sizeOf(key, kept);
  }

  private newEpoch(): void {
    this.epoch += 1;
    this.sequence += 1;
    this.fronts.clear();
    this.answers.clear();
    this.renderings.clear();
  }
}

/** Moves `kept` to the end of `shelf`'s order, if it was not moved there in the last second. */
function touch(shelf: Shelf, key: string, kept: Kept, now: number): void {
  if (now - kept.touchedAt < TOUCH_EVERY_MS && now >= kept.touchedAt) return;
  kept.touchedAt = now;
  shelf.map.delete(key);
  shelf.map.set(key, kept);
}

/** Kept answers in order of last use (to the second), with their keys' and bodies' sizes added up. */
class Shelf {
  readonly map = new Map<string, Kept>();
  /** Keys in UTF-16 code units, bodies in bytes. */
  size = 0;

  clear(): void {
    this.map.clear();
    this.size = 0;
  }
}

/**
 * What an answer counts against the bound: its key (a request target, up to 8 KiB) and body (a
 * spliced list's: the bytes around its items, and its items' keys).
 */
function sizeOf(key: string, kept: Kept): number {
  const items = kept.spliced?.items ?? [];
  let size = key.length + kept.answer.body.byteLength;
  for (const item of items) size += item.key.length + ITEM_OVERHEAD;
  return size;
}

/** About what a spliced item's place costs besides its key (its span and count entries). */
const ITEM_OVERHEAD = 64;

/**
 * `answer` with a body that owns its memory: a body that is a view of a larger buffer is
 * copied. A small Buffer (under 4 KiB) is usually a slice of one of Node's shared 8 KiB pool
 * slabs, and keeping it keeps the whole slab: kept for minutes, such slices made the process
 * hold about twice the bytes this store counts. (A view of a larger buffer of its own is copied
 * too, once, at keep time.)
 */
function withOwnBytes(answer: CachedAnswer): CachedAnswer {
  const body = answer.body;
  if (body.byteOffset === 0 && body.buffer.byteLength === body.byteLength) return answer;
  const own = Buffer.allocUnsafeSlow(body.byteLength);
  body.copy(own);
  return { ...answer, body: own };
}
