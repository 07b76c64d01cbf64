import { Column, Entity, Index, OneToMany, PrimaryColumn } from 'typeorm';
import { PostStatus } from '../../posts/post-status';
import { OrganizerTranslationEntity } from './organizer-translation.entity';
import type { ShownImage } from '../../common/media/image';

/**
 * An organizer. Its id comes from the shared `posts` registry; its name and description live in
 * `organizer_translations`. Lists are ordered by publication date, newest first.
 */
@Entity('organizers')
@Index('idx_organizers_listing', ['status', 'dateUtc', 'id'])
@Index('idx_organizers_modified', ['modifiedUtc', 'id'])
export class OrganizerEntity {
  @PrimaryColumn({ type: 'int', unsigned: true })
  id!: number;

  @Index('uq_organizers_slug', { unique: true })
  @Column({ type: 'varchar', length: 200 })
  slug!: string;

  @Column({ type: 'varchar', length: 20 })
  status!: PostStatus;

  @Column({ type: 'int', unsigned: true, default: 0 })
  author!: number;

  /** The language the organizer was created in; the fallback for missing translations. */
  @Column({ name: 'original_language', type: 'varchar', length: 2 })
  originalLanguage!: string;

  @Column({ name: 'date_utc', type: 'datetime' })
  dateUtc!: Date;

  @Column({ name: 'modified_utc', type: 'datetime' })
  modifiedUtc!: Date;

  @Column({ type: 'varchar', length: 255, nullable: true, default: null })
  phone!: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true, default: null })
  website!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true, default: null })
  email!: string | null;

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

  /**
   * The `global_id` an imported organizer had at its source, shown instead of one built from its id
   * (docs/behaviour.md#importing-from-the-events-calendar); null for items made here.
   */
  @Column({ name: 'global_id', type: 'varchar', length: 255, nullable: true, default: null })
  globalId!: string | null;

  /** The `global_id_lineage` an imported organizer had at its source; null for items made here. */
  @Column({ name: 'global_id_lineage', type: 'simple-json', nullable: true, default: null })
  globalIdLineage!: string[] | null;

  @OneToMany(() => OrganizerTranslationEntity, (translation) => translation.organizer)
  translations?: OrganizerTranslationEntity[];
}
