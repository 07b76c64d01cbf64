import { DomainError, NotAuthenticatedError } from '../common/errors/domain-error';
import { PostStatus } from '../posts/post-status';
import type { Taxonomy } from '../terms/entities/term.entity';
import { Role, Viewer } from './viewer';

/**
 * The rights of each role (README.md#access, from WordPress's capabilities). Events, venues and organizers
 * share them: the capabilities of the three post types are granted alike.
 */
const EDITS_OTHERS: readonly Role[] = ['administrator', 'editor'];
const PUBLISHES: readonly Role[] = [...EDITS_OTHERS, 'author'];
const WRITES: readonly Role[] = [...PUBLISHES, 'contributor'];

/** Statuses a contributor's own item may have and still be edited or deleted by them. */
const UNPUBLISHED: readonly PostStatus[] = ['draft', 'pending'];

/** Statuses only a role that may publish can give an item. */
const PUBLISHING: readonly PostStatus[] = ['publish', 'future', 'private'];

/** An event, venue or organizer as far as rights go. */
export interface OwnedItem {
  readonly author: number;
  readonly status: PostStatus;
}

function has(viewer: Viewer, roles: readonly Role[]): boolean {
  return viewer.role !== null && roles.includes(viewer.role);
}

function owns(viewer: Viewer, item: OwnedItem): boolean {
  return viewer.userId !== null && item.author === viewer.userId;
}

/** May create events, venues and organizers (contributor and up). */
export function mayWrite(viewer: Viewer): boolean {
  return has(viewer, WRITES);
}

/**
 * Reads exactly what a caller without a token reads: a viewer who may not write (a subscriber,
 * or a token with no known role) has no read right beyond the public one, since every read
 * right below follows from writing (a contributor's own drafts and up). Such a viewer's reads
 * may share the answers and renderings kept for anonymous callers.
 */
export function readsAsAnonymous(viewer: Viewer): boolean {
  return !mayWrite(viewer);
}

/** May publish, and so keeps the status asked for (author and up). */
export function mayPublish(viewer: Viewer): boolean {
  return has(viewer, PUBLISHES);
}

/** May see and change everyone's items, unpublished ones included (editor and up). */
export function mayEditOthers(viewer: Viewer): boolean {
  return has(viewer, EDITS_OTHERS);
}

/**
 * May change or trash `item`: editors any; authors their own; contributors their own while it
 * is a draft or pending review.
 */
export function mayEdit(viewer: Viewer, item: OwnedItem): boolean {
  if (mayEditOthers(viewer)) return true;
  if (!owns(viewer, item)) return false;
  if (viewer.role === 'author') return true;
  return viewer.role === 'contributor' && UNPUBLISHED.includes(item.status);
}

/**
 * May read `item` whatever its status (its effective status is not `publish`): editors any,
 * contributors and authors their own.
 */
export function mayReadUnpublished(viewer: Viewer, item: OwnedItem): boolean {
  return mayEditOthers(viewer) || (mayWrite(viewer) && owns(viewer, item));
}

/** May give an item to user `author` (editors: anyone; others only themselves). */
export function mayAssignAuthor(viewer: Viewer, author: number): boolean {
  return mayEditOthers(viewer) || author === viewer.userId;
}

/** May create, rename and delete terms: categories author and up, tags editor and up. */
export function mayManageTerms(viewer: Viewer, taxonomy: Taxonomy): boolean {
  return has(viewer, taxonomy === 'tribe_events_cat' ? PUBLISHES : EDITS_OTHERS);
}

/**
 * The status a write stores as far as rights go (TEC `scale_back_post_status`): roles that may
 * publish keep what they ask for (`publish` on a create that asks for none); the others get
 * `pending` for a publishing status and `draft` on a create that asks for none. `undefined`
 * (an update that names no status) stays undefined.
 */
export function scaledStatus(
  viewer: Viewer,
  requested: PostStatus | undefined,
  creating: boolean,
): PostStatus | undefined {
  if (mayPublish(viewer)) return requested ?? (creating ? 'publish' : undefined);
  if (requested === undefined) return creating ? 'draft' : undefined;
  return PUBLISHING.includes(requested) ? 'pending' : requested;
}

/** Throws unless `author` (when a write names one) may be given by `viewer`. */
export function requireAuthorChoice(viewer: Viewer, author: number | undefined): void {
  if (author !== undefined) requireRight(viewer, mayAssignAuthor(viewer, author));
}

/** Throws unless `allowed`: 401 for a caller without a token, 403 for one with. */
export function requireRight(viewer: Viewer, allowed: boolean): void {
  if (allowed) return;
  if (viewer.userId === null) throw new NotAuthenticatedError({ reason: 'reason.auth-missing' });
  throw new DomainError('forbidden');
}
