import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { VenueEntity } from './venue.entity';

/**
 * A venue's text in one language; a null field means "not translated". `name_key` is the name
 * folded for comparison (see `nameKey`), indexed so duplicate detection needs no function on a
 * column.
 */
@Entity('venue_translations')
export class VenueTranslationEntity {
  @PrimaryColumn({ name: 'venue_id', type: 'int', unsigned: true })
  venueId!: number;

  @PrimaryColumn({ type: 'varchar', length: 2 })
  language!: string;

  @Column({ type: 'varchar', length: 255, nullable: true, default: null })
  name!: string | null;

  @Index('idx_venue_translations_name_key')
  @Column({ name: 'name_key', type: 'varchar', length: 255, nullable: true, default: null })
  nameKey!: string | null;

  @Column({ type: 'text', nullable: true, default: null })
  description!: string | null;

  @ManyToOne(() => VenueEntity, (venue) => venue.translations, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'venue_id' })
  venue?: VenueEntity;
}
