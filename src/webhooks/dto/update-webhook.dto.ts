import { ApiSchema } from '@nestjs/swagger';
import { WebhookFieldsDto } from './webhook-fields.dto';

/** Body of an update of a subscription: fields left out keep their values. */
@ApiSchema({ name: 'UpdateWebhook', description: 'Changes to a webhook subscription.' })
export class UpdateWebhookDto extends WebhookFieldsDto {}
