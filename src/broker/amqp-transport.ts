import { ChannelModel, ConfirmChannel, connect } from 'amqplib';
import { ChangeCloudEvent } from '../changes/cloud-event';
import { BrokerTransport, CLOUDEVENTS_JSON } from './broker-transport';

/**
 * RabbitMQ (AMQP 0-9-1): each event is a persistent message on the durable topic exchange
 * `exchange`, its routing key the event type (`event.updated`), confirmed by the broker before
 * the outbox moves on. The connection is opened on first use and again after it is lost.
 */
export class AmqpTransport implements BrokerTransport {
  private connection: ChannelModel | null = null;
  private channel: ConfirmChannel | null = null;

  constructor(
    private readonly url: string,
    private readonly exchange: string,
  ) {}

  async publish(events: readonly ChangeCloudEvent[]): Promise<void> {
    const channel = await this.open();
    for (const event of events) {
      channel.publish(this.exchange, event.type, Buffer.from(JSON.stringify(event)), {
        persistent: true,
        contentType: CLOUDEVENTS_JSON,
        messageId: event.id,
        type: event.type,
        timestamp: Math.floor(Date.parse(event.time) / 1000),
        appId: 'calendar-events-service',
      });
    }
    await channel.waitForConfirms();
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    this.channel = null;
    await connection?.close().catch(() => undefined);
  }

  private async open(): Promise<ConfirmChannel> {
    if (this.channel) return this.channel;
    const connection = await connect(this.url, { timeout: 5000 });
    const forget = (): void => {
      if (this.connection === connection) {
        this.connection = null;
        this.channel = null;
      }
    };
    connection.on('close', forget);
    connection.on('error', forget);
    const channel = await connection.createConfirmChannel();
    channel.on('close', forget);
    channel.on('error', forget);
    await channel.assertExchange(this.exchange, 'topic', { durable: true });
    this.connection = connection;
    this.channel = channel;
    return channel;
  }
}
