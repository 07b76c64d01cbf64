import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OrganizerEntity } from './organizer.entity';

/** An organizer's text in one language; a null field means "not translated". */
@Entity('organizer_translations')
export class OrganizerTranslationEntity {
  @PrimaryColumn({ name: 'organizer_id', type: 'int', unsigned: true })
  organizerId!: number;

  @PrimaryColumn({ type: 'varchar', length: 2 })
  language!: string;

  @Column({ type: 'varchar', length: 255, nullable: true, default: null })
  name!: string | null;

  /** The name folded for comparison (`nameKey`), indexed for duplicate detection. */
  @Index('idx_organizer_translations_name_key')
  @Column({ name: 'name_key', type: 'varchar', length: 255, nullable: true, default: null })
  nameKey!: string | null;

  @Column({ type: 'text', nullable: true, default: null })
  description!: string | null;

  @ManyToOne(() => OrganizerEntity, (organizer) => organizer.translations, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organizer_id' })
  organizer?: OrganizerEntity;
}
