import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { createPool, type Pool } from 'mysql2/promise';
import { AppConfig } from '../../../config/app-config';
import { databaseKind, driverUrl } from '../../../database/data-source.options';
import { Visibility } from '../../../access/visibility';
import type { EventListFilter } from '../../listing/event-list.repository';
import { searchTokens } from '../full-text';
import { ENGINE_LANGUAGE_CODES, foldedCharacter, statusCode } from './sphinx-index';
import { OwnConnection } from './own-connection';
import { markOf, markQuery, SearchFeed } from './search-feed';

/** A page of a search as the engine read it: ids, starts (ms) and the exact total. */
export interface EngineRows {
  readonly ids: readonly number[];
  readonly starts: readonly number[];
  readonly total: number;
}

/** Where the engine is: `sphinx://host:port/index`. */
export interface EngineAddress {
  readonly host: string;
  readonly port: number;
  readonly index: string;
}

/** `SEARCH_ENGINE_URL` read (its form is checked by the configuration). */
export function engineAddress(url: string): EngineAddress {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: parsed.port === '' ? 9306 : Number(parsed.port),
    index: parsed.pathname.replace(/^\//, '') || 'events',
  };
}

/**
 * A search word as the index holds words (lower case, without marks), or undefined when it
 * has a letter the index does not read as one (past U+1FFF): such a search reads the database.
 */
export function engineWord(token: string): string | undefined {
  let word = '';
  for (const character of token) {
    const folded = foldedCharacter(character.codePointAt(0) ?? 0);
    if (folded === undefined) return undefined;
    word += String.fromCodePoint(folded);
  }
  return word;
}

/**
 * The statuses of `visibility` as an index expression (true of the documents it shows). An
 * author's own items (`own`) come with an author's own protected text, which the database
 * searches; so does such a list.
 */
function visibleExpression(visibility: Visibility, now: number): string | undefined {
  const parts: string[] = [];
  const { statuses } = visibility;
  const plain = [...statuses].filter((s) => s !== 'publish' && s !== 'future').map(statusCode);
  if (plain.length > 0) parts.push(`IN(status,${plain.join(',')})`);
  const future = statusCode('future');
  if (statuses.has('publish')) {
    parts.push(`status=${statusCode('publish')}`, `(status=${future} AND date_ms<=${now})`);
  }
  if (statuses.has('future')) parts.push(`(status=${future} AND date_ms>${now})`);
  return parts.length > 0 ? parts.join(' OR ') : undefined;
}

/**
 * How a search's engine query takes each field of a list's filter: as a condition of its own
 * (`engine`), or not at all, so that a search with the field set reads the database
 * (`database`; `database when true` for a flag whose `false` filters nothing). Every field of
 * `EventListFilter` is named, so a filter added to lists fails to compile until it is placed.
 */
const FILTER_ROUTES = {
  visibility: 'engine',
  now: 'engine',
  startFrom: 'engine',
  endUntil: 'engine',
  startsBefore: 'engine',
  startsAfter: 'engine',
  endsBefore: 'engine',
  endsAfter: 'engine',
  endsFrom: 'engine',
  featured: 'engine',
  include: 'engine',
  search: 'engine',
  categoryIds: 'engine',
  tagIds: 'engine',
  venueIds: 'engine',
  organizerIds: 'engine',
  nearVenueIds: 'engine',
  postParent: 'database',
  // `false` is a filter too: events without a venue with coordinates.
  geoloc: 'database',
  modifiedAfter: 'database',
  modifiedBefore: 'database',
  byModified: 'database',
  firstOfSeries: 'database when true',
  seriesOnly: 'database when true',
} as const satisfies Record<keyof EventListFilter, 'engine' | 'database' | 'database when true'>;

const FILTER_FIELDS = Object.entries(FILTER_ROUTES) as [
  keyof EventListFilter,
  (typeof FILTER_ROUTES)[keyof EventListFilter],
][];

/** Whether `filter` sets a field the engine cannot apply (see {@link FILTER_ROUTES}). */
function databaseOnly(filter: EventListFilter): boolean {
  return FILTER_FIELDS.some(([field, route]) => {
    const value = filter[field];
    if (route === 'database') return value !== undefined;
    return route === 'database when true' && value === true;
  });
}

/** Window bounds and the index condition each is. */
const BOUNDS: readonly [keyof EventListFilter, string][] = [
  ['startFrom', 'start_ms>='],
  ['endUntil', 'end_ms<='],
  ['startsBefore', 'start_ms<'],
  ['startsAfter', 'start_ms>'],
  ['endsBefore', 'end_ms<'],
  ['endsAfter', 'end_ms>'],
  ['endsFrom', 'end_ms>='],
];

function ids(values: readonly number[]): string {
  return values.map((value) => Math.trunc(value)).join(',');
}

/**
 * Searches of event lists answered by Sphinx (`SEARCH_ENGINE_URL`, MySQL/MariaDB only; see
 * docs/decisions.md, "Searches on MySQL/MariaDB go to Sphinx"). A search it cannot answer
 * exactly (a filter it does not hold, an author's own protected text, an index not yet
 * current, an engine that fails) gets `undefined`, and the list reads the database as before.
 */
@Injectable()
export class SearchEngine implements OnApplicationShutdown {
  private readonly pool?: Pool;
  private readonly feed?: SearchFeed;
  /** The database, for the category tree (a connection of its own, not the feed's). */
  private readonly database?: OwnConnection;
  private readonly index: string = 'events';
  private readonly timeoutMs: number;

  constructor(config: AppConfig) {
    this.timeoutMs = config.REQUEST_TIMEOUT_MS;
    const url = config.SEARCH_ENGINE_URL;
    const databaseUrl = config.DATABASE_URL;
    if (!url || !databaseUrl || databaseKind(config) === 'sqlite') return;
    const address = engineAddress(url);
    this.index = address.index;
    this.pool = createPool({
      host: address.host,
      port: address.port,
      connectionLimit: 4,
      multipleStatements: true,
      supportBigNumbers: true,
      connectTimeout: this.timeoutMs,
    });
    const database = { uri: driverUrl(databaseUrl), timezone: 'Z', supportBigNumbers: true };
    this.feed = new SearchFeed(this.pool, database, this.index, this.timeoutMs);
    this.database = new OwnConnection(database, this.timeoutMs);
  }

  /** Builds the index again from every event (`npm run search:rebuild`). */
  async rebuild(): Promise<void> {
    if (!this.feed) throw new Error('SEARCH_ENGINE_URL is not set (or the database is SQLite)');
    await this.feed.rebuild();
  }

  /**
   * Rows `offset` to `offset + limit` of the search `filter` in list order (start, then id),
   * with its total; undefined when the database must answer it.
   */
  async rows(
    filter: EventListFilter,
    offset: number,
    limit: number,
  ): Promise<EngineRows | undefined> {
    if (!this.pool || !this.feed) return undefined;
    try {
      const query = await this.statement(filter, offset, limit);
      if (query === undefined) return undefined;
      if (query === null) return { ids: [], starts: [], total: 0 };
      const mark = await this.feed.current();
      if (!mark) return undefined;
      const [results] = await this.pool.query({
        sql: `${query}; ${markQuery(this.index)}`,
        timeout: this.timeoutMs,
      });
      const [found, meta, marked] = results as unknown as [
        { event: number | string; start_ms: number | string }[],
        { Variable_name: string; Value: string }[],
        unknown,
      ];
      // A build that began after the mark was read may have emptied the index under the search.
      if (markOf(marked)?.generation !== mark.generation) return undefined;
      const total = meta.find((row) => row.Variable_name === 'total_found');
      return {
        ids: found.map((row) => Number(row.event)),
        starts: found.map((row) => Number(row.start_ms)),
        total: Number(total?.Value ?? 0),
      };
    } catch {
      // The engine (or the term tree's read) failed, or was slower than the deadline: the
      // database answers.
      return undefined;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.feed?.close();
    await this.database?.close();
    await this.pool?.end().catch(() => undefined);
  }

  /**
   * The SphinxQL batch of `filter`'s page and its meta; undefined when the engine cannot
   * answer it, null when nothing can match (an empty list of ids, no status visible).
   */
  private async statement(
    filter: EventListFilter,
    offset: number,
    limit: number,
  ): Promise<string | null | undefined> {
    const search = filter.search;
    if (!search || typeof search.protectedTextOf === 'number' || filter.visibility.own) {
      return undefined;
    }
    if (databaseOnly(filter)) return undefined;
    const words = searchTokens(search.words).map(engineWord);
    if (words.length === 0 || words.some((word) => word === undefined || word === '')) {
      return undefined;
    }
    const visible = visibleExpression(filter.visibility, filter.now.getTime());
    if (visible === undefined) return null;
    const fields = search.protectedTextOf === 'any' ? '@(title,body,pbody)' : '@(title,body)';
    const match = `${fields} ${words.map((word) => `${word}*`).join(' ')}`;
    const where = [
      `MATCH('${match}')`,
      `lang=${ENGINE_LANGUAGE_CODES[search.language]}`,
      'hidden=0',
      'visible=1',
    ];
    for (const [key, condition] of BOUNDS) {
      const value = filter[key];
      if (value instanceof Date) where.push(`${condition}${value.getTime()}`);
    }
    if (filter.featured !== undefined) where.push(`featured=${filter.featured ? 1 : 0}`);
    const venues = this.venues(filter);
    const lists: [string, readonly number[] | undefined][] = [
      ['event', filter.include],
      ['venue', venues],
      ['organizers', filter.organizerIds],
      ['terms', filter.categoryIds ? await this.subtrees(filter.categoryIds) : undefined],
      ['terms', filter.tagIds],
    ];
    for (const [attribute, values] of lists) {
      if (values === undefined) continue;
      if (values.length === 0) return null;
      where.push(`${attribute} IN (${ids(values)})`);
    }
    return (
      `SELECT event, start_ms, IF(${visible},1,0) AS visible FROM ${this.index} ` +
      `WHERE ${where.join(' AND ')} ORDER BY start_ms ASC, event ASC ` +
      `LIMIT ${Math.trunc(offset)},${Math.max(1, Math.trunc(limit))} ` +
      `OPTION max_matches=${Math.max(1, Math.trunc(offset + limit))}, ranker=none; SHOW META`
    );
  }

  /** The venues both venue filters allow (`venues` and a distance search's). */
  private venues(filter: EventListFilter): readonly number[] | undefined {
    const { venueIds, nearVenueIds } = filter;
    if (venueIds === undefined) return nearVenueIds;
    if (nearVenueIds === undefined) return venueIds;
    const near = new Set(nearVenueIds);
    return venueIds.filter((id) => near.has(id));
  }

  /** `termIds` and every category below them (the index holds each event's own terms). */
  private async subtrees(termIds: readonly number[]): Promise<number[]> {
    if (termIds.length === 0 || !this.database) return [];
    const rows = await this.database.rows<{ id: number }>(
      'WITH RECURSIVE below (id) AS (SELECT id FROM terms WHERE id IN (?) ' +
        'UNION SELECT t.id FROM terms t JOIN below b ON t.parent = b.id) SELECT id FROM below',
      [termIds],
    );
    return rows.map((row) => Number(row.id));
  }
}
