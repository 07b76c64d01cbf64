import { DateTime } from 'luxon';
import { InvalidParamsError, ParamProblem } from '../common/errors/domain-error';
import { ChangeBatch } from './change-log';

/** An item a sync answer no longer lists, as the body shows it. */
export interface Tombstone {
  readonly id: number;
  readonly status: 'trash';
  readonly modified_utc: string;
}

/** One page of a collection's changes for one caller. */
export interface SyncResult<V> {
  /** The changed items the caller's list holds, as it shows them. */
  readonly views: V[];
  /** The changed items it no longer holds. */
  readonly removed: Tombstone[];
  /** The token sent. */
  readonly token: string;
  /** The token to continue from. */
  readonly next: string;
  readonly more: boolean;
  /** Changes from the token on, this page's included. */
  readonly remaining: number;
}

/**
 * Splits a batch of changed items into those `views` shows (read with the caller's list
 * visibility) and tombstones for the others: trashed, deleted, or no longer visible to the
 * caller (unpublished, or hidden from listings).
 */
export function syncResult<V>(
  token: string,
  batch: ChangeBatch,
  shown: readonly { readonly id: number; readonly view: V }[],
): SyncResult<V> {
  const shownIds = new Set(shown.map((item) => item.id));
  const removed = batch.itemIds
    .filter((id) => !shownIds.has(id))
    .map((id) => ({
      id,
      status: 'trash' as const,
      modified_utc: DateTime.fromJSDate(batch.lastChange.get(id)?.changedUtc ?? new Date(0), {
        zone: 'utc',
      }).toFormat('yyyy-MM-dd HH:mm:ss'),
    }));
  const order = new Map(batch.itemIds.map((id, index) => [id, index]));
  const views = [...shown]
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    .map((item) => item.view);
  return { views, removed, token, next: batch.next, more: batch.more, remaining: batch.remaining };
}

/** Parameters a sync request may carry besides `sync_token`. */
const SYNC_COMPANIONS: ReadonlySet<string> = new Set([
  'sync_token',
  'per_page',
  'i18n_language',
  'password',
]);

/**
 * Refuses a sync request that also filters or pages (`page`, `search`, dates, ...): a sync
 * answers every change of the collection, in the order they were made.
 */
export function requireSyncAlone(query: object): void {
  const problems: ParamProblem[] = Object.entries(query)
    .filter(([name, value]) => value !== undefined && !SYNC_COMPANIONS.has(name))
    .map(([param]) => ({ param, message: 'param.invalid', reason: 'reason.not-with-sync-token' }));
  if (problems.length > 0) throw new InvalidParamsError(problems);
}

/** The body of a sync answer besides its items: tombstones, links, counts and the next token. */
export interface SyncTail {
  readonly removed: Tombstone[];
  readonly rest_url: string;
  readonly next_rest_url?: string;
  readonly total: number;
  readonly total_pages: number;
  readonly next_sync_token: string;
}

/**
 * The tail of a sync answer for the collection at `collectionUrl`: `rest_url` repeats the token
 * sent, `next_rest_url` (when more changes wait) carries the next one; `total` counts the
 * changes from the token on (an item changed twice counts twice), up to 10,001.
 */
export function syncTail(
  result: SyncResult<unknown>,
  collectionUrl: string,
  perPage: number,
): SyncTail {
  const url = (token: string): string =>
    `${collectionUrl}?per_page=${perPage}&sync_token=${encodeURIComponent(token)}`;
  return {
    removed: result.removed,
    rest_url: url(result.token),
    ...(result.more ? { next_rest_url: url(result.next) } : {}),
    total: result.remaining,
    total_pages: Math.ceil(result.remaining / perPage),
    next_sync_token: result.next,
  };
}
