import { ChangeCloudEvent } from '../changes/cloud-event';

/** A message broker the change log's events are published to (docs/behaviour.md#broker-events). */
export interface BrokerTransport {
  /** Publishes `events` in order; resolves once the broker has taken every one. */
  publish(events: readonly ChangeCloudEvent[]): Promise<void>;
  close(): Promise<void>;
}

/** The media type of a CloudEvent in the structured JSON format. */
export const CLOUDEVENTS_JSON = 'application/cloudevents+json';

/** `scheme://host:port` of a broker URL, for logs: never its credentials. */
export function brokerAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'an unreadable URL';
  }
}
