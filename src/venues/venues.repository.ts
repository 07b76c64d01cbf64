import { Injectable } from '@nestjs/common';

import { PostRegistry } from '../database/posts/post-registry';
import { UnitOfWork } from '../database/unit-of-work';
import { EventEntity } from '../events/entities/event.entity';
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
  linkEvents(sub, events, item) {
    sub.from(EventEntity, events).where(`${events}.venueId = ${item}.id`);
  },
  unlink(manager, id) {
    return manager.update(EventEntity, { venueId: id }, { venueId: null });
  },
};

/** The only place that reads and writes venues in SQL. */
@Injectable()
export class VenuesRepository extends LinkedPostsRepository<VenueEntity, VenueTranslationEntity> {
  constructor(unit: UnitOfWork, posts: PostRegistry) {
    super(unit, posts, VENUE_TABLES);
  }
}
