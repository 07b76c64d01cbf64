/** What a term list can be ordered by, once WordPress's `orderby` words are resolved. */
export type TermSortKey =
  'id' | 'name' | 'slug' | 'count' | 'description' | 'parent' | 'modified' | 'include';

export type SortDirection = 'ASC' | 'DESC';

/** The resolved ordering of a term list; ties are always broken by id in the same direction. */
export interface TermOrder {
  readonly key: TermSortKey;
  readonly direction: SortDirection;
}

const ORDERBY_KEYS: Readonly<Record<string, TermSortKey>> = {
  id: 'id',
  term_id: 'id',
  none: 'id',
  // Every term's group is 0, so only the id tie-break is left.
  term_group: 'id',
  name: 'name',
  slug__in: 'name',
  include_slugs: 'name',
  slug: 'slug',
  count: 'count',
  description: 'description',
  parent: 'parent',
  modified: 'modified',
  include: 'include',
};

/**
 * Resolves `orderby` and `order` as WordPress's term query does: known words in any case,
 * anything else orders by name; `include` orders by the include list only when one is given
 * (else by name); `order` is descending only for `desc` in any case.
 */
export function parseTermOrder(
  orderby: string | undefined,
  order: string | undefined,
  hasInclude: boolean,
): TermOrder {
  const known = orderby === undefined ? undefined : ORDERBY_KEYS[orderby.trim().toLowerCase()];
  const key = known === 'include' && !hasInclude ? 'name' : (known ?? 'name');
  const direction = order?.trim().toLowerCase() === 'desc' ? 'DESC' : 'ASC';
  return { key, direction };
}
