import { requireParams } from '../../common/validation/validate-input';
import { VenueFieldsDto } from './venue-fields.dto';

/** Body of `POST /venues` (and of an inline venue in an event write): `venue` is required. */
export class CreateVenueDto extends VenueFieldsDto {}

requireParams(CreateVenueDto, ['venue']);
