import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { EventEntity } from './event.entity';

/** An event's text in one language; a null field means "not translated" (the reader falls back). */
@Entity('event_translations')
export class EventTranslationEntity {
  @PrimaryColumn({ name: 'event_id', type: 'int', unsigned: true })
  eventId!: number;

  @PrimaryColumn({ type: 'varchar', length: 2 })
  language!: string;

  @Column({ type: 'varchar', length: 255, nullable: true, default: null })
  title!: string | null;

  @Column({ type: 'text', nullable: true, default: null })
  description!: string | null;

  @Column({ type: 'text', nullable: true, default: null })
  excerpt!: string | null;

  @ManyToOne(() => EventEntity, (event) => event.translations, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id' })
  event?: EventEntity;
}
