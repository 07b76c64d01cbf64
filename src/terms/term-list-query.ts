import { EchoSpec, ListQuery, ListQueryReader } from '../common/paging/list-query';
import { ListTermsQueryDto } from './dto/list-terms.query.dto';

/** The query of a category list (`parent`) or a tag list (none): what a term list reads. */
export type TermListQueryDto = ListTermsQueryDto & { readonly parent?: number };

/** The filters of a term list, as validated by the query DTO. */
export interface TermListFilters {
  readonly hide_empty?: boolean;
  readonly search?: string;
  readonly include?: readonly string[];
  readonly exclude?: readonly string[];
  readonly order?: string;
  readonly orderby?: string;
  /** Categories only. */
  readonly parent?: number;
  readonly post?: number;
  readonly event?: number;
  readonly slug?: string;
}

/** A category or tag list request, read once from its validated query. */
export interface TermListQuery extends ListQuery {
  readonly filters: TermListFilters;
}

/**
 * The parameters a term list's links repeat as given, in that order, after `per_page` (empty
 * lists left out, as TEC's links leave them).
 */
const TERM_ECHO = {
  page: 'skip',
  per_page: 'skip',
  hide_empty: 'echo',
  search: 'echo',
  include: 'echo',
  exclude: 'echo',
  order: 'echo',
  orderby: 'echo',
  parent: 'echo',
  post: 'echo',
  event: 'echo',
  slug: 'echo',
  modified_after: 'echo',
  modified_before: 'echo',
  i18n_language: 'echo',
  sync_token: 'skip',
} as const satisfies EchoSpec<TermListQueryDto>;

/** The list request a validated category or tag list query makes. */
export function readTermList(lists: ListQueryReader, query: TermListQueryDto): TermListQuery {
  const { hide_empty, search, include, exclude, order, orderby, parent, post, event, slug } = query;
  return {
    ...lists.read(query, TERM_ECHO, { skipEmptyLists: true }),
    filters: { hide_empty, search, include, exclude, order, orderby, parent, post, event, slug },
  };
}
