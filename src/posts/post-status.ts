/** Post statuses of events, venues and organizers (docs/behaviour.md#ids-and-routes, README.md#access). */
export const POST_STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** The columns the status rules read. */
export interface DatedStatus {
  readonly status: PostStatus;
  readonly dateUtc: Date;
}

/** A `future` item whose publication date has passed counts as published, with no job to run. */
export function effectiveStatus(item: DatedStatus, now: Date): PostStatus {
  return item.status === 'future' && item.dateUtc.getTime() <= now.getTime()
    ? 'publish'
    : item.status;
}

/**
 * The status an item is stored with: a published item dated in the future is scheduled
 * (`future`), and a scheduled one dated in the past is published, as WordPress does on save.
 */
export function statusOnSave(requested: PostStatus, dateUtc: Date, now: Date): PostStatus {
  if (requested === 'publish' && dateUtc.getTime() > now.getTime()) return 'future';
  if (requested === 'future' && dateUtc.getTime() <= now.getTime()) return 'publish';
  return requested;
}

/**
 * Whether an item of this status is hidden from anonymous callers now and without a further
 * write: not published, and not scheduled (a scheduled item turns public when its date passes).
 */
export function hiddenFromPublic(status: PostStatus): boolean {
  return status !== 'publish' && status !== 'future';
}
