import { Column, Entity, Index, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import { TermTranslationEntity } from './term-translation.entity';

/** The taxonomies of the service, named as TEC names them on the wire. */
export const TAXONOMIES = ['tribe_events_cat', 'post_tag'] as const;
export type Taxonomy = (typeof TAXONOMIES)[number];

/**
 * A category or tag. Categories and tags share this id space (contract §1); slugs are unique
 * within a taxonomy. `parent` is 0 for a top-level category and always 0 for tags.
 */
@Entity('terms')
@Index('uq_terms_taxonomy_slug', ['taxonomy', 'slug'], { unique: true })
@Index('idx_terms_taxonomy_parent', ['taxonomy', 'parent'])
export class TermEntity {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id!: number;

  @Column({ type: 'varchar', length: 32 })
  taxonomy!: Taxonomy;

  @Column({ type: 'varchar', length: 200 })
  slug!: string;

  @Column({ type: 'int', unsigned: true, default: 0 })
  parent!: number;

  /**
   * Linked events stored as `publish`, kept up to date by every event write in its transaction,
   * so counts and `hide_empty` never count events at read time. Scheduled events whose date has
   * passed are added at read time (see `TermsRepository.countPublished`).
   */
  @Column({ name: 'published_count', type: 'int', unsigned: true, default: 0 })
  publishedCount!: number;

  /** The language the term was created in; the fallback for missing translations. */
  @Column({ name: 'original_language', type: 'varchar', length: 2 })
  originalLanguage!: string;

  @OneToMany(() => TermTranslationEntity, (translation) => translation.term)
  translations?: TermTranslationEntity[];
}
