import { ApiSchema } from '@nestjs/swagger';
import { requireParams } from '../../common/validation/validate-input';
import { OrganizerFieldsDto } from './organizer-fields.dto';

/** Body of `POST /organizers` (and of an inline organizer in an event write): `organizer` is required. */
@ApiSchema({
  name: 'CreateOrganizer',
  description: 'An organizer to create (or to reuse, when one has the same name).',
})
export class CreateOrganizerDto extends OrganizerFieldsDto {}

requireParams(CreateOrganizerDto, ['organizer']);
