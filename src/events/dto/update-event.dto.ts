import { EventFieldsDto } from './event-fields.dto';

/** Body of an event update (POST, PUT or PATCH on the item): every field optional. */
export class UpdateEventDto extends EventFieldsDto {}
