/** A term as the category tree needs it. */
export interface TreeNode {
  readonly parent: number;
  readonly slug: string;
}

/** Deepest category tree followed; deeper chains (or a corrupt cycle) are cut there. */
export const MAX_TREE_DEPTH = 64;

/**
 * The slugs of the ancestors above a term whose parent is `parent`, root first, as far as
 * `nodes` knows them. A cycle or a missing node ends the walk instead of looping.
 */
export function ancestorSlugs(parent: number, nodes: ReadonlyMap<number, TreeNode>): string[] {
  const slugs: string[] = [];
  const seen = new Set<number>();
  let current = parent;
  while (current !== 0 && !seen.has(current) && slugs.length < MAX_TREE_DEPTH) {
    seen.add(current);
    const node = nodes.get(current);
    if (!node) break;
    slugs.unshift(node.slug);
    current = node.parent;
  }
  return slugs;
}
