import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Counter } from 'prom-client';
import { ChangeFeed } from '../changes/change-feed';
import { ChangeLog } from '../changes/change-log';
import { ChangeRetention } from '../changes/change-retention';
import { toCloudEvent } from '../changes/cloud-event';
import { configuredNamespace } from '../common/links/links';
import { ChangeAction, ChangeEntity, ChangeKind } from '../changes/entities/change.entity';
import { PollingLoop } from '../changes/polling-loop';
import { Clock } from '../common/clock/clock';
import { ReceiverAddressPolicy } from './receiver-address';
import { AppConfig } from '../config/app-config';
import { UnitOfWork, UnitOptions } from '../database/unit-of-work';
import { Metrics } from '../observability/metrics';
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

/** A claimed delivery and where it goes. */
interface Queued {
  readonly delivery: WebhookDeliveryEntity;
  readonly subscription: WebhookEntity | undefined;
}

/** Adds `by` to `key`'s count in `counts`, dropping it at 0. */
function count(counts: Map<number, number>, key: number, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

/** A delivery and how its attempt ended. */
interface Sent {
  readonly delivery: WebhookDeliveryEntity;
  readonly result: AttemptResult;
}

/** What an ended attempt comes to (also the metric's label). */
type Outcome = 'delivered' | 'retry' | 'failed' | 'interrupted';

/** An ended attempt with its outcome, as recorded. */
interface Recorded extends Sent {
  readonly outcome: Outcome;
}

/** How many times each value occurs. */
function countBy(values: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const value of values) count(counts, value, 1);
  return counts;
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
  /** The delivery id pruning goes on from (0: the oldest). */
  private pruneFrom = 0;
  private lastFanOut = 0;
  /** Whether the last fan-out found a full batch (more changes wait). */
  private fanOutBehind = false;
  /** Sends under way (so a shutdown can wait for them), and how many by subscription. */
  private readonly sending = new Set<Promise<void>>();
  private readonly sendingBySubscription = new Map<number, number>();
  /** Claimed deliveries waiting for a place (their leases run). */
  private queue: Queued[] = [];
  /** The API's namespace URL, which messages link to. */
  private readonly namespace: string;
  /** Attempts that ended and are not recorded yet. */
  private finished: Sent[] = [];
  /** Recorded attempts by outcome (metrics). */
  private readonly attempts: Counter<'outcome'>;

  constructor(
    private readonly config: AppConfig,
    private readonly unit: UnitOfWork,
    private readonly feed: ChangeFeed,
    private readonly changes: ChangeLog,
    private readonly repository: WebhooksRepository,
    private readonly clock: Clock,
    private readonly receivers: ReceiverAddressPolicy,
    retention: ChangeRetention,
    metrics: Metrics,
  ) {
    this.attempts = new Counter({
      name: 'webhook_delivery_attempts_total',
      help: 'Webhook delivery attempts by outcome: delivered, retry (due again later), failed (out of attempts), interrupted (by a shutdown)',
      labelNames: ['outcome'],
      registers: [metrics.registry],
    });
    metrics.gaugeOf(
      'webhook_deliveries_in_flight',
      'Webhook deliveries this instance is sending',
      () => this.sending.size,
    );
    metrics.gaugeOf(
      'webhook_deliveries_queued',
      'Webhook deliveries this instance has claimed and not yet started',
      () => this.queue.length,
    );
    this.namespace = configuredNamespace(config);
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
    // Claimed but not started: due again at once, for this or another instance.
    for (const { delivery } of this.queue) {
      this.finished.push({
        delivery,
        result: { delivered: false, statusCode: null, error: 'dispatcher stopped' },
      });
    }
    this.queue = [];
    // Sends end at once when aborted; what they did is recorded (cut-off ones due again now).
    await Promise.allSettled([...this.sending]);
    await this.recordFinished().catch(() => undefined);
  }

  /**
   * One pass: records the attempts that ended, turns new changes into deliveries, and starts
   * sending due ones into the free places. Sends run on their own and wake the loop when they
   * end, so a slow receiver holds its own places and no pass waits for it. Answers whether work
   * is left for another pass at once.
   */
  async pass(): Promise<boolean> {
    const fannedOut = await this.fanOutWhenDue();
    const claimedAll = await this.recordAndClaim(true);
    await this.prune();
    return fannedOut || claimedAll;
  }

  /** Records the attempts that ended, without claiming more (at shutdown). */
  private async recordFinished(): Promise<void> {
    await this.recordAndClaim(false);
  }

  /**
   * In one transaction: records the attempts that ended since the last pass, and (with `claim`)
   * claims due deliveries into the local queue while it runs low, then starts what the free
   * places take. Answers whether it claimed a full batch (more may be due).
   */
  private async recordAndClaim(claim: boolean): Promise<boolean> {
    const ended = this.finished;
    this.finished = [];
    const concurrency = this.config.WEBHOOK_CONCURRENCY;
    const want =
      claim && this.queue.length < concurrency * 2
        ? concurrency * 4 - this.queue.length - this.sending.size
        : 0;
    if (ended.length === 0 && want <= 0) return false;
    // With nothing to record, the subscriptions are read first (their rows are not locked in
    // the transaction either), so an idle pass with none to claim for opens no transaction.
    // Outcomes to record may disable one: then they are read after recording, in it.
    const readFirst = ended.length === 0 ? await this.repository.active() : undefined;
    if (readFirst?.length === 0) return false;
    const outcomes = ended.map((sent) => ({ ...sent, outcome: this.outcomeOf(sent) }));
    let claimed: Queued[];
    try {
      claimed = await this.unit.run(async () => {
        if (outcomes.length > 0) await this.record(outcomes);
        return want > 0 ? this.claim(want, readFirst ?? (await this.repository.active())) : [];
      }, BACKGROUND);
    } catch (error) {
      this.finished = [...ended, ...this.finished];
      throw error;
    }
    // Counted once their transaction has committed (a unit may run twice).
    for (const { outcome } of outcomes) this.attempts.inc({ outcome });
    this.queue.push(...claimed);
    this.epoch ??= (await this.changes.head()).epoch;
    this.pump();
    return want > 0 && claimed.length === want;
  }

  /** What an ended attempt comes to. */
  private outcomeOf({ delivery, result }: Sent): Outcome {
    if (result.delivered) return 'delivered';
    // Cut off by a shutdown, not by the receiver.
    if (this.stopping.signal.aborted) return 'interrupted';
    return delivery.attempts >= this.config.WEBHOOK_MAX_ATTEMPTS ? 'failed' : 'retry';
  }

  /**
   * Fans out at most once per `WEBHOOK_POLL_MS`, or at once while the last fan-out found a full
   * batch, so passes woken by ending sends do not each read the log.
   */
  private async fanOutWhenDue(): Promise<boolean> {
    const now = Date.now();
    if (!this.fanOutBehind && now - this.lastFanOut < this.config.WEBHOOK_POLL_MS) return false;
    this.lastFanOut = now;
    this.fanOutBehind = await this.fanOut();
    return this.fanOutBehind;
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

  /** The places one subscription may hold: all when it is alone, a quarter among four or more. */
  private share(subscriptions: number): number {
    const concurrency = this.config.WEBHOOK_CONCURRENCY;
    return Math.max(Math.ceil(concurrency / 4), Math.ceil(concurrency / subscriptions));
  }

  /**
   * Claims up to `want` due deliveries of the `active` subscriptions in the running unit, each
   * subscription up to twice its share counting what it has queued and in flight, so a receiver
   * that hangs until the timeout neither fills the queue nor keeps a claim past its lease.
   */
  private async claim(want: number, active: readonly WebhookEntity[]): Promise<Queued[]> {
    const now = this.clock.now().toJSDate();
    const lease = new Date(now.getTime() + this.config.WEBHOOK_TIMEOUT_MS * 2 + 5000);
    const subscriptions = new Map(active.map((webhook) => [webhook.id, webhook]));
    const held = countBy(this.queue.map((item) => item.delivery.webhookId));
    for (const [id, sending] of this.sendingBySubscription) count(held, id, sending);
    const room = (webhookId: number): number =>
      this.share(active.length) * 2 - (held.get(webhookId) ?? 0);
    const claimed = await this.repository.claimDue(
      want,
      now,
      lease,
      [...subscriptions.keys()],
      room,
    );
    return claimed.map((delivery) => ({
      delivery,
      subscription: subscriptions.get(delivery.webhookId),
    }));
  }

  /** Starts queued deliveries while places are free, each subscription within its share. */
  private pump(): void {
    const epoch = this.epoch;
    if (epoch === null || this.stopping.signal.aborted) return;
    const competing = new Set([
      ...this.queue.map((item) => item.delivery.webhookId),
      ...this.sendingBySubscription.keys(),
    ]);
    const share = this.share(Math.max(1, competing.size));
    const waiting: Queued[] = [];
    for (const item of this.queue) {
      const id = item.delivery.webhookId;
      if (
        this.sending.size < this.config.WEBHOOK_CONCURRENCY &&
        (this.sendingBySubscription.get(id) ?? 0) < share
      ) {
        this.start(item, epoch);
      } else {
        waiting.push(item);
      }
    }
    this.queue = waiting;
  }

  /** Sends one delivery on its own; its outcome waits in {@link finished} for the next pass. */
  private start({ delivery, subscription }: Queued, epoch: string): void {
    const id = delivery.webhookId;
    count(this.sendingBySubscription, id, 1);
    const sending: Promise<void> = Promise.resolve()
      .then(() =>
        subscription
          ? this.send(delivery, subscription, epoch)
          : { delivered: false, statusCode: null, error: 'subscription inactive or deleted' },
      )
      .then((result) => {
        this.finished.push({ delivery, result });
      })
      .finally(() => {
        count(this.sendingBySubscription, id, -1);
        this.sending.delete(sending);
        this.pump();
        this.loop.wake();
      });
    this.sending.add(sending);
  }

  private async send(
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
    const event = toCloudEvent(change, epoch, this.namespace);
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
    // Checked again at each delivery: a name may have come to resolve inward since.
    const refusal = await this.receivers.refusal(subscription.url);
    if (refusal) {
      const error =
        refusal.kind === 'unresolved'
          ? 'host not found'
          : `address not allowed (${refusal.address}; see WEBHOOK_ALLOWED_NETWORKS)`;
      return { delivered: false, statusCode: null, error };
    }
    return attempt(subscription.url, body, headers, signal, this.receivers.connectionLookup());
  }

  /**
   * Writes the outcomes, in the running unit: delivered, due again (at once after a shutdown,
   * else after a backoff), failed; then each failing subscription once, in id order (two
   * instances recording at once lock its row in the same order), disabled when it has failed
   * long enough or was answered 410 Gone.
   */
  private async record(ended: readonly Recorded[]): Promise<void> {
    const now = this.clock.now().toJSDate();
    const delivered = ended.filter((item) => item.outcome === 'delivered');
    await this.repository.markDelivered(
      delivered.map((item) => item.delivery.id),
      now,
      delivered.map((item) => item.result.statusCode ?? 200),
    );
    await this.repository.clearFailing([
      ...new Set(delivered.map((item) => item.delivery.webhookId)),
    ]);
    const failing = new Map<number, boolean>();
    for (const { delivery, result, outcome } of ended) {
      if (outcome === 'delivered') continue;
      const next =
        outcome === 'interrupted'
          ? now
          : outcome === 'failed'
            ? null
            : new Date(now.getTime() + this.retryWait(delivery.attempts));
      await this.repository.markAttemptFailed(delivery.id, result, next);
      if (outcome === 'interrupted') continue;
      failing.set(
        delivery.webhookId,
        (failing.get(delivery.webhookId) ?? false) || result.statusCode === 410,
      );
    }
    for (const [webhookId, gone] of [...failing].sort(([a], [b]) => a - b)) {
      await this.noteFailure(webhookId, gone, now);
    }
  }

  private async noteFailure(webhookId: number, gone: boolean, now: Date): Promise<void> {
    if (gone) {
      await this.repository.disable(webhookId, 'the receiver answered 410 Gone', now);
      return;
    }
    const since = await this.repository.noteFailing(webhookId, now);
    const limitMs = this.config.WEBHOOK_DISABLE_AFTER_SECONDS * 1000;
    if (since !== null && now.getTime() - since.getTime() >= limitMs) {
      await this.repository.disable(
        webhookId,
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
    this.pruneFrom = await this.unit.run(
      () => this.repository.pruneFinished(before, this.pruneFrom, 1000),
      BACKGROUND,
    );
  }
}
