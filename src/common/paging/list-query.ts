import { Injectable } from '@nestjs/common';
import { Zone } from 'luxon';
import { AppConfig } from '../../config/app-config';
import { Clock } from '../clock/clock';
import { siteZoneOf } from '../clock/site-zone';
import { readModifiedBounds, ModifiedBounds } from '../dates/modified-bounds';
import { EchoedParam, listLinks, ListLinks } from './list-links';
import { LIST_SIZES, PageSizes, totalPages } from './paging';

/** Which page of a list a request asks for, and where that page starts. */
export interface PageRequest {
  /** From 1. */
  readonly page: number;
  /** Items a page, clamped to the list's largest page. */
  readonly perPage: number;
  /** Items before this page: `(page - 1) * perPage`. */
  readonly offset: number;
}

/**
 * What every list request carries besides its own filters, read once from its validated query
 * DTO (docs/behaviour.md#lists): the page, the bounds on last modification, and the filters its
 * links repeat.
 */
export interface ListQuery {
  readonly paging: PageRequest;
  readonly modified: ModifiedBounds;
  /** The filters given, as the list's links repeat them after what the page itself decides. */
  readonly echo: readonly EchoedParam[];
}

/**
 * For every field of a list's query DTO, whether the list's links repeat it as given (`echo`)
 * or not (`skip`: paging, the status list and dates the links write as the list read them, a
 * password, a sync token). A mapped type over the DTO's keys, so a new parameter fails to
 * compile until it is placed; the object's key order is the order the links repeat them in.
 */
export type EchoSpec<Q> = { readonly [K in keyof Q]-?: 'echo' | 'skip' };

/** The query fields every list reads for its page and bounds. */
interface ListQueryFields {
  readonly page?: number;
  readonly per_page?: number;
  readonly modified_after?: string;
  readonly modified_before?: string;
}

/** A value given as a positive integer, or `fallback`. */
function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isInteger(value) && value >= 1 ? value : fallback;
}

/** `page` from 1 and `per_page` (the list's default when absent) clamped to its largest page. */
export function pageRequest(query: ListQueryFields, sizes: PageSizes): PageRequest {
  const page = positive(query.page, 1);
  const perPage = Math.min(positive(query.per_page, sizes.perPage), sizes.maxPerPage);
  return { page, perPage, offset: (page - 1) * perPage };
}

/**
 * The fields `spec` marks `echo`, in its order, as given: lists joined by commas; an empty list
 * is left out where `skipEmptyLists` (the term lists) and repeated empty elsewhere.
 */
export function echoOf<Q extends object>(
  query: Q,
  spec: EchoSpec<Q>,
  options: { skipEmptyLists?: boolean } = {},
): EchoedParam[] {
  const echoed: EchoedParam[] = [];
  for (const name of Object.keys(spec) as (keyof Q & string)[]) {
    if (spec[name] !== 'echo') continue;
    const value: unknown = query[name];
    if (Array.isArray(value) && value.length === 0 && options.skipEmptyLists) continue;
    const text = echoText(value);
    if (text !== undefined) echoed.push([name, text]);
  }
  return echoed;
}

/** A query value as a link repeats it: a list joined by commas; undefined when not given. */
function echoText(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.map((item) => echoText(item) ?? '').join(',');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** A page of a list, whatever its items, with what its links and headers need. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly page: number;
  readonly perPage: number;
  readonly total: number;
  readonly totalPages: number;
}

/** The page `paging` asked for, of `items` out of `total`. */
export function pageOf<T>(items: readonly T[], total: number, paging: PageRequest): Page<T> {
  return {
    items,
    page: paging.page,
    perPage: paging.perPage,
    total,
    totalPages: totalPages(total, paging.perPage),
  };
}

/** What a list body carries besides its items: its links (listLinks) and its totals. */
export type PageTail = ListLinks & { readonly total: number; readonly total_pages: number };

/**
 * The links and totals of `page` of the collection at `collection` (trailing slash), repeating
 * `echoed`: one builder for every list body.
 */
export function pageTail(
  collection: string,
  page: Page<unknown>,
  echoed: readonly EchoedParam[],
): PageTail {
  return {
    ...listLinks(collection, echoed, page.page, page.totalPages),
    total: page.total,
    total_pages: page.totalPages,
  };
}

/** Reads the part of a list request every list shares ({@link ListQuery}), in the site's zone. */
@Injectable()
export class ListQueryReader {
  private readonly siteZone: Zone;

  constructor(
    config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.siteZone = siteZoneOf(config);
  }

  /** The shared part of a list request whose validated query is `query`. */
  read<Q extends ListQueryFields>(
    query: Q,
    spec: EchoSpec<Q>,
    options: { sizes?: PageSizes; skipEmptyLists?: boolean } = {},
  ): ListQuery {
    return {
      paging: pageRequest(query, options.sizes ?? LIST_SIZES),
      modified: readModifiedBounds(query, this.siteZone, this.clock.now()),
      echo: echoOf(query, spec, options),
    };
  }
}
