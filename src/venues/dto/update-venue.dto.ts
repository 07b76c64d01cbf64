import { VenueFieldsDto } from './venue-fields.dto';

/** Body of a venue update (POST, PUT or PATCH on the item): every field optional. */
export class UpdateVenueDto extends VenueFieldsDto {}
