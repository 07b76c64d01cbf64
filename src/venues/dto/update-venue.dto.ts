import { ApiSchema } from '@nestjs/swagger';
import { VenueFieldsDto } from './venue-fields.dto';

/** Body of a venue update (POST, PUT or PATCH on the item): every field optional. */
@ApiSchema({
  name: 'UpdateVenue',
  description: 'Changes to a venue: fields left out keep their values.',
})
export class UpdateVenueDto extends VenueFieldsDto {}
