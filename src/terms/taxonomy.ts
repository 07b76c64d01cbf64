/** The taxonomies of the service, named as TEC names them on the wire. */
export const TAXONOMIES = ['tribe_events_cat', 'post_tag'] as const;
export type Taxonomy = (typeof TAXONOMIES)[number];

/** Event categories: hierarchical, served at `/categories`. */
export const CATEGORY: Taxonomy = 'tribe_events_cat';

/** Tags: flat, served at `/tags`. */
export const TAG: Taxonomy = 'post_tag';

/** The REST collection of each taxonomy, which is also the list body's key. */
export type TermCollection = 'categories' | 'tags';

const COLLECTIONS: Readonly<Record<Taxonomy, TermCollection>> = {
  tribe_events_cat: 'categories',
  post_tag: 'tags',
};

/** The path segment (and list key) a taxonomy is served under. */
export function collectionOf(taxonomy: Taxonomy): TermCollection {
  return COLLECTIONS[taxonomy];
}

/** Only categories have parents. */
export function isHierarchical(taxonomy: Taxonomy): boolean {
  return taxonomy === CATEGORY;
}

/** The slug base of a term whose name and requested slug leave no ASCII letter or digit. */
export function fallbackSlug(taxonomy: Taxonomy): string {
  return taxonomy === CATEGORY ? 'category' : 'tag';
}
