import { Injectable } from '@nestjs/common';
import { EntityManager, MoreThan } from 'typeorm';
import { ReadCache } from '../read-cache/read-cache';
import { Clock } from '../common/clock/clock';
import { DomainError, InvalidParamsError } from '../common/errors/domain-error';
import { cappedCount } from '../database/capped-count';
import { UnitOfWork } from '../database/unit-of-work';
import { ChangeAction, ChangeEntity, ChangeHeadEntity, ChangeKind } from './entities/change.entity';
import { decodeSyncToken, encodeSyncToken } from './sync-token';

/** The log's head: the last position handed out and the database's epoch. */
export interface ChangeHead {
  readonly seq: number;
  readonly epoch: string;
  /** Changes up to this position were pruned. */
  readonly prunedThrough: number;
}

/** The changes of one collection after a sync token, at most a page of them. */
export interface ChangeBatch {
  /** The items changed, each once, in the order of their first change in the batch. */
  readonly itemIds: readonly number[];
  /** Each item's last change in the batch. */
  readonly lastChange: ReadonlyMap<number, ChangeEntity>;
  /** The token to continue from: the last change of the batch, or the one sent if none. */
  readonly next: string;
  /** Whether changes remain after this batch. */
  readonly more: boolean;
  /** How many changes there are from the token on, this batch's included, up to 10,001. */
  readonly remaining: number;
}

interface PendingChange {
  readonly kind: ChangeKind;
  readonly itemId: number;
  action: ChangeAction;
}

/**
 * Takes one position of the log for rows changed behind it (the seed, `reindex`), in the
 * transaction of that change: no change row goes with it, so sync, webhooks and the broker see
 * nothing new, but the read cache of every process on this database sees the head move and
 * drops what it kept (LogHeadWatch). A gap in the positions is allowed: pruning makes them too.
 */
export async function markChangedBehindLog(manager: EntityManager): Promise<void> {
  await manager.query('UPDATE change_head SET seq = seq + 1 WHERE id = 1');
}

/** A later action folded into an earlier one of the same unit: created, then trashed, stays trashed. */
function folded(earlier: ChangeAction, later: ChangeAction): ChangeAction {
  if (earlier === 'created' && later === 'updated') return 'created';
  return later;
}

/**
 * The change log: every create, update, trash and delete of the five resources, written in the
 * transaction of the change (the services call {@link record}; the rows are written last, just
 * before the commit). Positions come from one counter row, which each writer updates last and
 * holds until its commit, so positions follow commit order: a reader that has seen position N
 * has seen every change before it, and no change can later appear behind a token.
 */
@Injectable()
export class ChangeLog {
  /** Each unit's changes by `kind:itemId`, in the order of their first change. */
  private readonly pending = new WeakMap<EntityManager, Map<string, PendingChange>>();

  constructor(
    private readonly unit: UnitOfWork,
    private readonly clock: Clock,
    private readonly cache: ReadCache,
  ) {}

  /** Logs that item `itemId` of `kind` was `action`, in the running unit of work. */
  async record(kind: ChangeKind, itemId: number, action: ChangeAction): Promise<void> {
    if (!this.unit.inUnit) {
      await this.unit.beforeCommit('change-log', (manager) =>
        this.write(manager, [{ kind, itemId, action }]),
      );
      return;
    }
    const manager = this.unit.manager;
    let changes = this.pending.get(manager);
    if (!changes) {
      const unitChanges = new Map<string, PendingChange>();
      changes = unitChanges;
      this.pending.set(manager, unitChanges);
      await this.unit.beforeCommit('change-log', async (unitManager) => {
        this.pending.delete(manager);
        await this.write(unitManager, [...unitChanges.values()]);
      });
    }
    // A series write records hundreds of items: each is found by key, not by a search.
    const key = `${kind}:${itemId}`;
    const same = changes.get(key);
    if (same) same.action = folded(same.action, action);
    else changes.set(key, { kind, itemId, action });
  }

  /** The head as the reading connection sees it. */
  async head(): Promise<ChangeHead> {
    const head = await this.unit.manager.findOne(ChangeHeadEntity, { where: { id: 1 } });
    if (!head) throw new Error('The change log has no head row: run the migrations');
    return { seq: head.seq, epoch: head.epoch, prunedThrough: head.prunedThrough };
  }

  /** The token of `kind` at `head`. */
  tokenAt(head: ChangeHead, kind: ChangeKind): string {
    return encodeSyncToken({ epoch: head.epoch, kind, seq: head.seq });
  }

  /**
   * The changes of `kind` after `token`, at most `limit` of them. A token this service did not
   * make is 400 on `sync_token`; one of another collection or database, ahead of the log (a
   * database restored from a backup) or behind what the log still keeps, is 410
   * `rest_sync_token_expired`.
   */
  async since(kind: ChangeKind, token: string, limit: number): Promise<ChangeBatch> {
    const position = decodeSyncToken(token);
    if (!position) {
      throw InvalidParamsError.of('sync_token', 'param.invalid', 'reason.bad-sync-token');
    }
    const head = await this.head();
    if (
      position.epoch !== head.epoch ||
      position.kind !== kind ||
      position.seq > head.seq ||
      position.seq < head.prunedThrough
    ) {
      throw new DomainError('syncTokenExpired');
    }
    const where = { kind, seq: MoreThan(position.seq) };
    const [rows, remaining] = await Promise.all([
      this.unit.manager.find(ChangeEntity, { where, order: { seq: 'ASC' }, take: limit + 1 }),
      this.countAfter(kind, position.seq),
    ]);
    const batch = rows.slice(0, limit);
    const lastChange = new Map<number, ChangeEntity>();
    const itemIds: number[] = [];
    for (const row of batch) {
      if (!lastChange.has(row.itemId)) itemIds.push(row.itemId);
      lastChange.set(row.itemId, row);
    }
    const last = batch.at(-1)?.seq ?? position.seq;
    return {
      itemIds,
      lastChange,
      next: encodeSyncToken({ ...position, seq: last }),
      more: rows.length > limit,
      remaining,
    };
  }

  /**
   * How many changes of `kind` follow position `seq`, counted up to 10,001 (`cappedCount`) on the
   * `(kind, seq)` index, so an old token's backlog costs a bounded range, not the whole log.
   */
  private countAfter(kind: ChangeKind, seq: number): Promise<number> {
    return cappedCount(this.unit.manager, (query) =>
      query
        .select('c.seq', 'seq')
        .from(ChangeEntity, 'c')
        .where('c.kind = :kind AND c.seq > :seq', { kind, seq })
        .orderBy('c.seq', 'ASC'),
    );
  }

  /** Takes the next positions under the head row's lock and writes the changes. */
  private async write(manager: EntityManager, changes: readonly PendingChange[]): Promise<void> {
    if (changes.length === 0) return;
    await manager
      .createQueryBuilder()
      .update(ChangeHeadEntity)
      .set({ seq: () => `seq + ${changes.length}` })
      .where('id = 1')
      .execute();
    const head = await manager.findOne(ChangeHeadEntity, { where: { id: 1 } });
    if (!head) throw new Error('The change log has no head row: run the migrations');
    const first = head.seq - changes.length + 1;
    // Positions this process took are not another's write to its read cache (LogHeadWatch).
    if (manager.queryRunner) this.cache.tookPositions(manager.queryRunner, first, head.seq);
    const changedUtc = this.clock.now().toJSDate();
    await manager.insert(
      ChangeEntity,
      changes.map((change, index) => ({ seq: first + index, changedUtc, ...change })),
    );
  }
}
