import { LinkedPostListQueryDto } from '../../linked-posts/dto/linked-post-list.query.dto';

/** Query of `GET /organizers`; `search` looks in the name, description, phone, email and website. */
export class ListOrganizersQueryDto extends LinkedPostListQueryDto {}
