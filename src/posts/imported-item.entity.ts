import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The kinds of item an import maps: the three posts and the two taxonomies. */
export const IMPORTED_KINDS = ['category', 'post_tag', 'venue', 'organizer', 'event'] as const;
export type ImportedKind = (typeof IMPORTED_KINDS)[number];

/**
 * One imported item (docs/behaviour.md#importing-from-the-events-calendar): which item here a
 * source's item became, and the version of it last imported (its `modified_utc`, or a digest of
 * a term's fields), so a run again updates only what changed. `idx_imported_items_source_id`
 * finds where a source id went, for the redirect of `GET /events/<source id>`;
 * `idx_imported_items_source_slug` finds what a source slug became, for by-slug reads of slugs
 * this service's own rules would not make.
 */
@Entity('imported_items')
@Index('idx_imported_items_source_id', ['kind', 'sourceId'])
@Index('idx_imported_items_source_slug', ['kind', 'sourceSlug'])
export class ImportedItemEntity {
  /** The source's API root (`https://site.example/wp-json`). */
  @PrimaryColumn({ type: 'varchar', length: 255 })
  source!: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  kind!: ImportedKind;

  @PrimaryColumn({ name: 'source_id', type: 'int', unsigned: true })
  sourceId!: number;

  @Column({ name: 'target_id', type: 'int', unsigned: true })
  targetId!: number;

  @Column({ name: 'source_version', type: 'varchar', length: 64 })
  sourceVersion!: string;

  /**
   * The post's slug at the source, percent-decoded (WordPress keeps non-Latin slugs
   * percent-encoded UTF-8, up to 200 characters); null for terms and items without one.
   */
  @Column({ name: 'source_slug', type: 'varchar', length: 200, nullable: true })
  sourceSlug!: string | null;

  @Column({ name: 'imported_utc', type: 'datetime' })
  importedUtc!: Date;
}
