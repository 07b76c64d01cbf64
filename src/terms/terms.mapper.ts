import { Language } from '../common/i18n/language';
import { showText } from '../common/i18n/translated-text';
import { ApiLinks } from '../common/links/links';
import { EchoedParam, listLinks, ListLinks } from '../common/paging/list-links';
import {
  TermResponseDto,
  EmbeddedTermDto,
  TermLinksDto,
  TermUrlsDto,
} from './dto/term.response.dto';
import { TermEntity, Taxonomy } from './entities/term.entity';
import { collectionOf, isHierarchical, TermCollection } from './taxonomy';
import { TermPage, TermView } from './terms.service';

export type { TermView } from './terms.service';

/** What the mapper needs besides the term. */
export interface TermMapping {
  readonly language: Language;
  readonly links: ApiLinks;
}

/** A page of terms as the list body shows it (key order: docs/behaviour.md#lists). */
export type TermListBody<K extends TermCollection> = {
  rest_url: string;
  total: number;
  total_pages: number;
} & Record<K, TermResponseDto[]> & {
    next_rest_url?: string;
    previous_rest_url?: string;
  };

const TEXT_FIELDS = ['name', 'description'] as const;

/**
 * The public archive page of a term, relative to the site: `events/category/<ancestors>/<slug>/`
 * for categories, `tag/<slug>/` for tags.
 */
export function termPagePath(taxonomy: Taxonomy, path: readonly string[], slug: string): string {
  return isHierarchical(taxonomy)
    ? `events/category/${[...path, slug].join('/')}/`
    : `tag/${slug}/`;
}

/** `self`, `collection`, and `up` when the term has a parent. */
export function termUrls(term: TermEntity, links: ApiLinks): TermUrlsDto {
  const collection = `${links.namespace}/${collectionOf(term.taxonomy)}`;
  const urls: TermUrlsDto = { self: `${collection}/${term.id}`, collection };
  if (term.parent !== 0) urls.up = `${collection}/${term.parent}`;
  return urls;
}

/** The `_links` of a single term (TermLinksDto): TEC's, pointing to this service's routes. */
export function termLinks(term: TermEntity, links: ApiLinks): TermLinksDto {
  const urls = termUrls(term, links);
  const filter = isHierarchical(term.taxonomy) ? 'categories' : 'tags';
  return {
    self: [{ href: urls.self }],
    collection: [{ href: urls.collection }],
    ...(urls.up ? { up: [{ embeddable: true as const, href: urls.up }] } : {}),
    'wp:post_type': [{ href: `${links.namespace}/events?${filter}=${term.id}` }],
    curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
  };
}

function textOf(view: TermView, language: Language) {
  return showText(view.translations, TEXT_FIELDS, 'name', language, view.term.originalLanguage);
}

/** A category or tag as its own routes show it (docs/behaviour.md#categories-and-tags, then the language keys). */
export function toTermResponse(
  view: TermView,
  mapping: TermMapping,
  single = false,
): TermResponseDto {
  const { term } = view;
  const text = textOf(view, mapping.language);
  return {
    id: term.id,
    count: view.count,
    description: text.values.description,
    name: text.values.name,
    slug: term.slug,
    taxonomy: term.taxonomy,
    ...(isHierarchical(term.taxonomy) ? { parent: term.parent } : {}),
    meta: [],
    url: `${mapping.links.site}/${termPagePath(term.taxonomy, view.path, term.slug)}`,
    urls: termUrls(term, mapping.links),
    ...(single ? { _links: termLinks(term, mapping.links) } : {}),
    i18n_language: text.language,
    i18n_translations: text.translations,
  };
}

/** A category or tag embedded in an event (docs/behaviour.md#links-on-events, then the language keys). */
export function toEmbeddedTerm(view: TermView, mapping: TermMapping): EmbeddedTermDto {
  const { term } = view;
  const text = textOf(view, mapping.language);
  return {
    name: text.values.name,
    slug: term.slug,
    term_group: 0,
    term_taxonomy_id: term.id,
    taxonomy: term.taxonomy,
    description: text.values.description,
    parent: term.parent,
    count: view.count,
    filter: 'raw',
    id: term.id,
    urls: termUrls(term, mapping.links),
    i18n_language: text.language,
    i18n_translations: text.translations,
  };
}

/**
 * A list's links keeping its filters (docs/behaviour.md#lists): the link to page 1 carries no `page`,
 * `next_rest_url` exists while `page < total_pages` and `previous_rest_url` whenever
 * `page > 1`, past the end included.
 */
export function termListLinks(
  collection: string,
  echoed: readonly EchoedParam[],
  page: number,
  pages: number,
): ListLinks {
  const links = listLinks(collection, echoed, page, Math.max(pages, page));
  if (page === 1) {
    const url = new URL(links.rest_url);
    url.searchParams.delete('page');
    links.rest_url = url.toString();
  }
  return links;
}

/** A page of terms: `rest_url, total, total_pages, <collection>, next_rest_url?, previous_rest_url?`. */
export function toTermListResponse<K extends TermCollection>(
  collection: K,
  page: TermPage,
  echoed: readonly EchoedParam[],
  mapping: TermMapping,
): TermListBody<K> {
  const links = termListLinks(
    `${mapping.links.namespace}/${collection}/`,
    echoed,
    page.page,
    page.totalPages,
  );
  const body = {
    rest_url: links.rest_url,
    total: page.total,
    total_pages: page.totalPages,
    [collection]: page.items.map((view) => toTermResponse(view, mapping)),
    ...(links.next_rest_url !== undefined ? { next_rest_url: links.next_rest_url } : {}),
    ...(links.previous_rest_url !== undefined
      ? { previous_rest_url: links.previous_rest_url }
      : {}),
  };
  return body as TermListBody<K>;
}
