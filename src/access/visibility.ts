import { InvalidParamsError } from '../common/errors/domain-error';
import { POST_STATUSES, PostStatus } from '../posts/post-status';
import { mayEditOthers, mayWrite } from './rights';
import { Viewer } from './viewer';

/** What callers who may see unpublished items get when they ask for no status: all but trash. */
export const VISIBLE_TO_EDITORS: readonly PostStatus[] = POST_STATUSES.filter(
  (status) => status !== 'trash',
);

/**
 * Which events, venues or organizers a viewer's list holds: items of `statuses` whoever wrote
 * them, plus the viewer's own items of `own.statuses`. `publish` includes `future` items whose
 * date has passed.
 */
export interface Visibility {
  readonly statuses: ReadonlySet<PostStatus>;
  readonly own?: { readonly author: number; readonly statuses: ReadonlySet<PostStatus> };
}

/** A list's visibility and the statuses its links repeat. */
export interface ListVisibility {
  readonly visibility: Visibility;
  /** The statuses asked for (or the default), as the list's links echo them. */
  readonly statuses: readonly PostStatus[];
}

/**
 * The items a list shows `viewer` for the `status` parameter (README.md#access):
 * - callers who may not write (anonymous, subscribers) see published items only, and asking
 *   for another status is a bad parameter;
 * - editors and administrators see every item of the statuses asked for (default: all but
 *   trash);
 * - authors and contributors see published items, and their own items of the other statuses
 *   asked for; nobody else's drafts.
 */
export function listVisibility(
  requested: readonly string[] | undefined,
  viewer: Viewer,
): ListVisibility {
  if (!mayWrite(viewer)) {
    if (requested && requested.some((status) => status !== 'publish')) {
      throw InvalidParamsError.of('status', 'param.invalid');
    }
    return { visibility: { statuses: new Set(['publish']) }, statuses: ['publish'] };
  }
  const statuses =
    !requested || requested.length === 0 || requested.includes('any')
      ? [...VISIBLE_TO_EDITORS]
      : POST_STATUSES.filter((status) => requested.includes(status));
  if (mayEditOthers(viewer) || viewer.userId === null) {
    return { visibility: { statuses: new Set(statuses) }, statuses };
  }
  const others = statuses.filter((status) => status === 'publish');
  const own = statuses.filter((status) => status !== 'publish');
  return {
    visibility: {
      statuses: new Set(others),
      ...(own.length > 0 ? { own: { author: viewer.userId, statuses: new Set(own) } } : {}),
    },
    statuses,
  };
}

/** The events `viewer` may see at all: what `has_events` and `only_with_upcoming` count. */
export function visibleEvents(viewer: Viewer): Visibility {
  return listVisibility(undefined, viewer).visibility;
}
