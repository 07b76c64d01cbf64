import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { TermEntity } from './term.entity';

/** A term's text in one language; a null field means "not translated". */
@Entity('term_translations')
export class TermTranslationEntity {
  @PrimaryColumn({ name: 'term_id', type: 'int', unsigned: true })
  termId!: number;

  @PrimaryColumn({ type: 'varchar', length: 2 })
  language!: string;

  @Column({ type: 'varchar', length: 255, nullable: true, default: null })
  name!: string | null;

  /** The name folded for comparison (`nameKey`): `term_exists` and ordering by name use it. */
  @Index('idx_term_translations_name_key')
  @Column({ name: 'name_key', type: 'varchar', length: 255, nullable: true, default: null })
  nameKey!: string | null;

  @Column({ type: 'text', nullable: true, default: null })
  description!: string | null;

  @ManyToOne(() => TermEntity, (term) => term.translations, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'term_id' })
  term?: TermEntity;
}
