import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How many listed events (not hidden from listings) start on one UTC day and end on another,
 * for all events (`term_id` 0), for each category (with the categories above the event's own)
 * and tag, and for the occurrences of series, by `featured` and stored status. Kept by every
 * event write and category move in its transaction (`listing/day-counts.ts`), so an event
 * list's total over a window of days is a sum over at most a few thousand of these rows plus
 * exact counts of its first and last day (`listing/window-total.ts`).
 */
@Entity('event_day_counts')
export class EventDayCountEntity {
  /** 0 for all events, 4294967295 for occurrences of series, else a category or tag id. */
  @PrimaryColumn({ name: 'term_id', type: 'int', unsigned: true })
  termId!: number;

  @PrimaryColumn({ type: 'boolean' })
  featured!: boolean;

  /**
   * The stored status, any of them: public totals sum `publish` and `future` (a scheduled event
   * counts once its date has passed), editors' the statuses they list.
   */
  @PrimaryColumn({ type: 'varchar', length: 20 })
  status!: string;

  /** The UTC day of the start, `YYYY-MM-DD`. */
  @PrimaryColumn({ name: 'start_day', type: 'varchar', length: 10 })
  startDay!: string;

  /** The UTC day of the end, `YYYY-MM-DD`. */
  @PrimaryColumn({ name: 'end_day', type: 'varchar', length: 10 })
  endDay!: string;

  @Column({ type: 'int', default: 0 })
  events!: number;
}
