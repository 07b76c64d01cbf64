import { LinkedPostQueryDto } from '../../linked-posts/dto/linked-post-query.dto';

/** Query of the single-organizer routes. */
export class OrganizerQueryDto extends LinkedPostQueryDto {}
