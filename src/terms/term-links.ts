import { Injectable } from '@nestjs/common';
import { ReadCache } from '../read-cache/read-cache';
import { SCHEDULED } from '../read-cache/read-cache.store';

/** The read-cache key of every term's count of scheduled events gone live (see `lateScheduledCounts`). */
const LATE_COUNTS_KEY = 'terms late scheduled counts';

/** A term link of an event. */
export interface EventTermLink {
  readonly eventId: number;
  readonly termId: number;
}

/** What the owner of the events' term links does when the category tree changes. */
export interface TermLinkOwner {
  /**
   * Term `termId` moved away from `formerParent`: rewrite whatever copies the tree (the events'
   * listing rows and the counts of the categories above, before and after).
   */
  moved(termId: number, formerParent: number): Promise<void>;
  /**
   * Term `termId` is about to be deleted (its children already moved up to `parent`): remove its
   * links to events and everything that copies them.
   */
  removing(termId: number, parent: number): Promise<void>;
  /** The ids of the terms event `eventId` is linked to (its own categories and tags). */
  termsOf(eventId: number): Promise<number[]>;
  /**
   * Events stored as `future` whose date has passed by `now` (so shown as published, but not
   * yet in the stored counts), counted per term.
   */
  lateScheduledCounts(now: Date): Promise<Map<number, number>>;
}

/**
 * Where the events aggregate, which owns the links between events and terms, says how to follow
 * a change of the category tree and answers what terms need to know of their events (an
 * event's terms, the scheduled events that became published), so the terms repository reads
 * and writes only the terms' own tables: it calls here inside its unit of work, the events
 * repository answers (registered at start).
 */
@Injectable()
export class TermLinks {
  private owner: TermLinkOwner | undefined;

  constructor(private readonly cache: ReadCache) {}

  /** Registers the owner of the links (once, by the events repository). */
  register(owner: TermLinkOwner): void {
    this.owner = owner;
  }

  /** See {@link TermLinkOwner.moved}. */
  async moved(termId: number, formerParent: number): Promise<void> {
    await this.linkOwner().moved(termId, formerParent);
  }

  /** See {@link TermLinkOwner.removing}. */
  async removing(termId: number, parent: number): Promise<void> {
    await this.linkOwner().removing(termId, parent);
  }

  /** See {@link TermLinkOwner.termsOf}. */
  termsOf(eventId: number): Promise<number[]> {
    return this.linkOwner().termsOf(eventId);
  }

  /**
   * See {@link TermLinkOwner.lateScheduledCounts}: every term's, read once and kept in the read
   * cache until a write of a scheduled event or the next go-live (both move `SCHEDULED`, the
   * go-live as the first use of the cache at or after it: GoLiveSweep), so a term's count costs
   * one query of the terms' own table, not two. `now` is the clock's, as the sweep's is.
   */
  async lateScheduledCounts(now: Date, termIds?: readonly number[]): Promise<Map<number, number>> {
    const all = await this.cache.remember(
      LATE_COUNTS_KEY,
      async () => [...(await this.linkOwner().lateScheduledCounts(now))],
      [SCHEDULED],
    );
    const wanted = termIds ? new Set(termIds) : undefined;
    return new Map(all.filter(([id]) => wanted === undefined || wanted.has(id)));
  }

  private linkOwner(): TermLinkOwner {
    if (!this.owner) throw new Error('Nothing owns the links of events to terms');
    return this.owner;
  }
}
