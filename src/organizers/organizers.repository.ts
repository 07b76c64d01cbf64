import { Injectable } from '@nestjs/common';

import { PostRegistry } from '../database/posts/post-registry';
import { PostLinks } from '../database/posts/post-links';
import { UnitOfWork } from '../database/unit-of-work';
import { EventEntity } from '../events/entities/event.entity';
import { EventOrganizerEntity } from '../events/entities/event-organizer.entity';
import { LinkedPostsRepository, LinkedPostTables } from '../linked-posts/linked-posts.repository';
import { OrganizerEntity } from './entities/organizer.entity';
import { OrganizerTranslationEntity } from './entities/organizer-translation.entity';

/** Organizers and their translations; events list theirs in `event_organizers`. */
const ORGANIZER_TABLES: LinkedPostTables<OrganizerEntity, OrganizerTranslationEntity> = {
  kind: 'organizer',
  entity: OrganizerEntity,
  translation: OrganizerTranslationEntity,
  owner: 'organizerId',
  searchColumns: ['phone', 'email', 'website'],
  linkEvents(sub, events, item) {
    const link = `${events}_link`;
    sub
      .from(EventOrganizerEntity, link)
      .innerJoin(EventEntity, events, `${events}.id = ${link}.eventId`)
      .where(`${link}.organizerId = ${item}.id`);
  },
};

/** The only place that reads and writes organizers in SQL. */
@Injectable()
export class OrganizersRepository extends LinkedPostsRepository<
  OrganizerEntity,
  OrganizerTranslationEntity
> {
  constructor(unit: UnitOfWork, posts: PostRegistry, links: PostLinks) {
    super(unit, posts, ORGANIZER_TABLES, links);
  }
}
