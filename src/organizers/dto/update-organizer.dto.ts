import { OrganizerFieldsDto } from './organizer-fields.dto';

/** Body of an organizer update (POST, PUT or PATCH on the item): every field optional. */
export class UpdateOrganizerDto extends OrganizerFieldsDto {}
