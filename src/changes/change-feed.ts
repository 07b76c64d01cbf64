import { Injectable } from '@nestjs/common';
import { EntityManager, MoreThan } from 'typeorm';
import { UnitOfWork } from '../database/unit-of-work';
import { ChangeEntity } from './entities/change.entity';
import { OutboxCursorEntity, OutboxReader } from './entities/outbox-cursor.entity';

/**
 * The change log read as an outbox (docs/behaviour.md#webhooks): each reader (webhooks, the
 * broker) hands the changes after its cursor on in batches, and the cursor moves in the same
 * transaction as the reader's own work, so a batch is handed on once or, after a crash between
 * a send and the commit, again (at least once, never lost).
 */
@Injectable()
export class ChangeFeed {
  constructor(private readonly unit: UnitOfWork) {}

  /**
   * Gives `handOn` the next changes after `reader`'s cursor (at most `limit`, in log order) and
   * moves the cursor past them when it returns, all in one transaction. On MySQL/MariaDB the
   * cursor row is locked with `SKIP LOCKED`: while another instance holds it, this answers null
   * at once instead of waiting. Answers how many changes were handed on.
   */
  async next(
    reader: OutboxReader,
    limit: number,
    handOn: (changes: readonly ChangeEntity[], manager: EntityManager) => Promise<void>,
  ): Promise<number | null> {
    return this.unit.run(
      async () => {
        const manager = this.unit.manager;
        const cursor = await this.lockCursor(manager, reader);
        if (cursor === null) return null;
        const changes = await manager.find(ChangeEntity, {
          where: { seq: MoreThan(cursor) },
          order: { seq: 'ASC' },
          take: limit,
        });
        const last = changes.at(-1);
        if (!last) return 0;
        await handOn(changes, manager);
        await manager.update(OutboxCursorEntity, { reader }, { seq: last.seq });
        return changes.length;
      },
      // Handing changes on changes no item: the read cache stays.
      { leavesListings: true },
    );
  }

  /** How far `reader` has handed changes on (0 before its first batch). */
  async position(reader: OutboxReader): Promise<number> {
    const row = await this.unit.manager.findOne(OutboxCursorEntity, { where: { reader } });
    return row?.seq ?? 0;
  }

  /** The reader's position, locked for this transaction; null when another instance holds it. */
  private async lockCursor(manager: EntityManager, reader: OutboxReader): Promise<number | null> {
    if (manager.connection.options.type === 'better-sqlite3') {
      const row = await manager.findOne(OutboxCursorEntity, { where: { reader } });
      return row ? row.seq : null;
    }
    const rows: unknown = await manager.query(
      'SELECT `seq` FROM `outbox_cursors` WHERE `reader` = ? FOR UPDATE SKIP LOCKED',
      [reader],
    );
    const row = Array.isArray(rows) ? (rows[0] as { seq?: unknown } | undefined) : undefined;
    return row?.seq === undefined ? null : Number(row.seq);
  }
}
