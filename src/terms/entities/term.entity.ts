import { Column, Entity, Index, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import { TermTranslationEntity } from './term-translation.entity';

import { Taxonomy } from '../taxonomy';

export { TAXONOMIES, type Taxonomy } from '../taxonomy';

/**
 * A category or tag. Categories and tags share this id space (docs/behaviour.md#ids-and-routes); slugs are unique
 * within a taxonomy. `parent` is 0 for a top-level category and always 0 for tags.
 */
@Entity('terms')
@Index('uq_terms_taxonomy_slug', ['taxonomy', 'slug'], { unique: true })
@Index('idx_terms_taxonomy_parent', ['taxonomy', 'parent'])
@Index('idx_terms_taxonomy_modified', ['taxonomy', 'modifiedUtc', 'id'])
export class TermEntity {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id!: number;

  @Column({ type: 'varchar', length: 32 })
  taxonomy!: Taxonomy;

  @Column({ type: 'varchar', length: 200 })
  slug!: string;

  @Column({ type: 'int', unsigned: true, default: 0 })
  parent!: number;

  /** When the term or one of its texts last changed (UTC); terms made before it existed carry the migration's time. */
  @Column({ name: 'modified_utc', type: 'datetime', default: () => 'CURRENT_TIMESTAMP' })
  modifiedUtc!: Date;

  /** The language the term was created in; the fallback for missing translations. */
  @Column({ name: 'original_language', type: 'varchar', length: 2 })
  originalLanguage!: string;

  @OneToMany(() => TermTranslationEntity, (translation) => translation.term)
  translations?: TermTranslationEntity[];
}
