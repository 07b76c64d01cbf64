import { Column, Entity, Index, OneToMany, PrimaryColumn } from 'typeorm';
import { PostStatus } from '../../posts/post-status';
import { VenueTranslationEntity } from './venue-translation.entity';
import type { ShownImage } from '../../common/media/image';

/**
 * A venue. Its id comes from the shared `posts` registry; its name and description live in
 * `venue_translations`. Lists are ordered by publication date, newest first
 * (`idx_venues_listing`); `idx_venues_geo` serves the bounding box of the geolocation filters.
 */
@Entity('venues')
@Index('idx_venues_listing', ['status', 'dateUtc', 'id'])
@Index('idx_venues_modified', ['modifiedUtc', 'id'])
@Index('idx_venues_geo', ['geoLat', 'geoLng'])
export class VenueEntity {
  @PrimaryColumn({ type: 'int', unsigned: true })
  id!: number;

  @Index('uq_venues_slug', { unique: true })
  @Column({ type: 'varchar', length: 200 })
  slug!: string;

  @Column({ type: 'varchar', length: 20 })
  status!: PostStatus;

  @Column({ type: 'int', unsigned: true, default: 0 })
  author!: number;

  /** The language the venue was created in; the fallback for missing translations. */
  @Column({ name: 'original_language', type: 'varchar', length: 2 })
  originalLanguage!: string;

  @Column({ name: 'date_utc', type: 'datetime' })
  dateUtc!: Date;

  @Column({ name: 'modified_utc', type: 'datetime' })
  modifiedUtc!: Date;

  @Column({ type: 'varchar', length: 255, nullable: true, default: null })
  address!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true, default: null })
  city!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true, default: null })
  country!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true, default: null })
  province!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true, default: null })
  state!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true, default: null })
  stateprovince!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true, default: null })
  zip!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true, default: null })
  phone!: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true, default: null })
  website!: string | null;

  @Column({ name: 'show_map', type: 'boolean', default: true })
  showMap!: boolean;

  @Column({ name: 'show_map_link', type: 'boolean', default: true })
  showMapLink!: boolean;

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

  /** Latitude in degrees (-90..90); null when unknown. */
  @Column({ name: 'geo_lat', type: 'double', nullable: true, default: null })
  geoLat!: number | null;

  /** Longitude in degrees (-180..180); null when unknown. */
  @Column({ name: 'geo_lng', type: 'double', nullable: true, default: null })
  geoLng!: number | null;

  /**
   * The `global_id` an imported venue had at its source, shown instead of one built from its id
   * (docs/behaviour.md#importing-from-the-events-calendar); null for items made here.
   */
  @Column({ name: 'global_id', type: 'varchar', length: 255, nullable: true, default: null })
  globalId!: string | null;

  /** The `global_id_lineage` an imported venue had at its source; null for items made here. */
  @Column({ name: 'global_id_lineage', type: 'simple-json', nullable: true, default: null })
  globalIdLineage!: string[] | null;

  @OneToMany(() => VenueTranslationEntity, (translation) => translation.venue)
  translations?: VenueTranslationEntity[];
}
