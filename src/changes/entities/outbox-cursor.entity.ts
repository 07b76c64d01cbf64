import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The readers of the change log that keep their own position: webhooks and the broker. */
export const OUTBOX_READERS = ['webhooks', 'broker'] as const;
export type OutboxReader = (typeof OUTBOX_READERS)[number];

/**
 * How far one reader of the change log has handed changes on (docs/behaviour.md#webhooks):
 * every change after `seq` is still to be handed on. One row per reader; a dispatcher locks its
 * row (`FOR UPDATE SKIP LOCKED` on MySQL/MariaDB) for the batch it hands on, so several
 * instances never hand on one change twice and never wait for each other.
 */
@Entity('outbox_cursors')
export class OutboxCursorEntity {
  @PrimaryColumn({ type: 'varchar', length: 16 })
  reader!: OutboxReader;

  @Column({ type: 'bigint', unsigned: true, transformer: { to: Number, from: Number } })
  seq!: number;
}
