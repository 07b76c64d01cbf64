import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The kinds of item whose changes are logged: the five resources. */
export const CHANGE_KINDS = ['event', 'venue', 'organizer', 'category', 'tag'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** What happened to the item. */
export const CHANGE_ACTIONS = ['created', 'updated', 'trashed', 'deleted'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/**
 * One committed change of one item, in commit order (`seq`). Written in the transaction of the
 * change itself, so a change is logged if and only if it happened. Sync tokens are positions in
 * this log; webhooks and broker messages are sent from it.
 */
@Entity('changes')
@Index('idx_changes_kind_seq', ['kind', 'seq', 'itemId'])
export class ChangeEntity {
  /** The position in the log: every writer takes the next numbers under one row lock. */
  @PrimaryColumn({ type: 'bigint', unsigned: true, transformer: { to: Number, from: Number } })
  seq!: number;

  @Column({ type: 'varchar', length: 16 })
  kind!: ChangeKind;

  @Column({ name: 'item_id', type: 'int', unsigned: true })
  itemId!: number;

  @Column({ type: 'varchar', length: 16 })
  action!: ChangeAction;

  @Column({ name: 'changed_utc', type: 'datetime' })
  changedUtc!: Date;
}

/**
 * The log's head: the last `seq` handed out, and the database's epoch, a random name made when
 * the log was created, so a token from another database is recognised as foreign. One row.
 */
@Entity('change_head')
export class ChangeHeadEntity {
  @PrimaryColumn({ type: 'tinyint', unsigned: true })
  id!: number;

  @Column({ type: 'bigint', unsigned: true, transformer: { to: Number, from: Number } })
  seq!: number;

  @Column({ type: 'varchar', length: 32 })
  epoch!: string;

  /**
   * Every change up to this position has been pruned (docs/behaviour.md#sync): a sync token
   * before it is 410.
   */
  @Column({
    name: 'pruned_through',
    type: 'bigint',
    unsigned: true,
    default: 0,
    transformer: { to: Number, from: Number },
  })
  prunedThrough!: number;
}
