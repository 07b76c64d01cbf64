import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { headers, NatsConnection, MsgHdrs } from '@nats-io/nats-core';
import { jetstream, JetStreamClient, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { ChangeCloudEvent } from '../changes/cloud-event';
import { BrokerTransport, CLOUDEVENTS_JSON } from './broker-transport';

/** The stream's name for a subject prefix: dots are not allowed in stream names. */
export function streamName(prefix: string): string {
  return prefix.replace(/\./g, '_');
}

/** Spans of NATS publishes (no official instrumentation covers the NATS client). */
const TRACER = trace.getTracer('calendar-events.broker.nats');

/** Writes propagation fields into NATS message headers. */
const NATS_HEADER_SETTER = {
  set: (carrier: MsgHdrs, key: string, value: string): void => carrier.set(key, value),
};

/**
 * NATS JetStream: each event is published on `{prefix}.{type}` (`calendar.events.event.updated`)
 * into the stream `{prefix}` with dots as underscores, made if missing, with the event's id as
 * `Nats-Msg-Id`, so JetStream drops a copy sent again after a crash (within its duplicate
 * window). Each publish waits for the stream's acknowledgement. With tracing on, each publish is a
 * producer span and its message carries the span's `traceparent` header.
 */
export class NatsTransport implements BrokerTransport {
  private connection: NatsConnection | null = null;
  private client: JetStreamClient | null = null;

  constructor(
    private readonly url: string,
    private readonly prefix: string,
  ) {}

  async publish(events: readonly ChangeCloudEvent[]): Promise<void> {
    const client = await this.open();
    await Promise.all(
      events.map((event) => {
        const subject = `${this.prefix}.${event.type}`;
        return TRACER.startActiveSpan(
          `publish ${subject}`,
          {
            kind: SpanKind.PRODUCER,
            attributes: {
              'messaging.system': 'nats',
              'messaging.operation.type': 'send',
              'messaging.destination.name': subject,
              'messaging.message.id': event.id,
            },
          },
          async (span) => {
            const meta = headers();
            meta.set('content-type', CLOUDEVENTS_JSON);
            meta.set('ce-type', event.type);
            // The span's W3C traceparent, so a consumer continues the trace (tracing on only).
            propagation.inject(context.active(), meta, NATS_HEADER_SETTER);
            try {
              await client.publish(subject, JSON.stringify(event), {
                msgID: event.id,
                headers: meta,
                timeout: 5000,
              });
            } catch (error: unknown) {
              span.setStatus({ code: SpanStatusCode.ERROR });
              throw error;
            } finally {
              span.end();
            }
          },
        );
      }),
    );
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    this.client = null;
    await connection?.close().catch(() => undefined);
  }

  private async open(): Promise<JetStreamClient> {
    if (this.client && this.connection && !this.connection.isClosed()) return this.client;
    const url = new URL(this.url);
    const connection = await connect({
      servers: `${url.hostname}:${url.port || '4222'}`,
      ...(url.username ? { user: decodeURIComponent(url.username) } : {}),
      ...(url.password ? { pass: decodeURIComponent(url.password) } : {}),
      timeout: 5000,
      maxReconnectAttempts: -1,
    });
    const manager = await jetstreamManager(connection);
    const name = streamName(this.prefix);
    try {
      await manager.streams.info(name);
    } catch {
      await manager.streams.add({ name, subjects: [`${this.prefix}.>`] });
    }
    this.connection = connection;
    this.client = jetstream(connection);
    return this.client;
  }
}
