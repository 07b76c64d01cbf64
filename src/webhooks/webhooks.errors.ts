import { DomainError } from '../common/errors/domain-error';

/** 404 `rest_webhook_not_found`: no subscription has the id. */
export class WebhookNotFoundError extends DomainError {
  constructor() {
    super('webhookNotFound');
  }
}
