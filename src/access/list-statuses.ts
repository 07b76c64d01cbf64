import { InvalidParamsError } from '../common/errors/domain-error';
import { POST_STATUSES, PostStatus } from '../events/entities/event.entity';
import { canSeeUnpublished, Viewer } from './viewer';

/** What editors see when they ask for no status in particular: everything but the trash. */
export const VISIBLE_TO_EDITORS: readonly PostStatus[] = POST_STATUSES.filter(
  (status) => status !== 'trash',
);

/**
 * The statuses a list of events, venues or organizers may show `viewer` for the `status`
 * parameter; asking for more than the viewer may see is a bad parameter (TEC §4).
 */
export function listStatuses(
  requested: readonly string[] | undefined,
  viewer: Viewer,
): PostStatus[] {
  if (!canSeeUnpublished(viewer)) {
    if (requested && requested.some((status) => status !== 'publish')) {
      throw InvalidParamsError.of('status', 'param.invalid');
    }
    return ['publish'];
  }
  if (!requested || requested.length === 0 || requested.includes('any')) {
    return [...VISIBLE_TO_EDITORS];
  }
  return POST_STATUSES.filter((status) => requested.includes(status));
}
