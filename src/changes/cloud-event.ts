import { ChangeAction, ChangeEntity, ChangeKind } from './entities/change.entity';

/** The collection path of each kind of item. */
const COLLECTIONS: Readonly<Record<ChangeKind, string>> = {
  event: 'events',
  venue: 'venues',
  organizer: 'organizers',
  category: 'categories',
  tag: 'tags',
};

/** What a change's message says in `data` (docs/behaviour.md#webhooks). */
export interface ChangeData {
  readonly id: number;
  readonly kind: ChangeKind;
  readonly action: ChangeAction;
  /** The change's position in the change log. */
  readonly sequence: number;
  /** When the change was committed, `YYYY-MM-DD HH:MM:SS` in UTC, as `modified_utc` is. */
  readonly changed_utc: string;
  /** The item's address in the API (a deleted item's answers 404). */
  readonly href: string;
}

/** A change as a CloudEvents 1.0 event in the structured JSON format. */
export interface ChangeCloudEvent {
  readonly specversion: '1.0';
  readonly id: string;
  readonly source: string;
  readonly type: string;
  readonly subject: string;
  readonly time: string;
  readonly datacontenttype: 'application/json';
  readonly data: ChangeData;
}

/** The event type of a change: `event.created`, `venue.trashed`, … */
export function changeType(kind: ChangeKind, action: ChangeAction): string {
  return `${kind}.${action}`;
}

/** The message id of a change: the same for every subscriber, every retry and the broker. */
export function changeMessageId(epoch: string, seq: number): string {
  return `chg_${epoch}_${seq}`;
}

/** `namespace` is the API's namespace URL (`configuredNamespace`). */
export function toCloudEvent(
  change: ChangeEntity,
  epoch: string,
  namespace: string,
): ChangeCloudEvent {
  const path = `${COLLECTIONS[change.kind]}/${change.itemId}`;
  return {
    specversion: '1.0',
    id: changeMessageId(epoch, change.seq),
    source: namespace,
    type: changeType(change.kind, change.action),
    subject: path,
    time: change.changedUtc.toISOString().replace('.000Z', 'Z'),
    datacontenttype: 'application/json',
    data: {
      id: change.itemId,
      kind: change.kind,
      action: change.action,
      sequence: change.seq,
      changed_utc: change.changedUtc.toISOString().slice(0, 19).replace('T', ' '),
      href: `${namespace}/${path}`,
    },
  };
}
