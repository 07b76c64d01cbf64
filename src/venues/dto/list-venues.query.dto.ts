import { LinkedPostListQueryDto } from '../../linked-posts/dto/linked-post-list.query.dto';

/**
 * Query of `GET /venues`; `search` looks in the name, description, address, city, province,
 * state, stateprovince, zip and phone (not the country).
 */
export class ListVenuesQueryDto extends LinkedPostListQueryDto {}
