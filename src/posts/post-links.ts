import { Injectable } from '@nestjs/common';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { EventAccessFields } from '../access/event-access';
import { PostKind } from './post.entity';

/** Removes an item from every event it is linked to, in the running unit of work. */
export type Unlinker = (id: number) => Promise<unknown>;

/**
 * Makes `sub` read the events linked to the item aliased `item`, with the events aliased
 * `events` (each subquery has its own alias, so their parameters do not clash).
 */
export type LinkedEventsQuery = (
  sub: SelectQueryBuilder<ObjectLiteral>,
  events: string,
  item: string,
) => void;

/** Reads the columns the access rule needs of event `id`, or null when no event has that id. */
export type EventAccessReader = (id: number) => Promise<EventAccessFields | null>;

/**
 * Where the owner of the link tables (the events aggregate) says how to unlink a venue or
 * organizer, how a query reaches their events, and how to read an event's access columns, so that the post kernel and the venues,
 * organizers and terms never read or write the events' tables themselves: they ask here, the
 * events repository answers (it registers once, when the module starts).
 */
@Injectable()
export class PostLinks {
  private readonly unlinkers = new Map<PostKind, Unlinker>();
  private readonly linkedEventQueries = new Map<PostKind, LinkedEventsQuery>();
  private eventReader: EventAccessReader | undefined;

  /**
   * Registers how items of `kind` are unlinked, and how a query reaches their events (once, by
   * the owner of the links).
   */
  register(kind: PostKind, unlinker: Unlinker, linkedEvents: LinkedEventsQuery): void {
    this.unlinkers.set(kind, unlinker);
    this.linkedEventQueries.set(kind, linkedEvents);
  }

  /** Makes `sub` read the events linked to the item of `kind` aliased `item` (see the type). */
  linkedEvents(
    kind: PostKind,
    sub: SelectQueryBuilder<ObjectLiteral>,
    events: string,
    item: string,
  ): void {
    const query = this.linkedEventQueries.get(kind);
    if (!query) throw new Error(`Nothing links events to items of kind ${kind}`);
    query(sub, events, item);
  }

  /** Registers how an event's access columns are read (once, by the events repository). */
  registerEventReader(reader: EventAccessReader): void {
    this.eventReader = reader;
  }

  /** Unlinks item `id` of `kind` from every event, inside the caller's unit of work. */
  async unlink(kind: PostKind, id: number): Promise<void> {
    const unlinker = this.unlinkers.get(kind);
    if (!unlinker) throw new Error(`Nothing unlinks items of kind ${kind}`);
    await unlinker(id);
  }

  /** The access columns of event `id`, or null when no event has that id. */
  async eventAccessFields(id: number): Promise<EventAccessFields | null> {
    if (!this.eventReader) throw new Error('Nothing reads events for their links');
    return this.eventReader(id);
  }
}
