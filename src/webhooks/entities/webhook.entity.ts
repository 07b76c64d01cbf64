import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A webhook subscription (docs/behaviour.md#webhooks): where to POST the changes of the event
 * types it names, and the secret their signatures are made with.
 */
@Entity('webhooks')
export class WebhookEntity {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id!: number;

  @Column({ type: 'varchar', length: 2048 })
  url!: string;

  /** The event types, comma-separated (`event.created,venue.*`, or `*`). */
  @Column({ name: 'event_types', type: 'varchar', length: 1024 })
  eventTypes!: string;

  /** `whsec_` and the base64 of the signing key. */
  @Column({ type: 'varchar', length: 128 })
  secret!: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  description!: string;

  /** Whether changes are delivered: false once disabled (by an administrator or by failures). */
  @Column({ type: 'boolean', default: true })
  active!: boolean;

  /** Why it was disabled, when the service disabled it. */
  @Column({ name: 'disabled_reason', type: 'varchar', length: 255, nullable: true })
  disabledReason!: string | null;

  /** Since when every attempt has failed; null while the last attempt succeeded. */
  @Column({ name: 'failing_since_utc', type: 'datetime', nullable: true })
  failingSinceUtc!: Date | null;

  @Column({ name: 'created_utc', type: 'datetime' })
  createdUtc!: Date;

  @Column({ name: 'modified_utc', type: 'datetime' })
  modifiedUtc!: Date;
}
