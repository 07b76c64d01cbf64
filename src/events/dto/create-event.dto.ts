import { IsDefined } from 'class-validator';
import { EventFieldsDto } from './event-fields.dto';

/** Body of `POST /events`: `title`, `start_date` and `end_date` are required. */
export class CreateEventDto extends EventFieldsDto {}

// Required on create, reported in this order when missing (TEC's declaration order).
for (const required of ['title', 'start_date', 'end_date'] as const) {
  IsDefined()(CreateEventDto.prototype, required);
}
