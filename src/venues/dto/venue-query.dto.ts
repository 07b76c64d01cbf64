import { LinkedPostQueryDto } from '../../linked-posts/dto/linked-post-query.dto';

/** Query of the single-venue routes. */
export class VenueQueryDto extends LinkedPostQueryDto {}
