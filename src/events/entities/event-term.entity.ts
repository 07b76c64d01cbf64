import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { EventEntity } from './event.entity';

/** A category or tag on an event. `idx_event_terms_term` serves the event list's term filters. */
@Entity('event_terms')
@Index('idx_event_terms_term', ['termId', 'eventId'])
export class EventTermEntity {
  @PrimaryColumn({ name: 'event_id', type: 'int', unsigned: true })
  eventId!: number;

  @PrimaryColumn({ name: 'term_id', type: 'int', unsigned: true })
  termId!: number;

  @ManyToOne(() => EventEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id' })
  event?: EventEntity;

  // The term side is named, not imported: the terms' entities belong to their module. The
  // relation exists for the foreign key; no query loads it.
  @ManyToOne('TermEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'term_id' })
  term?: object;
}
