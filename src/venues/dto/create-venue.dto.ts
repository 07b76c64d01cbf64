import { ApiSchema } from '@nestjs/swagger';
import { requireParams } from '../../common/validation/validate-input';
import { VenueFieldsDto } from './venue-fields.dto';

/** Body of `POST /venues` (and of an inline venue in an event write): `venue` is required. */
@ApiSchema({
  name: 'CreateVenue',
  description: 'A venue to create (or to reuse, when one has the same name).',
})
export class CreateVenueDto extends VenueFieldsDto {}

requireParams(CreateVenueDto, ['venue']);
