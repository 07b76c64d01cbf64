import { ApiSchema } from '@nestjs/swagger';
import { EventFieldsDto } from './event-fields.dto';

/** Body of an event update (POST, PUT or PATCH on the item): every field optional. */
@ApiSchema({
  name: 'UpdateEvent',
  description: 'Changes to an event: fields left out keep their values.',
})
export class UpdateEventDto extends EventFieldsDto {}
