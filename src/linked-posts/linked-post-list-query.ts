import { EchoSpec, ListQuery, ListQueryReader } from '../common/paging/list-query';
import { LinkedPostListQueryDto } from './dto/linked-post-list.query.dto';
import { searchWords } from './linked-post-search';

/** A venue or organizer list request, read once from its validated query. */
export interface LinkedPostListQuery extends ListQuery {
  /** The search's words (empty: no search). */
  readonly words: readonly string[];
  /** Only the items of this event. */
  readonly event?: number;
  readonly hasEvents?: boolean;
  readonly onlyWithUpcoming?: boolean;
  /** `orderby=modified`, with its direction; absent: newest first. */
  readonly byModified?: { readonly descending: boolean };
  /** The statuses asked for, before the viewer's rights decide. */
  readonly statuses?: readonly string[];
}

/**
 * The parameters a venue or organizer list's links repeat as given, in that order (after
 * `per_page` and the statuses the viewer may see, which the presenter writes).
 */
const LINKED_POST_ECHO = {
  page: 'skip',
  per_page: 'skip',
  status: 'skip',
  search: 'echo',
  event: 'echo',
  has_events: 'echo',
  only_with_upcoming: 'echo',
  modified_after: 'echo',
  modified_before: 'echo',
  orderby: 'echo',
  order: 'echo',
  i18n_language: 'echo',
  sync_token: 'skip',
} as const satisfies EchoSpec<LinkedPostListQueryDto>;

/**
 * Whether writes of events can change a list's answer: only through its filters on events
 * (`event`, `has_events`, `only_with_upcoming`). Without them a venue or organizer list shows
 * nothing of events, as a single read shows nothing (the read cache keeps both through event
 * writes: LINKED_ITEM).
 */
export function filtersByEvents(query: LinkedPostListQuery): boolean {
  return (
    query.event !== undefined ||
    query.hasEvents !== undefined ||
    query.onlyWithUpcoming !== undefined
  );
}

/** The list request a validated venue or organizer list query makes. */
export function readLinkedPostList(
  lists: ListQueryReader,
  query: LinkedPostListQueryDto,
): LinkedPostListQuery {
  return {
    ...lists.read(query, LINKED_POST_ECHO),
    words: searchWords(query.search),
    ...(query.event !== undefined ? { event: query.event } : {}),
    ...(query.has_events !== undefined ? { hasEvents: query.has_events } : {}),
    ...(query.only_with_upcoming !== undefined
      ? { onlyWithUpcoming: query.only_with_upcoming }
      : {}),
    ...(query.orderby?.trim().toLowerCase() === 'modified'
      ? { byModified: { descending: query.order?.trim().toLowerCase() !== 'asc' } }
      : {}),
    ...(query.status !== undefined ? { statuses: query.status } : {}),
  };
}
