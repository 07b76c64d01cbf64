import { requireParams } from '../../common/validation/validate-input';
import { OrganizerFieldsDto } from './organizer-fields.dto';

/** Body of `POST /organizers` (and of an inline organizer in an event write): `organizer` is required. */
export class CreateOrganizerDto extends OrganizerFieldsDto {}

requireParams(CreateOrganizerDto, ['organizer']);
