import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ChangeFeed } from '../changes/change-feed';
import { ChangeLog } from '../changes/change-log';
import { ChangeRetention } from '../changes/change-retention';
import { serviceOrigin, toCloudEvent } from '../changes/cloud-event';
import { ChangeAction, ChangeEntity, ChangeKind } from '../changes/entities/change.entity';
import { PollingLoop } from '../changes/polling-loop';
import { Clock } from '../common/clock/clock';
import { AppConfig } from '../config/app-config';
import { UnitOfWork, UnitOptions } from '../database/unit-of-work';
import { attempt, AttemptResult } from './delivery-attempt';
import { WebhookDeliveryEntity } from './entities/webhook-delivery.entity';
import { WebhookEntity } from './entities/webhook.entity';
import { parseEventTypes, subscribesTo } from './event-types';
import { utcText } from './webhooks.mapper';
import { signature } from './signature';
import { NewDelivery, WebhooksRepository } from './webhooks.repository';

/** Changes turned into deliveries per transaction. */
const FAN_OUT_BATCH = 500;

/** Finished deliveries older than this are pruned from the log. */
const LOG_DAYS = 7;

/** Longest wait between two attempts of one delivery. */
const MAX_RETRY_WAIT_MS = 6 * 3600 * 1000;

/** The dispatcher's units write only webhook tables, which no cached read shows. */
const BACKGROUND: UnitOptions = { leavesListings: true };

/** A delivery and how its attempt ended. */
interface Sent {
  readonly delivery: WebhookDeliveryEntity;
  readonly result: AttemptResult;
}

/**
 * Delivers webhooks (docs/behaviour.md#webhooks). Each pass turns new changes of the change
 * log into deliveries (one per change and subscription that names its type, in the transaction
 * that moves the outbox cursor), then claims due deliveries and POSTs each, signed. A delivery
 * is claimed with a lease: a dispatcher that dies mid-delivery leaves it due again when the
 * lease ends, so every change reaches every subscriber at least once. Failures are retried with
 * exponential backoff; a subscription failing for `WEBHOOK_DISABLE_AFTER_SECONDS`, or answered
 * 410 Gone, is disabled.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private readonly stopping = new AbortController();
  private readonly loop: PollingLoop;
  private epoch: string | null = null;
  private lastPrune = 0;

  constructor(
    private readonly config: AppConfig,
    private readonly unit: UnitOfWork,
    private readonly feed: ChangeFeed,
    private readonly changes: ChangeLog,
    private readonly repository: WebhooksRepository,
    private readonly clock: Clock,
    retention: ChangeRetention,
  ) {
    // Changes not yet turned into deliveries are kept while a subscription may want them.
    retention.hold('webhooks', () => this.repository.hasActive());
    this.loop = new PollingLoop('Webhook dispatch', this.logger, config.WEBHOOK_POLL_MS, () =>
      this.pass(),
    );
  }

  onApplicationBootstrap(): void {
    if (this.config.WEBHOOKS_DISPATCH === 'true') this.loop.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping.abort();
    await this.loop.stop();
  }

  /** One pass; answers whether work is left for another at once. */
  async pass(): Promise<boolean> {
    const fannedOut = await this.fanOut();
    const delivered = await this.deliverDue();
    await this.prune();
    return fannedOut || delivered;
  }

  /** Turns the next batch of changes into deliveries; answers whether more changes wait. */
  private async fanOut(): Promise<boolean> {
    const now = this.clock.now().toJSDate();
    const handed = await this.feed.next('webhooks', FAN_OUT_BATCH, async (changes) => {
      const subscriptions = await this.repository.active();
      if (subscriptions.length === 0) return;
      const deliveries: NewDelivery[] = [];
      for (const subscription of subscriptions) {
        const patterns = parseEventTypes(subscription.eventTypes);
        for (const change of changes) {
          if (!subscribesTo(patterns, change.kind, change.action)) continue;
          deliveries.push({
            webhookId: subscription.id,
            changeSeq: change.seq,
            eventType: `${change.kind}.${change.action}`,
            itemId: change.itemId,
            changedUtc: change.changedUtc,
          });
        }
      }
      await this.repository.addDeliveries(deliveries, now);
    });
    return handed === FAN_OUT_BATCH;
  }

  /** Claims due deliveries and sends them; answers whether a full batch was claimed. */
  private async deliverDue(): Promise<boolean> {
    const limit = this.config.WEBHOOK_CONCURRENCY * 4;
    const now = this.clock.now().toJSDate();
    const lease = new Date(now.getTime() + this.config.WEBHOOK_TIMEOUT_MS * 2 + 5000);
    const claimed = await this.unit.run(
      () => this.repository.claimDue(limit, now, lease),
      BACKGROUND,
    );
    if (claimed.length === 0) return false;
    const subscriptions = await this.subscriptionsOf(claimed);
    this.epoch ??= (await this.changes.head()).epoch;
    await this.record(await this.sendAll(claimed, subscriptions, this.epoch));
    return claimed.length === limit;
  }

  private async subscriptionsOf(
    deliveries: readonly WebhookDeliveryEntity[],
  ): Promise<Map<number, WebhookEntity>> {
    const ids = new Set(deliveries.map((delivery) => delivery.webhookId));
    const found = await Promise.all([...ids].map((id) => this.repository.find(id)));
    return new Map(found.filter((w): w is WebhookEntity => w !== null).map((w) => [w.id, w]));
  }

  /** Sends every delivery, `WEBHOOK_CONCURRENCY` at a time. */
  private async sendAll(
    deliveries: readonly WebhookDeliveryEntity[],
    subscriptions: ReadonlyMap<number, WebhookEntity>,
    epoch: string,
  ): Promise<Sent[]> {
    const queue = [...deliveries];
    const sent: Sent[] = [];
    const worker = async (): Promise<void> => {
      for (let delivery = queue.shift(); delivery; delivery = queue.shift()) {
        const subscription = subscriptions.get(delivery.webhookId);
        const result = subscription
          ? await this.send(delivery, subscription, epoch)
          : { delivered: false, statusCode: null, error: 'subscription deleted' };
        sent.push({ delivery, result });
      }
    };
    const workers = Math.min(this.config.WEBHOOK_CONCURRENCY, deliveries.length);
    await Promise.all(Array.from({ length: workers }, () => worker()));
    return sent;
  }

  private send(
    delivery: WebhookDeliveryEntity,
    subscription: WebhookEntity,
    epoch: string,
  ): Promise<AttemptResult> {
    const [kind, action] = delivery.eventType.split('.') as [ChangeKind, ChangeAction];
    const change: ChangeEntity = {
      seq: delivery.changeSeq,
      kind,
      action,
      itemId: delivery.itemId,
      changedUtc: delivery.changedUtc,
    };
    const event = toCloudEvent(change, epoch, serviceOrigin(this.config));
    const body = JSON.stringify(event);
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'content-type': 'application/cloudevents+json; charset=utf-8',
      'user-agent': 'calendar-events-service/webhooks',
      'webhook-id': event.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature(subscription.secret, event.id, timestamp, body),
    };
    const signal = AbortSignal.any([
      AbortSignal.timeout(this.config.WEBHOOK_TIMEOUT_MS),
      this.stopping.signal,
    ]);
    return attempt(subscription.url, body, headers, signal);
  }

  /** Writes the outcomes: delivered, due again after a backoff, failed, subscriptions disabled. */
  private async record(sent: readonly Sent[]): Promise<void> {
    const now = this.clock.now().toJSDate();
    const stopped = this.stopping.signal.aborted;
    const delivered = sent.filter((item) => item.result.delivered);
    await this.unit.run(async () => {
      await this.repository.markDelivered(
        delivered.map((item) => item.delivery.id),
        now,
        delivered.map((item) => item.result.statusCode ?? 200),
      );
      await this.repository.clearFailing([
        ...new Set(delivered.map((item) => item.delivery.webhookId)),
      ]);
      for (const { delivery, result } of sent) {
        if (result.delivered) continue;
        if (stopped) {
          // Cut off by a shutdown, not by the receiver: due again at once.
          await this.repository.markAttemptFailed(delivery.id, result, now);
          continue;
        }
        await this.failed(delivery, result, now);
      }
    }, BACKGROUND);
  }

  private async failed(
    delivery: WebhookDeliveryEntity,
    result: AttemptResult,
    now: Date,
  ): Promise<void> {
    const outOfAttempts = delivery.attempts >= this.config.WEBHOOK_MAX_ATTEMPTS;
    await this.repository.markAttemptFailed(
      delivery.id,
      result,
      outOfAttempts ? null : new Date(now.getTime() + this.retryWait(delivery.attempts)),
    );
    if (result.statusCode === 410) {
      await this.repository.disable(delivery.webhookId, 'the receiver answered 410 Gone', now);
      return;
    }
    const since = await this.repository.noteFailing(delivery.webhookId, now);
    const limitMs = this.config.WEBHOOK_DISABLE_AFTER_SECONDS * 1000;
    if (since !== null && now.getTime() - since.getTime() >= limitMs) {
      await this.repository.disable(
        delivery.webhookId,
        `every attempt failed since ${utcText(since)} UTC`,
        now,
      );
    }
  }

  /** The wait after the `attempts`th failed attempt: doubling from the base, ±20 %. */
  private retryWait(attempts: number): number {
    const base = this.config.WEBHOOK_RETRY_BASE_MS * 2 ** (attempts - 1);
    return Math.min(MAX_RETRY_WAIT_MS, base * (0.8 + Math.random() * 0.4));
  }

  /** Drops finished deliveries older than {@link LOG_DAYS}, at most once a minute. */
  private async prune(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    const before = new Date(now - LOG_DAYS * 24 * 3600 * 1000);
    await this.unit.run(() => this.repository.pruneFinished(before, 1000), BACKGROUND);
  }
}
