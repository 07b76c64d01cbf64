import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { EventEntity } from './event.entity';

/**
 * An event's text in one language; a null field means "not translated" (the reader falls back).
 * The text is searched through `ft_event_translations_text` (and each field alone through
 * `ft_event_translations_title`, `_description`, `_excerpt`), FULLTEXT indexes on MySQL/MariaDB
 * (an FTS5 table on SQLite), which the migrations create: TypeORM does not manage it.
 */
@Entity('event_translations')
@Index('ft_event_translations_text', { synchronize: false })
@Index('ft_event_translations_title', { synchronize: false })
@Index('ft_event_translations_description', { synchronize: false })
@Index('ft_event_translations_excerpt', { synchronize: false })
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
