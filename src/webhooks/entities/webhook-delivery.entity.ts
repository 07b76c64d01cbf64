import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One change to deliver to one subscription, and how its delivery went: the outbox the
 * dispatcher works from and the subscription's delivery log. A pending row is due at
 * `next_attempt_utc`; a dispatcher that claims it moves that time past its lease, so a
 * dispatcher that dies mid-delivery leaves it due again when the lease ends (at least once).
 */
@Entity('webhook_deliveries')
@Index('idx_webhook_deliveries_due', ['status', 'nextAttemptUtc'])
@Index('idx_webhook_deliveries_log', ['webhookId', 'id'])
@Index('uq_webhook_deliveries_change', ['webhookId', 'changeSeq'], { unique: true })
export class WebhookDeliveryEntity {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id!: number;

  @Column({ name: 'webhook_id', type: 'int', unsigned: true })
  webhookId!: number;

  /** The change's position in the change log. */
  @Column({
    name: 'change_seq',
    type: 'bigint',
    unsigned: true,
    transformer: { to: Number, from: Number },
  })
  changeSeq!: number;

  /** `event.updated`, `venue.trashed`, … */
  @Column({ name: 'event_type', type: 'varchar', length: 32 })
  eventType!: string;

  @Column({ name: 'item_id', type: 'int', unsigned: true })
  itemId!: number;

  @Column({ name: 'changed_utc', type: 'datetime' })
  changedUtc!: Date;

  @Column({ type: 'varchar', length: 16 })
  status!: DeliveryStatus;

  @Column({ type: 'int', unsigned: true, default: 0 })
  attempts!: number;

  /** When a pending delivery is next due (or its claim's lease ends). */
  @Column({ name: 'next_attempt_utc', type: 'datetime' })
  nextAttemptUtc!: Date;

  @Column({ name: 'last_attempt_utc', type: 'datetime', nullable: true })
  lastAttemptUtc!: Date | null;

  /** The receiver's HTTP status at the last attempt, if it answered. */
  @Column({ name: 'last_status_code', type: 'smallint', unsigned: true, nullable: true })
  lastStatusCode!: number | null;

  /** What went wrong at the last attempt, in a few words (never the receiver's body). */
  @Column({ name: 'last_error', type: 'varchar', length: 255, nullable: true })
  lastError!: string | null;

  @Column({ name: 'delivered_utc', type: 'datetime', nullable: true })
  deliveredUtc!: Date | null;

  @Column({ name: 'created_utc', type: 'datetime' })
  createdUtc!: Date;
}
