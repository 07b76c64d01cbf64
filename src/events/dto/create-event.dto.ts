import { requireParams } from '../../common/validation/validate-input';
import { EventFieldsDto } from './event-fields.dto';

/** Body of `POST /events`: `title`, `start_date` and `end_date` are required. */
export class CreateEventDto extends EventFieldsDto {}

requireParams(CreateEventDto, ['title', 'start_date', 'end_date']);
