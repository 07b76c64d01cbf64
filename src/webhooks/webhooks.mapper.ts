import { DateTime } from 'luxon';
import { changeMessageId } from '../changes/cloud-event';
import { formatDateTime } from '../common/dates/format';
import { WebhookDeliveryResponseDto, WebhookResponseDto } from './dto/webhook.response.dto';
import { WebhookDeliveryEntity } from './entities/webhook-delivery.entity';
import { WebhookEntity } from './entities/webhook.entity';
import { parseEventTypes } from './event-types';

/** `YYYY-MM-DD HH:MM:SS` in UTC. */
export function utcText(date: Date): string {
  return formatDateTime(DateTime.fromJSDate(date, { zone: 'utc' }));
}

function utcOrNull(date: Date | null): string | null {
  return date === null ? null : utcText(date);
}

/** A subscription as the API shows it; `withSecret` for the answer that set the secret. */
export function toWebhookResponse(webhook: WebhookEntity, withSecret = false): WebhookResponseDto {
  return {
    id: webhook.id,
    url: webhook.url,
    event_types: parseEventTypes(webhook.eventTypes),
    description: webhook.description,
    active: webhook.active,
    disabled_reason: webhook.disabledReason,
    failing_since_utc: utcOrNull(webhook.failingSinceUtc),
    created_utc: utcText(webhook.createdUtc),
    modified_utc: utcText(webhook.modifiedUtc),
    ...(withSecret ? { secret: webhook.secret } : {}),
  };
}

/** A delivery as the delivery log shows it; `epoch` names the change log in message ids. */
export function toDeliveryResponse(
  delivery: WebhookDeliveryEntity,
  epoch: string,
): WebhookDeliveryResponseDto {
  return {
    id: delivery.id,
    message_id: changeMessageId(epoch, delivery.changeSeq),
    event_type: delivery.eventType,
    item_id: delivery.itemId,
    status: delivery.status,
    attempts: delivery.attempts,
    next_attempt_utc: delivery.status === 'pending' ? utcText(delivery.nextAttemptUtc) : null,
    last_attempt_utc: utcOrNull(delivery.lastAttemptUtc),
    last_status_code: delivery.lastStatusCode,
    last_error: delivery.lastError,
    delivered_utc: utcOrNull(delivery.deliveredUtc),
    changed_utc: utcText(delivery.changedUtc),
  };
}
