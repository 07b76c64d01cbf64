import { Injectable } from '@nestjs/common';

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
   * yet in the stored counts), counted per term, of `termIds` when given.
   */
  lateScheduledCounts(now: Date, termIds?: readonly number[]): Promise<Map<number, number>>;
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

  /** See {@link TermLinkOwner.lateScheduledCounts}. */
  lateScheduledCounts(now: Date, termIds?: readonly number[]): Promise<Map<number, number>> {
    return this.linkOwner().lateScheduledCounts(now, termIds);
  }

  private linkOwner(): TermLinkOwner {
    if (!this.owner) throw new Error('Nothing owns the links of events to terms');
    return this.owner;
  }
}
