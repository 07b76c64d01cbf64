import { DateTime, Zone } from 'luxon';
import { readDateParam } from './parse-date';

/** A list's bounds on the items' last modification, as instants. */
export interface ModifiedBounds {
  /** Only items modified after this instant (exclusive). */
  readonly modifiedAfter?: Date;
  /** Only items modified before this instant (exclusive). */
  readonly modifiedBefore?: Date;
}

/**
 * Reads `modified_after` and `modified_before` of a validated list query
 * (docs/behaviour.md#lists): every date form the service reads, naive ones in the site's zone,
 * taken as exact instants (no rounding to whole days, unlike the event window).
 */
export function readModifiedBounds(
  query: { readonly modified_after?: string; readonly modified_before?: string },
  zone: Zone,
  now: DateTime,
): ModifiedBounds {
  const read = (value: string | undefined): Date | undefined =>
    value === undefined ? undefined : readDateParam({ value }, 'value', zone, now)?.toJSDate();
  return { modifiedAfter: read(query.modified_after), modifiedBefore: read(query.modified_before) };
}
