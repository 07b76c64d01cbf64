import { Injectable } from '@nestjs/common';
import { Brackets } from 'typeorm';
import { GeoBox } from '../common/geo/geo';

import { PostRegistry } from '../posts/post-registry';
import { PostLinks } from '../posts/post-links';
import { UnitOfWork } from '../database/unit-of-work';
import { LinkedPostsRepository, LinkedPostTables } from '../linked-posts/linked-posts.repository';
import { VenueEntity } from './entities/venue.entity';
import { VenueTranslationEntity } from './entities/venue-translation.entity';

/** Venues and their translations; an event names its venue in `events.venue_id`. */
const VENUE_TABLES: LinkedPostTables<VenueEntity, VenueTranslationEntity> = {
  kind: 'venue',
  entity: VenueEntity,
  translation: VenueTranslationEntity,
  owner: 'venueId',
  searchColumns: ['address', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone'],
};

/** A venue's position, as the distance filter reads it. */
export interface VenuePosition {
  readonly id: number;
  readonly lat: number;
  readonly lng: number;
}

/** The only place that reads and writes venues in SQL. */
@Injectable()
export class VenuesRepository extends LinkedPostsRepository<VenueEntity, VenueTranslationEntity> {
  constructor(unit: UnitOfWork, posts: PostRegistry, links: PostLinks) {
    super(unit, posts, VENUE_TABLES, links);
  }

  /** Venues with coordinates inside `box`, read through `idx_venues_geo`. */
  async findInBox(box: GeoBox): Promise<VenuePosition[]> {
    const query = this.unit.manager
      .getRepository(VenueEntity)
      .createQueryBuilder('v')
      .select(['v.id AS id', 'v.geoLat AS lat', 'v.geoLng AS lng'])
      .where('v.geoLat BETWEEN :minLat AND :maxLat', { minLat: box.minLat, maxLat: box.maxLat })
      .andWhere(
        new Brackets((any) => {
          box.lngRanges.forEach(([min, max], index) => {
            any.orWhere(`v.geoLng BETWEEN :minLng${index} AND :maxLng${index}`, {
              [`minLng${index}`]: min,
              [`maxLng${index}`]: max,
            });
          });
        }),
      );
    const rows = await query.getRawMany<{
      id: number | string;
      lat: number | string;
      lng: number | string;
    }>();
    return rows.map((row) => ({ id: Number(row.id), lat: Number(row.lat), lng: Number(row.lng) }));
  }
}
