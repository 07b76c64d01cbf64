import { ApiSchema } from '@nestjs/swagger';
import { requireParams } from '../../common/validation/validate-input';
import { WebhookFieldsDto } from './webhook-fields.dto';

/** Body of `POST /webhooks`: `url` and `event_types` are required. */
@ApiSchema({ name: 'CreateWebhook', description: 'A webhook subscription to create.' })
export class CreateWebhookDto extends WebhookFieldsDto {}

requireParams(CreateWebhookDto, ['url', 'event_types']);
