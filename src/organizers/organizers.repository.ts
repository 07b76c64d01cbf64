import { Injectable } from '@nestjs/common';

import { PostRegistry } from '../posts/post-registry';
import { PostLinks } from '../posts/post-links';
import { UnitOfWork } from '../database/unit-of-work';
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
