import { Injectable } from '@nestjs/common';
import { In, IsNull, MoreThan, Not } from 'typeorm';
import { cappedCount } from '../database/capped-count';
import { UnitOfWork } from '../database/unit-of-work';
import { WebhookDeliveryEntity } from './entities/webhook-delivery.entity';
import { WebhookEntity } from './entities/webhook.entity';

/** A page of rows and how many there are in all. */
export interface RowPage<T> {
  readonly rows: T[];
  readonly total: number;
}

/** A delivery to write: one change for one subscription. */
export type NewDelivery = Pick<
  WebhookDeliveryEntity,
  'webhookId' | 'changeSeq' | 'eventType' | 'itemId' | 'changedUtc'
>;

/** How one attempt of a delivery ended, as the log keeps it. */
export interface AttemptOutcome {
  readonly statusCode: number | null;
  readonly error: string | null;
}

/** The only place that reads and writes subscriptions and their deliveries in SQL. */
@Injectable()
export class WebhooksRepository {
  constructor(private readonly unit: UnitOfWork) {}

  private get webhooks() {
    return this.unit.manager.getRepository(WebhookEntity);
  }

  private get deliveries() {
    return this.unit.manager.getRepository(WebhookDeliveryEntity);
  }

  async create(fields: Omit<WebhookEntity, 'id'>): Promise<WebhookEntity> {
    const saved = await this.webhooks.save(this.webhooks.create(fields));
    return saved;
  }

  /** The subscription, locked for the rest of a write unit. */
  find(id: number): Promise<WebhookEntity | null> {
    return this.webhooks.findOne({ where: { id }, ...this.unit.rowLock });
  }

  async page(page: number, perPage: number): Promise<RowPage<WebhookEntity>> {
    const [rows, total] = await this.webhooks.findAndCount({
      order: { id: 'DESC' },
      skip: (page - 1) * perPage,
      take: perPage,
    });
    return { rows, total };
  }

  async save(webhook: WebhookEntity): Promise<WebhookEntity> {
    return this.webhooks.save(webhook);
  }

  /** Deletes the subscription and its delivery log. */
  async delete(id: number): Promise<void> {
    await this.deliveries.delete({ webhookId: id });
    await this.webhooks.delete({ id });
  }

  /** Whether any subscription receives new changes. */
  async hasActive(): Promise<boolean> {
    return (await this.webhooks.count({ where: { active: true } })) > 0;
  }

  /** Subscriptions that receive new changes. */
  active(): Promise<WebhookEntity[]> {
    return this.webhooks.find({ where: { active: true } });
  }

  /**
   * A subscription's delivery log, newest first, through `idx_webhook_deliveries_log`; the total
   * is counted up to 10,001 (a busier log shows 10,001).
   */
  async deliveriesOf(
    webhookId: number,
    page: number,
    perPage: number,
  ): Promise<RowPage<WebhookDeliveryEntity>> {
    const [rows, total] = await Promise.all([
      this.deliveries.find({
        where: { webhookId },
        order: { id: 'DESC' },
        skip: (page - 1) * perPage,
        take: perPage,
      }),
      cappedCount(this.unit.manager, (query) =>
        query
          .select('d.id', 'id')
          .from(WebhookDeliveryEntity, 'd')
          .where('d.webhook_id = :webhookId', { webhookId })
          .orderBy('d.id', 'DESC'),
      ),
    ]);
    return { rows, total };
  }

  /** Adds deliveries, due `now`; one already there for its change and subscription is kept. */
  async addDeliveries(deliveries: readonly NewDelivery[], now: Date): Promise<void> {
    for (let start = 0; start < deliveries.length; start += 500) {
      await this.deliveries
        .createQueryBuilder()
        .insert()
        .values(
          deliveries.slice(start, start + 500).map((delivery) => ({
            ...delivery,
            status: 'pending' as const,
            attempts: 0,
            nextAttemptUtc: now,
            createdUtc: now,
          })),
        )
        .orIgnore()
        .execute();
    }
  }

  /**
   * Takes up to `limit` pending deliveries due by `now` of the subscriptions `active`, at most
   * `room(subscription)` of each, and moves them out of reach until `leaseUntil` (counting the
   * attempt), in the running unit. On MySQL/MariaDB the rows are read `FOR UPDATE SKIP LOCKED`,
   * so dispatchers of several instances take different ones without waiting for each other;
   * rows read but not taken stay due.
   */
  async claimDue(
    limit: number,
    now: Date,
    leaseUntil: Date,
    active: readonly number[],
    room: (webhookId: number) => number,
  ): Promise<WebhookDeliveryEntity[]> {
    const eligible = active.filter((id) => room(id) > 0);
    if (eligible.length === 0) return [];
    const query = this.deliveries
      .createQueryBuilder('d')
      .where('d.status = :pending', { pending: 'pending' })
      .andWhere('d.nextAttemptUtc <= :now', { now })
      .andWhere('d.webhookId IN (:...eligible)', { eligible })
      .orderBy('d.nextAttemptUtc', 'ASC')
      .addOrderBy('d.id', 'ASC')
      .limit(limit * 2);
    if (this.unit.manager.connection.options.type !== 'better-sqlite3') {
      query.setLock('pessimistic_write').setOnLocked('skip_locked');
    }
    const taken = new Map<number, number>();
    const claimed: WebhookDeliveryEntity[] = [];
    for (const delivery of await query.getMany()) {
      if (claimed.length >= limit) break;
      const count = taken.get(delivery.webhookId) ?? 0;
      if (count >= room(delivery.webhookId)) continue;
      taken.set(delivery.webhookId, count + 1);
      claimed.push(delivery);
    }
    if (claimed.length === 0) return [];
    await this.deliveries.update(
      { id: In(claimed.map((delivery) => delivery.id)) },
      { nextAttemptUtc: leaseUntil, attempts: () => 'attempts + 1', lastAttemptUtc: now },
    );
    return claimed.map((delivery) => ({
      ...delivery,
      attempts: delivery.attempts + 1,
      nextAttemptUtc: leaseUntil,
      lastAttemptUtc: now,
    }));
  }

  /** Marks deliveries delivered at `now` (a 2xx answer with `statusCode`). */
  async markDelivered(
    ids: readonly number[],
    now: Date,
    statusCodes: readonly number[],
  ): Promise<void> {
    const byCode = new Map<number, number[]>();
    ids.forEach((id, index) => {
      const code = statusCodes[index] ?? 200;
      byCode.set(code, [...(byCode.get(code) ?? []), id]);
    });
    for (const [code, group] of byCode) {
      await this.deliveries.update(
        { id: In(group), status: 'pending' },
        { status: 'delivered', deliveredUtc: now, lastStatusCode: code, lastError: null },
      );
    }
  }

  /** Records a failed attempt: due again at `next`, or failed for good when `next` is null. */
  async markAttemptFailed(id: number, outcome: AttemptOutcome, next: Date | null): Promise<void> {
    await this.deliveries.update(
      { id, status: 'pending' },
      {
        status: next === null ? 'failed' : 'pending',
        ...(next === null ? {} : { nextAttemptUtc: next }),
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error,
      },
    );
  }

  /** The subscriptions delivered to: no longer failing. */
  async clearFailing(webhookIds: readonly number[]): Promise<void> {
    if (webhookIds.length === 0) return;
    await this.webhooks.update(
      { id: In([...webhookIds]), failingSinceUtc: Not(IsNull()) },
      { failingSinceUtc: null },
    );
  }

  /** Notes that an attempt to the subscription failed at `now`; answers since when it fails. */
  async noteFailing(webhookId: number, now: Date): Promise<Date | null> {
    await this.webhooks.update(
      { id: webhookId, failingSinceUtc: IsNull() },
      { failingSinceUtc: now },
    );
    const webhook = await this.webhooks.findOne({ where: { id: webhookId } });
    return webhook?.failingSinceUtc ?? null;
  }

  /** Stops deliveries to the subscription, saying why. */
  async disable(webhookId: number, reason: string, now: Date): Promise<void> {
    await this.webhooks.update(
      { id: webhookId, active: true },
      { active: false, disabledReason: reason, modifiedUtc: now },
    );
  }

  /**
   * Deletes the finished deliveries among the `limit` rows after id `after` that were created
   * before `before` (ids grow with time, so the old ones come first). Reads the primary key only,
   * a bounded range each call; answers the id to go on from, or 0 to start over (the range
   * reached rows that are not old yet).
   */
  async pruneFinished(before: Date, after: number, limit: number): Promise<number> {
    const rows = await this.deliveries.find({
      select: { id: true, status: true, createdUtc: true },
      where: { id: MoreThan(after) },
      order: { id: 'ASC' },
      take: limit,
    });
    const young = rows.findIndex((row) => row.createdUtc.getTime() >= before.getTime());
    const old = young < 0 ? rows : rows.slice(0, young);
    const finished = old.filter((row) => row.status !== 'pending').map((row) => row.id);
    if (finished.length > 0) await this.deliveries.delete({ id: In(finished) });
    return young < 0 && rows.length === limit ? (old.at(-1)?.id ?? 0) : 0;
  }
}
