import { PostStatus } from '../posts/post-status';
import { effectiveStatus } from '../posts/post-status';
import { mayEdit, mayReadUnpublished } from './rights';
import { Viewer } from './viewer';

/** What a viewer may see of an event before a password is given (README.md#access, docs/behaviour.md#password-protected-events). */
export type EventAccess =
  /** In the trash: gone for everyone. */
  | 'trashed'
  /** Not published, and not the viewer's to read. */
  | 'hidden'
  /** Password-protected and not the viewer's to edit: content only with its password. */
  | 'locked'
  | 'open';

/** The event columns the rule reads. */
export interface EventAccessFields {
  readonly status: PostStatus;
  readonly dateUtc: Date;
  readonly author: number;
  readonly passwordHash: string | null;
}

/** Whether `event` is password-protected and not `viewer`'s to edit (its content needs the password). */
export function isLocked(event: EventAccessFields, viewer: Viewer): boolean {
  return event.passwordHash !== null && !mayEdit(viewer, event);
}

/** How `viewer` may see `event` at `now` (a past `future` event counts as published). */
export function eventAccess(event: EventAccessFields, viewer: Viewer, now: Date): EventAccess {
  const status = effectiveStatus(event, now);
  if (status === 'trash') return 'trashed';
  if (status !== 'publish' && !mayReadUnpublished(viewer, event)) return 'hidden';
  if (isLocked(event, viewer)) return 'locked';
  return 'open';
}
