import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The kinds of item an import maps: the three posts and the two taxonomies. */
export const IMPORTED_KINDS = ['category', 'post_tag', 'venue', 'organizer', 'event'] as const;
export type ImportedKind = (typeof IMPORTED_KINDS)[number];

/**
 * One imported item (docs/behaviour.md#importing-from-the-events-calendar): which item here a
 * source's item became, and the version of it last imported (its `modified_utc`, or a digest of
 * a term's fields), so a run again updates only what changed. `idx_imported_items_source_id`
 * finds where a source id went, for the redirect of `GET /events/<source id>`.
 */
@Entity('imported_items')
@Index('idx_imported_items_source_id', ['kind', 'sourceId'])
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

  @Column({ name: 'imported_utc', type: 'datetime' })
  importedUtc!: Date;
}
