import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { PostStatus } from '../../posts/post-status';
import { EventEntity } from './event.entity';

/**
 * The event list seen from a category or tag: one row per event and term it is filed under,
 * directly or through a subcategory (so a parent category is one equality), carrying a copy of
 * the event's listing columns. `idx_event_term_listing` holds each term's events in list order
 * (start, then id) with every column the list filters on, so a page of a category or tag and
 * its count read this index alone, whatever share of all events the term holds;
 * `idx_event_term_listing_scheduled` finds its scheduled events by date, as `idx_events_scheduled`
 * does for all events.
 *
 * Derived data: `event_terms`, `terms.parent` and the event's columns are the truth, and
 * `listing/term-listing.ts` rewrites an event's rows in the transaction of every write that
 * changes them.
 */
@Entity('event_term_listing')
@Index('idx_event_term_listing', [
  'termId',
  'hideFromListings',
  'startUtc',
  'eventId',
  'status',
  'endUtc',
  'featured',
  'dateUtc',
  'author',
])
@Index('idx_event_term_listing_scheduled', [
  'termId',
  'status',
  'dateUtc',
  'hideFromListings',
  'startUtc',
  'endUtc',
  'featured',
])
export class EventTermListingEntity {
  @PrimaryColumn({ name: 'event_id', type: 'int', unsigned: true })
  eventId!: number;

  @PrimaryColumn({ name: 'term_id', type: 'int', unsigned: true })
  termId!: number;

  @Column({ name: 'hide_from_listings', type: 'boolean', default: false })
  hideFromListings!: boolean;

  @Column({ name: 'start_utc', type: 'datetime' })
  startUtc!: Date;

  @Column({ name: 'end_utc', type: 'datetime' })
  endUtc!: Date;

  @Column({ type: 'varchar', length: 20 })
  status!: PostStatus;

  @Column({ type: 'boolean', default: false })
  featured!: boolean;

  @Column({ name: 'date_utc', type: 'datetime' })
  dateUtc!: Date;

  @Column({ type: 'int', unsigned: true, default: 0 })
  author!: number;

  @ManyToOne(() => EventEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id' })
  event?: EventEntity;

  // The term side is named, not imported: the terms' entities belong to their module. The
  // relation exists for the foreign key; no query loads it.
  @ManyToOne('TermEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'term_id' })
  term?: object;
}
