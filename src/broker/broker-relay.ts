import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Counter } from 'prom-client';
import { ChangeFeed } from '../changes/change-feed';
import { ChangeLog } from '../changes/change-log';
import { ChangeRetention } from '../changes/change-retention';
import { toCloudEvent } from '../changes/cloud-event';
import { configuredNamespace } from '../common/links/links';
import { PollingLoop } from '../changes/polling-loop';
import { AppConfig } from '../config/app-config';
import { Metrics } from '../observability/metrics';
import { AmqpTransport } from './amqp-transport';
import { brokerAddress, BrokerTransport } from './broker-transport';
import { NatsTransport } from './nats-transport';

/** Changes published per transaction. */
const BATCH = 200;

/** Longest a batch may wait for the broker before it is tried again. */
const PUBLISH_TIMEOUT_MS = 15_000;

/** The transport for a broker URL: `amqp(s)://` is RabbitMQ, `nats://` is NATS JetStream. */
export function transportFor(url: string, topic: string): BrokerTransport {
  return url.startsWith('nats:') ? new NatsTransport(url, topic) : new AmqpTransport(url, topic);
}

/**
 * Publishes every change of the change log to the broker of `EVENTS_BROKER_URL`
 * (docs/behaviour.md#broker-events), as CloudEvents, in log order, at least once: a batch is
 * published, the broker confirms it, and only then does the outbox cursor move, in the
 * transaction that holds it (so one instance publishes at a time). A broker that is down
 * holds the changes back until it is up again; nothing is lost.
 */
@Injectable()
export class BrokerRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Broker');
  private readonly transport: BrokerTransport | null;
  private readonly loop: PollingLoop;
  private epoch: string | null = null;
  private readonly published: Counter;

  constructor(
    private readonly config: AppConfig,
    private readonly feed: ChangeFeed,
    private readonly changes: ChangeLog,
    retention: ChangeRetention,
    metrics: Metrics,
  ) {
    this.published = new Counter({
      name: 'broker_events_published_total',
      help: 'Change events the broker confirmed (EVENTS_BROKER_URL)',
      registers: [metrics.registry],
    });
    const url = config.EVENTS_BROKER_URL;
    this.transport = url ? transportFor(url, config.EVENTS_BROKER_TOPIC) : null;
    // With a broker, changes not yet published are kept however old they are.
    if (this.transport) retention.hold('broker', () => Promise.resolve(true));
    this.loop = new PollingLoop(
      `Publishing to ${url ? brokerAddress(url) : 'the broker'}`,
      this.logger,
      config.WEBHOOK_POLL_MS,
      () => this.pass(),
    );
  }

  onApplicationBootstrap(): void {
    if (this.transport && this.config.WEBHOOKS_DISPATCH === 'true') this.loop.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.loop.stop();
    await this.transport?.close();
  }

  /** Publishes the next batch; answers whether more changes wait. */
  async pass(): Promise<boolean> {
    const transport = this.transport;
    if (!transport) return false;
    const published = await this.feed.next('broker', BATCH, async (changes) => {
      this.epoch ??= (await this.changes.head()).epoch;
      const epoch = this.epoch;
      const namespace = configuredNamespace(this.config);
      await withTimeout(
        transport.publish(changes.map((change) => toCloudEvent(change, epoch, namespace))),
        PUBLISH_TIMEOUT_MS,
      );
      this.published.inc(changes.length);
    });
    return published === BATCH;
  }
}

/** `work`, or a rejection once `ms` have passed. */
async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the broker did not confirm in ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
