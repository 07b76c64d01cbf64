import { ApiSchema } from '@nestjs/swagger';
import { requireParams } from '../../common/validation/validate-input';
import { EventFieldsDto } from './event-fields.dto';

/** Body of `POST /events`: `title`, `start_date` and `end_date` are required. */
@ApiSchema({ name: 'CreateEvent', description: 'An event to create.' })
export class CreateEventDto extends EventFieldsDto {}

requireParams(CreateEventDto, ['title', 'start_date', 'end_date']);
