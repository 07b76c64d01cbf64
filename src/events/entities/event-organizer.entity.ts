import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { EventEntity } from './event.entity';

/** An organizer linked to an event; `position` keeps the order they were given in. */
@Entity('event_organizers')
@Index('idx_event_organizers_organizer', ['organizerId', 'eventId'])
export class EventOrganizerEntity {
  @PrimaryColumn({ name: 'event_id', type: 'int', unsigned: true })
  eventId!: number;

  @PrimaryColumn({ name: 'organizer_id', type: 'int', unsigned: true })
  organizerId!: number;

  @Column({ type: 'smallint', unsigned: true, default: 0 })
  position!: number;

  @ManyToOne(() => EventEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id' })
  event?: EventEntity;

  // The organizer side is named, not imported: the organizers' entities belong to their module. The
  // relation exists for the foreign key; no query loads it.
  @ManyToOne('OrganizerEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organizer_id' })
  organizer?: object;
}
