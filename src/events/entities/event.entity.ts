import { Column, Entity, Index, OneToMany, PrimaryColumn } from 'typeorm';
import { EventTranslationEntity } from './event-translation.entity';

import { PostStatus } from '../../posts/post-status';
import type { CostDescription } from '../../common/text/cost';
import type { ShownImage } from '../../common/media/image';

export { POST_STATUSES, type PostStatus } from '../../posts/post-status';

/**
 * An event. Instants are UTC `DATETIME`s; `timezone` is the IANA zone (or `UTC+2` offset) the
 * local times are shown in. Translatable text lives in `event_translations`.
 *
 * `idx_events_listing` serves every list: equality on `hide_from_listings`, the range and order
 * on `start_utc, id`, and the remaining filter columns (`author` for the own drafts authors and
 * contributors see) so the page and its COUNT read the index alone. `idx_events_scheduled` finds
 * scheduled events by date without a scan: those whose date has passed (they count as
 * published), and those still to come within a window, which a window's total subtracts from
 * its day counts (`listing/window-total.ts`), also those of series alone (`series_id` last, for
 * the totals of `hide_subsequent_recurrences`). `idx_events_venue` holds the same columns per
 * venue, in list order within a venue (start, id), so a venue's page stops at its last row and
 * counting the events of the hundreds of venues a distance search finds reads the index alone.
 * `idx_events_series` holds a series' occurrences by listing state, then in start order, so the
 * first listed occurrence of each series from a day on (`hide_subsequent_recurrences`) and its
 * end are one index entry. `idx_events_author` holds an author's events by listing state and
 * status, then in start order, so the total of an author's list counts their own drafts,
 * pending, private and scheduled events without walking everyone's (`ownSplit`).
 */
@Entity('events')
@Index('idx_events_listing', [
  'hideFromListings',
  'startUtc',
  'id',
  'status',
  'endUtc',
  'featured',
  'dateUtc',
  'author',
])
@Index('idx_events_parent', ['postParent', 'startUtc'])
@Index('idx_events_series', ['seriesId', 'hideFromListings', 'status', 'startUtc', 'endUtc'])
@Index('idx_events_series_horizon', ['recurrenceUntil'])
@Index('idx_events_modified', ['modifiedUtc', 'id'])
@Index('idx_events_venue', [
  'venueId',
  'hideFromListings',
  'startUtc',
  'id',
  'status',
  'endUtc',
  'featured',
  'dateUtc',
  'author',
])
@Index('idx_events_author', [
  'author',
  'hideFromListings',
  'status',
  'startUtc',
  'endUtc',
  'featured',
  'dateUtc',
  'seriesId',
])
@Index('idx_events_scheduled', [
  'status',
  'dateUtc',
  'hideFromListings',
  'startUtc',
  'endUtc',
  'featured',
  'seriesId',
])
export class EventEntity {
  @PrimaryColumn({ type: 'int', unsigned: true })
  id!: number;

  @Index('uq_events_slug', { unique: true })
  @Column({ type: 'varchar', length: 200 })
  slug!: string;

  @Column({ type: 'varchar', length: 20 })
  status!: PostStatus;

  @Column({ type: 'int', unsigned: true, default: 0 })
  author!: number;

  /** Salted hash of the event's password (`post-password.ts`); null when it has none. */
  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true, default: null })
  passwordHash!: string | null;

  /** The language the event was created in; the fallback for missing translations. */
  @Column({ name: 'original_language', type: 'varchar', length: 2 })
  originalLanguage!: string;

  /** Publication instant. */
  @Column({ name: 'date_utc', type: 'datetime' })
  dateUtc!: Date;

  @Column({ name: 'modified_utc', type: 'datetime' })
  modifiedUtc!: Date;

  @Column({ type: 'varchar', length: 64 })
  timezone!: string;

  @Column({ name: 'start_utc', type: 'datetime' })
  startUtc!: Date;

  @Column({ name: 'end_utc', type: 'datetime' })
  endUtc!: Date;

  @Column({ name: 'all_day', type: 'boolean', default: false })
  allDay!: boolean;

  /** The cost entries as given (`["0$","20$"]`), as JSON text; null when none. */
  @Column({ type: 'simple-json', nullable: true, default: null })
  cost!: string[] | null;

  /**
   * The cost as the event's source showed it: an event imported from The Events Calendar keeps
   * TEC's `cost` string byte for byte and its `cost_details` (TEC's values, words included, and
   * its currency only where TEC had one), shown instead of what this service's rules make of
   * `cost`. Null for every event whose cost was written here; a write of `cost` clears it.
   */
  @Column({ name: 'cost_shown', type: 'simple-json', nullable: true, default: null })
  costShown!: CostDescription | null;

  @Column({ type: 'varchar', length: 2048, nullable: true, default: null })
  website!: string | null;

  @Column({ name: 'show_map', type: 'boolean', default: true })
  showMap!: boolean;

  @Column({ name: 'show_map_link', type: 'boolean', default: true })
  showMapLink!: boolean;

  @Column({ name: 'hide_from_listings', type: 'boolean', default: false })
  hideFromListings!: boolean;

  @Column({ type: 'boolean', default: false })
  sticky!: boolean;

  @Column({ type: 'boolean', default: false })
  featured!: boolean;

  @Column({ name: 'image_url', type: 'varchar', length: 2048, nullable: true, default: null })
  imageUrl!: string | null;

  @Column({ name: 'image_id', type: 'int', unsigned: true, nullable: true, default: null })
  imageId!: number | null;

  /**
   * The image as an import's source showed it (TEC's object: attachment id, sizes, file size),
   * shown while `image_url` is its URL; null for every image written here.
   */
  @Column({ name: 'image_shown', type: 'simple-json', nullable: true, default: null })
  imageShown!: ShownImage | null;

  /** Parent event id; null for none. */
  @Column({ name: 'post_parent', type: 'int', unsigned: true, nullable: true, default: null })
  postParent!: number | null;

  /** The linked venue's id (filled by the venues resource); null for none. */
  @Column({ name: 'venue_id', type: 'int', unsigned: true, nullable: true, default: null })
  venueId!: number | null;

  /**
   * The `global_id` an imported event had at its source, shown instead of one built from its id
   * (docs/behaviour.md#importing-from-the-events-calendar); null for items made here.
   */
  @Column({ name: 'global_id', type: 'varchar', length: 255, nullable: true, default: null })
  globalId!: string | null;

  /** The `global_id_lineage` an imported event had at its source; null for items made here. */
  @Column({ name: 'global_id_lineage', type: 'simple-json', nullable: true, default: null })
  globalIdLineage!: string[] | null;

  /**
   * The series this event is an occurrence of: the id of the series' first occurrence, which
   * holds the rule (docs/behaviour.md#recurring-events); its own id on that one; null for an
   * event that does not recur.
   */
  @Column({ name: 'series_id', type: 'int', unsigned: true, nullable: true, default: null })
  seriesId!: number | null;

  /** The series' `RRULE`, `RDATE` and `EXDATE` lines, on its first occurrence only. */
  @Column({ type: 'simple-json', nullable: true, default: null })
  recurrence!: string[] | null;

  /**
   * On a series' first occurrence whose rule goes on past the occurrences stored: up to when they
   * are stored (the horizon of its last write or extension); null when every occurrence is.
   */
  @Column({ name: 'recurrence_until', type: 'datetime', nullable: true, default: null })
  recurrenceUntil!: Date | null;

  /** An occurrence's start as the rule made it: `yyyyMMdd'T'HHmmss` wall time in its zone. */
  @Column({ name: 'recurrence_id', type: 'varchar', length: 15, nullable: true, default: null })
  recurrenceId!: string | null;

  /** An occurrence changed on its own: edits of the series leave it as it is. */
  @Column({ type: 'boolean', default: false })
  detached!: boolean;

  @OneToMany(() => EventTranslationEntity, (translation) => translation.event)
  translations?: EventTranslationEntity[];
}
