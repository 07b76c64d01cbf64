import { ApiSchema } from '@nestjs/swagger';
import { OrganizerFieldsDto } from './organizer-fields.dto';

/** Body of an organizer update (POST, PUT or PATCH on the item): every field optional. */
@ApiSchema({
  name: 'UpdateOrganizer',
  description: 'Changes to an organizer: fields left out keep their values.',
})
export class UpdateOrganizerDto extends OrganizerFieldsDto {}
