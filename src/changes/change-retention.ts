import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { LessThanOrEqual } from 'typeorm';
import { Clock } from '../common/clock/clock';
import { AppConfig } from '../config/app-config';
import { UnitOfWork } from '../database/unit-of-work';
import { ChangeFeed } from './change-feed';
import { ChangeEntity, ChangeHeadEntity } from './entities/change.entity';
import { OutboxReader } from './entities/outbox-cursor.entity';
import { PollingLoop } from './polling-loop';

/** Changes pruned per transaction, read oldest first through the primary key. */
const BATCH = 5000;

/** How often an instance prunes, when there was nothing left to prune. */
const INTERVAL_MS = 60_000;

/** Whether a reader of the log still needs what it has not handed on yet. */
export type RetentionHold = () => Promise<boolean>;

/**
 * Prunes the change log (docs/behaviour.md#sync): changes older than
 * `CHANGE_LOG_RETENTION_SECONDS` go, oldest first, but never one a reader in use (webhooks with
 * an active subscription, a configured broker) has yet to hand on. The head remembers up to
 * where it pruned, so an older sync token is answered 410 and the client reads afresh.
 */
@Injectable()
export class ChangeRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ChangeLog');
  private readonly holds = new Map<OutboxReader, RetentionHold>();
  private readonly loop: PollingLoop;

  constructor(
    private readonly config: AppConfig,
    private readonly unit: UnitOfWork,
    private readonly feed: ChangeFeed,
    private readonly clock: Clock,
  ) {
    this.loop = new PollingLoop('Pruning the change log', this.logger, INTERVAL_MS, () =>
      this.pass(),
    );
  }

  /** Keeps the changes `reader` has not handed on while `needed` answers true. */
  hold(reader: OutboxReader, needed: RetentionHold): void {
    this.holds.set(reader, needed);
  }

  onApplicationBootstrap(): void {
    if (this.config.CHANGE_LOG_RETENTION_SECONDS > 0) this.loop.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }

  /** Prunes one batch; answers whether more may be due at once. */
  async pass(): Promise<boolean> {
    const retention = this.config.CHANGE_LOG_RETENTION_SECONDS;
    if (retention === 0) return false;
    const cutoff = this.clock.now().minus({ seconds: retention }).toJSDate();
    // Most minutes nothing is old enough: the oldest row tells, with no transaction.
    const first = await this.unit.manager.findOne(ChangeEntity, {
      select: { seq: true, changedUtc: true },
      where: {},
      order: { seq: 'ASC' },
    });
    if (!first || first.changedUtc.getTime() >= cutoff.getTime()) return false;
    return this.unit.run(
      async () => {
        const manager = this.unit.manager;
        const oldest = await manager.find(ChangeEntity, {
          select: { seq: true, changedUtc: true },
          order: { seq: 'ASC' },
          take: BATCH,
        });
        let through = 0;
        for (const change of oldest) {
          if (change.changedUtc.getTime() >= cutoff.getTime()) break;
          through = change.seq;
        }
        for (const [reader, needed] of this.holds) {
          if (through > 0 && (await needed())) {
            through = Math.min(through, await this.feed.position(reader));
          }
        }
        if (through <= 0) return false;
        // The head last: writers wait for its lock only during this commit. Readers see the
        // deletion and the head's new mark together, at the commit.
        await manager.delete(ChangeEntity, { seq: LessThanOrEqual(through) });
        await manager
          .createQueryBuilder()
          .update(ChangeHeadEntity)
          .set({ prunedThrough: through })
          .where('id = 1 AND pruned_through < :through', { through })
          .execute();
        return oldest.length === BATCH && through === oldest.at(-1)?.seq;
      },
      { leavesListings: true },
    );
  }
}
