/** A query parameter echoed in list links, in order. */
export type EchoedParam = readonly [name: string, value: string];

/** The paging links of a list body. */
export interface ListLinks {
  rest_url: string;
  next_rest_url?: string;
  previous_rest_url?: string;
}

function withQuery(collection: string, params: readonly EchoedParam[]): string {
  const query = new URLSearchParams(
    params.map(([name, value]): [string, string] => [name, value]),
  ).toString();
  return query ? `${collection}?${query}` : collection;
}

/**
 * `rest_url` is the collection (trailing slash) with `page` and the effective query; the next
 * and previous links drop `page` and add the neighbour's, and page 1 carries no `page` at all.
 */
export function listLinks(
  collection: string,
  echoed: readonly EchoedParam[],
  page: number,
  pages: number,
): ListLinks {
  const links: ListLinks = { rest_url: withQuery(collection, [['page', String(page)], ...echoed]) };
  if (page < pages) {
    links.next_rest_url = withQuery(collection, [...echoed, ['page', String(page + 1)]]);
  }
  if (page > 1 && page - 1 <= pages) {
    links.previous_rest_url = withQuery(
      collection,
      page - 1 === 1 ? echoed : [...echoed, ['page', String(page - 1)]],
    );
  }
  return links;
}
