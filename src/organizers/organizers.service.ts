import { Injectable } from '@nestjs/common';
import { ChangeLog } from '../changes/change-log';
import { Clock } from '../common/clock/clock';
import { AppConfig } from '../config/app-config';
import { ImportedItems } from '../posts/imported-items';
import { PostRegistry } from '../posts/post-registry';
import { storedText } from '../linked-posts/linked-post';
import { LinkedPostRules, LinkedPostsService } from '../linked-posts/linked-posts.service';
import { OrganizerFieldsDto } from './dto/organizer-fields.dto';
import { OrganizerEntity } from './entities/organizer.entity';
import { OrganizerTranslationEntity } from './entities/organizer-translation.entity';
import {
  OrganizerAlreadyTrashedError,
  OrganizerNotAccessibleError,
  OrganizerPageNotFoundError,
} from './organizers.errors';
import { OrganizersRepository } from './organizers.repository';

/** An organizer with the rows needed to show it. */
export interface OrganizerView {
  readonly organizer: OrganizerEntity;
  readonly translations: readonly OrganizerTranslationEntity[];
}

const ORGANIZER_RULES: LinkedPostRules<
  OrganizerEntity,
  OrganizerTranslationEntity,
  OrganizerView,
  OrganizerFieldsDto
> = {
  kind: 'organizer',
  errors: {
    notAccessible: OrganizerNotAccessibleError,
    alreadyTrashed: OrganizerAlreadyTrashedError,
    pageNotFound: OrganizerPageNotFoundError,
  },
  nameOf: (dto) => dto.organizer,
  columnsOf: (dto) => (dto.email === undefined ? {} : { email: storedText(dto.email) }),
  viewOf: (organizer, translations) => ({ organizer, translations }),
};

/**
 * The organizers aggregate: the rules shared with venues (visibility, languages, duplicates,
 * trash, lists) over the organizer's own columns.
 */
@Injectable()
export class OrganizersService extends LinkedPostsService<
  OrganizerEntity,
  OrganizerTranslationEntity,
  OrganizerView,
  OrganizerFieldsDto
> {
  constructor(
    organizers: OrganizersRepository,
    posts: PostRegistry,
    config: AppConfig,
    clock: Clock,
    changes: ChangeLog,
    imported: ImportedItems,
  ) {
    super(organizers, posts, config, clock, ORGANIZER_RULES, changes, imported);
  }
}
