import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { PageTailDto } from '../../common/paging/list-tail.dto';
import { DELIVERY_STATUSES, DeliveryStatus } from '../entities/webhook-delivery.entity';
import { EVENT_TYPE_PATTERNS } from '../event-types';

/** A webhook subscription as the API shows it. */
@ApiSchema({ name: 'Webhook', description: 'A webhook subscription.' })
export class WebhookResponseDto {
  @ApiProperty({ type: 'integer', minimum: 1 })
  id!: number;
  @ApiProperty({ format: 'uri' })
  url!: string;
  @ApiProperty({ type: 'string', isArray: true, enum: EVENT_TYPE_PATTERNS })
  event_types!: string[];
  @ApiProperty()
  description!: string;
  /** Whether changes are delivered. */
  @ApiProperty()
  active!: boolean;
  /** Why the service disabled it (`null` while active, or when an administrator paused it). */
  @ApiProperty({ type: 'string', nullable: true })
  disabled_reason!: string | null;
  /** Since when every attempt has failed (UTC), or `null`. */
  @ApiProperty({ type: 'string', nullable: true, example: '2027-03-01 10:00:00' })
  failing_since_utc!: string | null;
  @ApiProperty({ example: '2027-03-01 10:00:00' })
  created_utc!: string;
  @ApiProperty({ example: '2027-03-01 10:00:00' })
  modified_utc!: string;
  /**
   * The signing secret: only in the answer of a create, or of an update that set it. Reads never
   * show it; set a new one if it is lost.
   */
  @ApiPropertyOptional({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' })
  secret?: string;
}

/** A page of subscriptions, newest first. */
@ApiSchema({ name: 'WebhookList', description: 'A page of webhook subscriptions.' })
export class WebhookListResponseDto extends PageTailDto {
  @ApiProperty({ type: [WebhookResponseDto] })
  webhooks!: WebhookResponseDto[];
}

/** One change's delivery to one subscription, as its delivery log shows it. */
@ApiSchema({ name: 'WebhookDelivery', description: 'A delivery of one change to a subscription.' })
export class WebhookDeliveryResponseDto {
  @ApiProperty({ type: 'integer', minimum: 1 })
  id!: number;
  /** The message's id: `webhook-id` and the CloudEvent's `id` (the same on every retry). */
  @ApiProperty({ example: 'chg_46c2ff3e267280fd_1042' })
  message_id!: string;
  @ApiProperty({ example: 'event.updated' })
  event_type!: string;
  /** The changed item's id. */
  @ApiProperty({ type: 'integer', minimum: 1 })
  item_id!: number;
  /** `pending` (to be tried, or retried), `delivered` (a 2xx answer), `failed` (out of attempts). */
  @ApiProperty({ enum: DELIVERY_STATUSES })
  status!: DeliveryStatus;
  @ApiProperty({ type: 'integer', minimum: 0 })
  attempts!: number;
  /** When a pending delivery is next tried (UTC); `null` once it is delivered or failed. */
  @ApiProperty({ type: 'string', nullable: true, example: '2027-03-01 10:00:05' })
  next_attempt_utc!: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: '2027-03-01 10:00:00' })
  last_attempt_utc!: string | null;
  /** The receiver's HTTP status at the last attempt, if it answered. */
  @ApiProperty({ type: 'integer', nullable: true, example: 200 })
  last_status_code!: number | null;
  /** What went wrong at the last attempt (`timeout`, `connection refused`, `HTTP 500`, …). */
  @ApiProperty({ type: 'string', nullable: true })
  last_error!: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: '2027-03-01 10:00:01' })
  delivered_utc!: string | null;
  /** When the change was committed (UTC). */
  @ApiProperty({ example: '2027-03-01 10:00:00' })
  changed_utc!: string;
}

/** A page of a subscription's delivery log, newest first. */
@ApiSchema({ name: 'WebhookDeliveryList', description: 'A page of a subscription’s deliveries.' })
export class WebhookDeliveryListResponseDto extends PageTailDto {
  @ApiProperty({ type: [WebhookDeliveryResponseDto] })
  deliveries!: WebhookDeliveryResponseDto[];
}
