import { EventEntity, PostStatus } from './entities/event.entity';

/** A `future` event whose publication date has passed counts as published, with no job to run. */
export function effectiveStatus(
  event: Pick<EventEntity, 'status' | 'dateUtc'>,
  now: Date,
): PostStatus {
  return event.status === 'future' && event.dateUtc.getTime() <= now.getTime()
    ? 'publish'
    : event.status;
}

/**
 * The status an event is stored with: a published event dated in the future is scheduled
 * (`future`), and a scheduled one dated in the past is published, as WordPress does on save.
 */
export function statusOnSave(requested: PostStatus, dateUtc: Date, now: Date): PostStatus {
  if (requested === 'publish' && dateUtc.getTime() > now.getTime()) return 'future';
  if (requested === 'future' && dateUtc.getTime() <= now.getTime()) return 'publish';
  return requested;
}
