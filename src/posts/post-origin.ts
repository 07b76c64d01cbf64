import { ApiLinks } from '../common/links/links';

/**
 * Where an imported item came from (docs/behaviour.md#importing-from-the-events-calendar): the id
 * it had at its source, kept when no item here has it, and the global ids clients de-duplicate by,
 * shown instead of ours.
 */
export interface PostOrigin {
  readonly id: number;
  /** `""` when the source showed none: the item then shows one built from its id here. */
  readonly globalId: string;
  readonly globalIdLineage: readonly string[];
}

/** The origin columns an item is created with: its source's global ids, or none. */
export function originColumns(origin: PostOrigin | undefined): {
  globalId: string | null;
  globalIdLineage: string[] | null;
} {
  if (!origin || origin.globalId === '') return { globalId: null, globalIdLineage: null };
  return { globalId: origin.globalId, globalIdLineage: [...origin.globalIdLineage] };
}

/** What {@link globalIdsOf} reads of an item. */
interface GlobalIdColumns {
  readonly id: number;
  readonly globalId: string | null;
  readonly globalIdLineage: readonly string[] | null;
}

/**
 * `global_id` and `global_id_lineage`: an imported item's from its source, else the site's host
 * and path with the id, and a lineage of that one id.
 */
export function globalIdsOf(
  item: GlobalIdColumns,
  links: ApiLinks,
): { global_id: string; global_id_lineage: string[] } {
  const globalId = item.globalId ?? `${links.globalIdBase}?id=${item.id}`;
  return { global_id: globalId, global_id_lineage: [...(item.globalIdLineage ?? [globalId])] };
}
