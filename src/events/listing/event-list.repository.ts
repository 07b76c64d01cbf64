import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { Language } from '../../common/i18n/language';

import { UnitOfWork } from '../../database/unit-of-work';
import { PlainRows } from '../../database/plain-rows';

import { instantOf } from '../../database/sql-values';

import { Visibility } from '../../access/visibility';
import { whereVisible } from '../../posts/status-filter';

import { EventEntity } from '../entities/event.entity';
import { EventTranslationEntity } from '../entities/event-translation.entity';

import { EventTermListingEntity } from '../entities/event-term-listing.entity';

import { rowsForcingListing, rowsOnAuthorIndex } from './listing-index';
import { countOwnEvents, whereOwn } from './own-events';
import { seekStart } from './page-seek';
import { SearchEngine } from '../search/engine/search-engine';
import { dayStart, pendingOf, sumWholeDays, utcDay, WindowPlan, windowPlan } from './window-total';

import {
  booleanModeQuery,
  fts5Query,
  MYSQL_MIN_INDEXED_LENGTH,
  searchTokens,
} from '../search/full-text';
import {
  containsPattern,
  mysqlSearchMatch,
  SEARCH_FIELDS,
  SearchField,
  sqliteSearchMatch,
} from '../search/search-match';

/**
 * How the parts of a total that few writes change are computed: as given (`COMPUTED_PARTS`), or
 * kept in the read cache while only other writes happen.
 */
export interface TotalParts {
  /**
   * The part that only occurrences of recurring series change (the read cache's `SERIES_ONLY`
   * values), kept while only events outside any series are written.
   */
  readonly seriesPart: (compute: () => Promise<number>) => Promise<number>;
  /**
   * The scheduled events of the window of `filter` whose date is still to come (in the day
   * counts, not yet in the list): only writes of scheduled events (the read cache's `SCHEDULED`
   * values) and the clock (when one goes live) change them.
   */
  readonly pending: <T>(
    filter: EventListFilter,
    what: string,
    compute: () => Promise<T>,
  ) => Promise<T>;
  /**
   * A part of a window total that only writes of events that started or start on one of `days`
   * (UTC, `YYYY-MM-DD`, at most `MAX_WINDOW_DAYS`) change: the exact count of the first or the
   * last day (`what` tells the parts of one `filter` apart), or the day counts of a block of the
   * whole days between, kept while only writes of events on other days happen.
   */
  readonly days: <T>(
    filter: EventListFilter,
    what: string,
    days: readonly string[],
    compute: () => Promise<T>,
  ) => Promise<T>;
}

/** Every part of a total computed as it is asked for. */
export const COMPUTED_PARTS: TotalParts = {
  seriesPart: (compute) => compute(),
  pending: (filter, what, compute) => compute(),
  days: (filter, what, days, compute) => compute(),
};

/** Which events a list asks for; every bound is a UTC instant. */
export interface EventListFilter {
  /** The events the viewer's list may hold, by status and author. */
  readonly visibility: Visibility;
  readonly now: Date;
  readonly startFrom?: Date;
  readonly endUntil?: Date;
  readonly startsBefore?: Date;
  readonly startsAfter?: Date;
  readonly endsBefore?: Date;
  readonly endsAfter?: Date;
  /** End at or after (the window totals' last-day counts). */
  readonly endsFrom?: Date;
  readonly featured?: boolean;
  readonly include?: readonly number[];
  readonly postParent?: number;
  readonly search?: {
    readonly words: readonly string[];
    readonly language: Language;
    /**
     * Whose password-protected events a search may match by their hidden text (description
     * and excerpt): everyone's (`any`, editors), this author's, or nobody's (`none`). Other
     * protected events match by title only, so their text cannot be guessed a query at a time.
     */
    readonly protectedTextOf: 'any' | 'none' | number;
  };
  /** Events filed under any of these categories or a category below one of them. */
  readonly categoryIds?: readonly number[];
  readonly tagIds?: readonly number[];
  readonly venueIds?: readonly number[];
  readonly organizerIds?: readonly number[];
  /** true: the venue has coordinates; false: it has none, or there is no venue. */
  readonly geoloc?: boolean;
  /** Events at one of these venues (the result of a distance search; may be empty). */
  readonly nearVenueIds?: readonly number[];
  /** Only events last modified after / before these instants (exclusive). */
  readonly modifiedAfter?: Date;
  readonly modifiedBefore?: Date;
  /** By last modification, then id, instead of by start (`orderby=modified`). */
  readonly byModified?: { readonly descending: boolean };
  /**
   * Of each series, only its first occurrence the list holds (`hide_subsequent_recurrences`):
   * none of the series' listed occurrences starts before it within the window.
   */
  readonly firstOfSeries?: boolean;
  /** Only occurrences of recurring series (a part of the total of `firstOfSeries`). */
  readonly seriesOnly?: boolean;
}

/** A page of a list as its ids (see EventListRepository.findPageIds). */
export interface PageIds {
  readonly ids: readonly number[];
  /** The list's total, when the page's query counted it. */
  readonly total: number | null;
  /** The start of the page's last row, for a list in start order that is not empty. */
  readonly lastStart?: Date;
}

/**
 * The first rows of a list in start order, as far as one query reads them, and its total: the
 * ids and starts (ms) of each row, side by side.
 */
export interface ListHead {
  readonly ids: readonly number[];
  readonly starts: readonly number[];
  readonly total: number | null;
}

/** The rows an event list is read from (`EventsRepository.listSource`). */
interface ListSource {
  readonly query: SelectQueryBuilder<ObjectLiteral>;
  /** The alias of the rows that carry the listing columns: `e` (events) or `l` (listing rows). */
  readonly rows: string;
  /** The event id of a row, as a property path. */
  readonly id: string;
  /** Whether one event can be on several rows (a filter on several terms). */
  readonly repeated: boolean;
  /** Whether the rows are read through `idx_events_listing`, named (MySQL/MariaDB). */
  readonly walksListing: boolean;
  /** Whether they are the viewer's own events alone, read on `idx_events_author`. */
  readonly ownOnly: boolean;
}

/**
 * The most start days of events ending on a window's last day that a total counts one by one;
 * past it (events of many lengths ending that day), the window is counted row by row.
 */
const MAX_EXACT_DAYS = 31;

/**
 * `ids` for an `IN (...)` list; an empty list (a filter such as `venue=%20` that names nothing)
 * becomes `[0]`, an id nothing has: MySQL refuses `IN ()`.
 */
function idsOrNone(ids: readonly number[]): number[] {
  return ids.length > 0 ? [...ids] : [0];
}

/** Events read whole by id, without the query builder (the items of every page). */
const EVENT_ROWS = new PlainRows(EventEntity);

/**
 * The only place that reads event lists in SQL: a page of a filter in list order (from the
 * listing rows or the events' own indexes), its total (from the day counts where the filter
 * allows, else an index range), and the next instant a scheduled event goes live.
 */
@Injectable()
export class EventListRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly unit: UnitOfWork,
    private readonly engine: SearchEngine,
  ) {}

  /** Whether the database is SQLite (its plans and full-text index differ from MySQL's). */
  private get sqlite(): boolean {
    return this.dataSource.options.type === 'better-sqlite3';
  }

  /**
   * The earliest publication date after `after` of a scheduled (`future`) event, if any: when
   * such an event goes live by the clock alone (read from `idx_events_scheduled`).
   */
  async findNextScheduledAfter(after: Date): Promise<Date | null> {
    const next = await this.unit.manager
      .createQueryBuilder(EventEntity, 'e')
      .select(['e.id', 'e.dateUtc'])
      .where(`e.status = 'future'`)
      .andWhere('e.dateUtc > :after', { after })
      .orderBy('e.dateUtc', 'ASC')
      .limit(1)
      .getOne();
    return next?.dateUtc ?? null;
  }

  /**
   * The scheduled (`future`) events whose date is in `(after, upTo]`, those that went live then
   * by the clock alone, up to `limit` of them (read from `idx_events_scheduled`).
   */
  async findGoneLive(
    after: Date,
    upTo: Date,
    limit: number,
  ): Promise<Pick<EventEntity, 'id' | 'seriesId' | 'startUtc' | 'venueId'>[]> {
    return this.unit.manager
      .createQueryBuilder(EventEntity, 'e')
      .select(['e.id', 'e.seriesId', 'e.startUtc', 'e.venueId'])
      .where(`e.status = 'future'`)
      .andWhere('e.dateUtc > :after', { after })
      .andWhere('e.dateUtc <= :upTo', { upTo })
      .orderBy('e.dateUtc', 'ASC')
      .limit(limit)
      .getMany();
  }

  /**
   * One page of events in list order (start, then id): the page's ids from the listing index
   * alone (a skipped row costs an index entry, not an event), then those events by id.
   */
  async findPage(filter: EventListFilter, offset: number, limit: number): Promise<EventEntity[]> {
    return this.findByIds((await this.pageOf(filter, offset, limit, false)).ids);
  }

  /** The events `ids`, in that order (ids of no event are left out). */
  async findByIds(ids: readonly number[]): Promise<EventEntity[]> {
    if (ids.length === 0) return [];
    const events = await EVENT_ROWS.where(this.unit.manager, 'id', ids);
    const byId = new Map(events.map((event) => [event.id, event]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * Whether `filter`'s total is best counted by its page's query ({@link findPageIds} with
   * `counting`): a search, whose page and count each run the full-text match over every
   * matching event, so one query is one pass instead of two. Other totals come from the day
   * counts or an index range, and read apart from the page.
   */
  countsWithPage(filter: EventListFilter): boolean {
    return filter.search !== undefined;
  }

  /**
   * The ids of one page of `filter` in list order, read from the listing index alone, and the
   * listing position (start) of its last row. With `counting`, the list's total is counted by
   * the same query where it can (`COUNT(*) OVER ()`, before the limit); `total` is null when it
   * is not (a filter on several terms, whose rows repeat events, or an empty page).
   */
  findPageIds(
    filter: EventListFilter,
    offset: number,
    limit: number,
    counting = false,
  ): Promise<PageIds> {
    return this.pageOf(filter, offset, limit, counting);
  }

  /**
   * The first `limit` rows of `filter` (a list in start order), with each row's start, and its
   * total where the same query can count it (as `findPageIds` with `counting`).
   */
  async findHead(filter: EventListFilter, limit: number): Promise<ListHead> {
    const rows = await this.pageRows(filter, 0, limit, true);
    return {
      ids: rows.ids,
      starts: rows.sortKeys.map((key) => instantOf(key).getTime()),
      total: rows.total,
    };
  }

  private async pageOf(
    filter: EventListFilter,
    offset: number,
    limit: number,
    counting: boolean,
  ): Promise<PageIds> {
    const { ids, sortKeys, total } = await this.pageRows(filter, offset, limit, counting);
    const last = sortKeys[sortKeys.length - 1];
    return {
      ids,
      total,
      ...(last !== undefined && !filter.byModified ? { lastStart: instantOf(last) } : {}),
    };
  }

  /** The ids of one page of `filter` and the value each is ordered by, and the total if counted. */
  private async pageRows(
    filter: EventListFilter,
    offset: number,
    limit: number,
    counting: boolean,
  ): Promise<{ ids: number[]; sortKeys: unknown[]; total: number | null }> {
    // A search the engine answers (search/engine/search-engine.ts) reads no table here.
    const found = filter.search ? await this.engine.rows(filter, offset, limit) : undefined;
    if (found) {
      return {
        ids: [...found.ids],
        sortKeys: found.starts.map((start) => new Date(start)),
        total: found.total,
      };
    }
    const source = this.listSource(filter);
    const [sortColumn, direction] = filter.byModified
      ? ['e.modifiedUtc', filter.byModified.descending ? ('DESC' as const) : ('ASC' as const)]
      : [`${source.rows}.startUtc`, 'ASC' as const];
    // A window function counts rows before DISTINCT removes repeated events.
    const counted = counting && !source.repeated;
    const query = source.query.select(source.id, 'id').addSelect(sortColumn, 'sort_key');
    if (counted) query.addSelect('COUNT(*) OVER ()', 'total');
    query
      .distinct(source.repeated)
      .orderBy(sortColumn, direction)
      .addOrderBy(source.id, direction)
      .offset(offset)
      .limit(limit);
    type Row = { id: number | string; sort_key: unknown; total?: number | string };
    const rows = source.walksListing
      ? await rowsForcingListing<Row>(this.unit.manager, query)
      : source.ownOnly
        ? await rowsOnAuthorIndex<Row>(this.unit.manager, query)
        : await query.getRawMany<Row>();
    const total = counted && rows[0] !== undefined ? Number(rows[0].total) : null;
    return {
      ids: rows.map((row) => Number(row.id)),
      sortKeys: rows.map((row) => row.sort_key),
      total,
    };
  }

  /**
   * How many events match `filter`: from the day counts and two days' exact counts where
   * `windowPlan` allows it, else counted on the listing index that drives the list.
   */
  async countMatches(filter: EventListFilter, parts: TotalParts = COMPUTED_PARTS): Promise<number> {
    const found = filter.search ? await this.engine.rows(filter, 0, 1) : undefined;
    if (found) return found.total;
    if (filter.firstOfSeries) return this.countFirstOfSeries(filter, parts);
    const plan = windowPlan(filter);
    return plan ? this.countWindow(filter, plan, parts) : this.countRows(filter);
  }

  /**
   * The total of a list of first occurrences (`hide_subsequent_recurrences`). For a window the
   * day counts can count without a term filter (`windowPlan`): the window's events outside any
   * series (its total less its occurrences, both from the day counts) plus one for each series
   * whose first listed occurrence from the window's start lies in the window, found series by
   * series (`countSeriesFirsts`), so no scan grows with the occurrences in the window. The
   * series part (first occurrences less occurrences) reads occurrences alone, so it goes through
   * `parts.seriesPart`, which may keep it while only events outside any series are written. Other
   * lists are counted row by row.
   */
  private async countFirstOfSeries(filter: EventListFilter, parts: TotalParts): Promise<number> {
    const all: EventListFilter = { ...filter, firstOfSeries: undefined };
    const plan = windowPlan(all);
    const seriesPlan = windowPlan({ ...all, seriesOnly: true });
    if (!plan || plan.termId !== 0 || !seriesPlan) return this.countRows(filter);
    const [total, seriesPart] = await Promise.all([
      this.countWindow(all, plan, parts),
      parts.seriesPart(async () => {
        const [occurrences, firsts] = await Promise.all([
          this.countWindow({ ...all, seriesOnly: true }, seriesPlan, parts),
          this.countSeriesFirsts(all),
        ]);
        return firsts - occurrences;
      }),
    ]);
    return total + seriesPart;
  }

  /**
   * How many series have their first listed occurrence from `filter`'s start (the one
   * `whereFirstOfSeries` keeps) among `filter`'s events: one probe of `idx_events_series` per
   * series (their ids read from the same index, one entry a series). The probe reads the first
   * occurrence's end from the index itself; with a `featured` filter the occurrence is read by
   * its id.
   */
  private async countSeriesFirsts(filter: EventListFilter): Promise<number> {
    const featured = filter.featured !== undefined;
    const first = this.unit.manager
      .createQueryBuilder()
      .subQuery()
      .select(featured ? 's.id' : 's.endUtc')
      .from(EventEntity, 's')
      .where('s.seriesId = h.sid')
      .andWhere('s.hideFromListings = :hidden')
      .andWhere('s.status IN (:...seriesStatuses)')
      .andWhere('s.startUtc >= :startFrom')
      .orderBy('s.startUtc', 'ASC')
      .addOrderBy('s.endUtc', 'ASC')
      .addOrderBy('s.id', 'ASC')
      .limit(1)
      .getQuery();
    const heads = '(SELECT DISTINCT series_id AS sid FROM events WHERE series_id IS NOT NULL)';
    const parameters = {
      seriesStatuses: this.listedStatuses(filter),
      hidden: false,
      startFrom: filter.startFrom,
      endUntil: filter.endUntil,
    };
    if (!featured) {
      const counted = await this.unit.manager
        .createQueryBuilder()
        .from(`(SELECT ${first} AS first_end FROM ${heads} h)`, 'f')
        .select('COUNT(*)', 'total')
        .where('f.first_end <= :endUntil')
        .setParameters(parameters)
        .getRawOne<{ total: number | string }>();
      return Number(counted?.total ?? 0);
    }
    // DISTINCT keeps the derived table from being merged into the outer query (MySQL), so the
    // series are probed first and each first occurrence is then read by its id.
    const from = this.unit.manager
      .createQueryBuilder()
      .from(`(SELECT DISTINCT ${first} AS first_id FROM ${heads} h)`, 'f')
      .innerJoin(EventEntity, 'e', 'e.id = f.first_id')
      .where('1 = 1')
      .setParameters(parameters);
    const counted = await this.listSource(filter, true, from)
      .query.select('COUNT(*)', 'total')
      .getRawOne<{ total: number | string }>();
    return Number(counted?.total ?? 0);
  }

  /** Where a page at `offset` of `filter` can start reading (`seekStart`). */
  seekStart(
    filter: EventListFilter,
    offset: number,
    parts: TotalParts,
  ): Promise<{ from: Date; before: number } | undefined> {
    return seekStart(filter, offset, parts, {
      manager: this.unit.manager,
      countRows: (part) => this.countRows(part),
      startsPerDay: (part) => this.startsPerDay(part),
    });
  }

  /** How many rows of `filter` start on each UTC day (`[day, rows]`, days with none left out). */
  private async startsPerDay(filter: EventListFilter): Promise<[string, number][]> {
    const source = this.listSource(filter, true);
    const rows = await source.query
      .select(`SUBSTR(${source.rows}.startUtc, 1, 10)`, 'day')
      .addSelect('COUNT(*)', 'events')
      .groupBy('day')
      .getRawMany<{ day: string; events: number | string }>();
    return rows.map((row) => [row.day, Number(row.events)]);
  }

  /** How many of the viewer's own events `filter` holds (`countOwnEvents`). */
  countOwn(filter: EventListFilter): Promise<number> {
    return countOwnEvents(this.unit.manager, filter, this.sqlite);
  }

  private async countRows(filter: EventListFilter): Promise<number> {
    const source = this.listSource(filter, true);
    const counted = await source.query
      .select(source.repeated ? 'COUNT(DISTINCT l.event_id)' : 'COUNT(*)', 'total')
      .getRawOne<{ total: number | string }>();
    return Number(counted?.total ?? 0);
  }

  /**
   * `filter`'s total by `plan`: the first and the last day of the window counted exactly; the
   * whole days between summed from `event_day_counts` for the events that end before the last
   * day, less the scheduled ones still to be published where the list does not show them
   * (through `parts.pending`, which may keep them); those that end on the last day counted
   * exactly, one start day at a time (the day counts say which days hold any).
   */
  private async countWindow(
    filter: EventListFilter,
    plan: WindowPlan,
    parts: TotalParts,
  ): Promise<number> {
    // Each part is kept apart (`parts.days`): a write of an event on one day of the window
    // counts that part again, the others stay.
    const firstPart: EventListFilter = { ...filter, startsBefore: plan.innerFrom };
    // An event ending by the window's end starts by then: the last day's range is closed.
    const lastPart: EventListFilter = {
      ...filter,
      startFrom: plan.lastFrom,
      startsBefore: dayStart(plan.lastFrom, 1),
    };
    // The exact counts read beside the day counts (on MySQL/MariaDB each on a pool connection
    // of its own; SQLite runs them one after the other): each is a short range of an index.
    const [sums, first, last, pending] = await Promise.all([
      sumWholeDays(this.unit.manager, plan, (what, days, compute) =>
        parts.days(filter, what, days, compute),
      ),
      parts.days(firstPart, 'first day', [utcDay(firstPart.startFrom ?? plan.innerFrom)], () =>
        this.countRows(firstPart),
      ),
      parts.days(lastPart, 'last day', [utcDay(plan.lastFrom)], () => this.countRows(lastPart)),
      // Scheduled events whose date is still to come: in the day counts, not yet in a list
      // of published events. (A scan of every such event: 20,000 of the 1M seeded, 7-11 ms of
      // a cold read's 20.) A list that shows them sums them and takes nothing off.
      plan.lessPending
        ? parts.pending(filter, 'part', () => this.countRows(pendingOf(filter, plan)))
        : 0,
    ]);
    const summed = Number(sums.summed);
    // At most MAX_EXACT_DAYS days of ten characters, well within GROUP_CONCAT's default 1,024;
    // a list cut shorter by a server set lower than that is counted row by row instead.
    const endingDays = Number(sums.endingDays);
    const endingLast = sums.ending ? sums.ending.split(',') : [];
    if (endingDays > MAX_EXACT_DAYS || endingLast.length !== endingDays) {
      return this.countRows(filter);
    }
    // Usually one or two days, read one after the other: a window total holds at most four pool
    // connections at once (a first-occurrences total, whose series part is counted beside it,
    // nine; its series part is usually kept, see `countFirstOfSeries`).
    let ending = 0;
    for (const day of endingLast) {
      const from = new Date(`${day}T00:00:00.000Z`);
      const part: EventListFilter = {
        ...filter,
        startFrom: from,
        startsBefore: dayStart(from, 1),
        endsFrom: plan.lastFrom,
      };
      ending += await parts.days(part, 'ending', [day], () => this.countRows(part));
    }
    return summed - pending + first + last + ending;
  }

  /**
   * The rows an event list reads (`counting`: for its total). With a category or tag filter,
   * the term's listing rows (`event_term_listing`), which hold its events (subcategories
   * included) in list order; otherwise `events` through `idx_events_listing`. The events table is joined only for the
   * filters on columns the listing rows do not copy.
   */
  private listSource(
    filter: EventListFilter,
    counting = false,
    from?: SelectQueryBuilder<ObjectLiteral>,
  ): ListSource {
    const drivingKey = filter.categoryIds ? 'categoryIds' : filter.tagIds ? 'tagIds' : undefined;
    const driving = drivingKey ? filter[drivingKey] : undefined;
    // Filters on event columns that another index of `events` serves (venue, parent, modified
    // dates, series) or that start elsewhere (a search's matches).
    const servedElsewhere =
      filter.postParent !== undefined ||
      filter.venueIds !== undefined ||
      filter.geoloc !== undefined ||
      filter.nearVenueIds !== undefined ||
      filter.search !== undefined ||
      filter.modifiedAfter !== undefined ||
      filter.modifiedBefore !== undefined ||
      filter.byModified !== undefined ||
      filter.seriesOnly === true;
    const needsEvent = servedElsewhere || filter.firstOfSeries === true;
    let query: SelectQueryBuilder<ObjectLiteral>;
    let rows: string;
    let id: string;
    if (driving) {
      rows = 'l';
      id = 'l.eventId';
      query = this.unit.manager
        .createQueryBuilder()
        .from(EventTermListingEntity, 'l')
        .where('l.termId IN (:...drivingTerms)', {
          drivingTerms: driving.length > 0 ? [...driving] : [0],
        });
      if (needsEvent) query.innerJoin(EventEntity, 'e', 'e.id = l.eventId');
    } else {
      rows = 'e';
      id = 'e.id';
      query = from ?? this.unit.manager.createQueryBuilder().from(EventEntity, 'e').where('1 = 1');
    }
    // Counting scheduled events only (a window total's correction), or the events of a few
    // organizers, their own index is the short way (status and date; the organizer links); so
    // are the primary keys of events named by id (`include`: a sync's changed events). `+`
    // keeps SQLite's planner from walking the listing index's whole window instead (100 ms at
    // 1M events for a sync page of 50 ids). A page keeps the listing index: it stops at the
    // page's last row.
    const { statuses, own } = filter.visibility;
    const scheduledOnly = statuses.size === 1 && statuses.has('future') && !own;
    // A search on SQLite starts from the events its full-text match found (by id), not from the
    // window on the listing index with each event looked up in the match: 1M events, 56,000 of
    // them matching `jazz`, 170 ms instead of 470 (a search reads all its matches for its total).
    const searchFirst = filter.search !== undefined && this.sqlite;
    const otherIndex =
      scheduledOnly ||
      (!driving && (filter.include !== undefined || searchFirst)) ||
      (counting && !driving && filter.organizerIds !== undefined);
    query.andWhere(`${otherIndex ? '+ ' : ''}${rows}.hideFromListings = :hidden`, {
      hidden: false,
    });
    // Rows read from `events` by start, on one of its indexes. A list of the viewer's own
    // events alone (an author's drafts) reads them on `idx_events_author`, a range per status
    // within the author's events, and sorts them: the listing index would walk everyone's
    // events in the window to find them (`rowsOnAuthorIndex` forces it).
    const eventsIndexed =
      !driving &&
      from === undefined &&
      !otherIndex &&
      !servedElsewhere &&
      filter.organizerIds === undefined;
    const ownOnly = eventsIndexed && statuses.size === 0 && (own?.statuses.size ?? 0) > 0;
    // Any other list that walks `idx_events_listing` names it on MySQL/MariaDB. Left to choose,
    // MariaDB reads the index by its first column alone (`ref` on the hidden flag) when a page
    // is ordered and limited, and walks every past event before the window's start (1M
    // events: 38,000 entries and 6 ms for page 1, a number that grows with the calendar's
    // history); named, it reads the range from the window's start (10 entries). A page forces
    // it (`rowsForcingListing`).
    const walksListing = eventsIndexed && !ownOnly;
    if (walksListing && !this.sqlite) query.useIndex('idx_events_listing');
    if (ownOnly && !this.sqlite) query.useIndex('idx_events_author');
    if (ownOnly && own) whereOwn(query, own, filter.now);
    else whereVisible(query, rows, filter.visibility, filter.now, scheduledOnly);
    const bounds: [keyof EventListFilter, string][] = [
      ['startFrom', 'startUtc >= :startFrom'],
      ['endUntil', 'endUtc <= :endUntil'],
      ['startsBefore', 'startUtc < :startsBefore'],
      ['startsAfter', 'startUtc > :startsAfter'],
      ['endsBefore', 'endUtc < :endsBefore'],
      ['endsAfter', 'endUtc > :endsAfter'],
      ['endsFrom', 'endUtc >= :endsFrom'],
    ];
    for (const [key, condition] of bounds) {
      const value = filter[key];
      if (value instanceof Date) query.andWhere(`${rows}.${condition}`, { [key]: value });
    }
    if (filter.featured !== undefined) {
      query.andWhere(`${rows}.featured = :featured`, { featured: filter.featured });
    }
    if (filter.include) {
      query.andWhere(`${id} IN (:...include)`, { include: idsOrNone(filter.include) });
    }
    if (filter.postParent !== undefined) {
      query.andWhere('e.postParent = :postParent', { postParent: filter.postParent });
    }
    if (filter.modifiedAfter !== undefined) {
      query.andWhere('e.modifiedUtc > :modifiedAfter', { modifiedAfter: filter.modifiedAfter });
    }
    if (filter.modifiedBefore !== undefined) {
      query.andWhere('e.modifiedUtc < :modifiedBefore', { modifiedBefore: filter.modifiedBefore });
    }
    if (filter.search) this.whereSearch(query, id, filter.search);
    if (filter.firstOfSeries) this.whereFirstOfSeries(query, filter);
    if (filter.seriesOnly) query.andWhere('e.seriesId IS NOT NULL');
    this.whereLinked(query, id, filter, drivingKey);
    return {
      query,
      rows,
      id,
      repeated: (driving?.length ?? 0) > 1,
      walksListing: walksListing && !this.sqlite,
      ownOnly,
    };
  }

  /**
   * Leaves out an occurrence when an earlier one of its series is listed in the same window
   * (`idx_events_series`: the series' occurrences in start order).
   */
  private whereFirstOfSeries(
    query: SelectQueryBuilder<ObjectLiteral>,
    filter: EventListFilter,
  ): void {
    const earlier = query
      .subQuery()
      .select('1')
      .from(EventEntity, 's')
      .where('s.seriesId = e.seriesId')
      // Two occurrences starting together: the one ending first, then the lower id, comes first.
      .andWhere(
        '(s.startUtc < e.startUtc OR (s.startUtc = e.startUtc AND ' +
          '(s.endUtc < e.endUtc OR (s.endUtc = e.endUtc AND s.id < e.id))))',
      )
      .andWhere('s.hideFromListings = :hidden')
      .andWhere('s.status IN (:...seriesStatuses)');
    if (filter.startFrom) earlier.andWhere('s.startUtc >= :startFrom');
    if (filter.startsAfter) earlier.andWhere('s.startUtc > :startsAfter');
    if (filter.endsAfter) earlier.andWhere('s.endUtc > :endsAfter');
    query.andWhere(`(e.seriesId IS NULL OR NOT EXISTS ${earlier.getQuery()})`, {
      seriesStatuses: this.listedStatuses(filter),
    });
  }

  /** The statuses a list holds for anyone (bound where a series' earlier occurrences are read). */
  private listedStatuses(filter: EventListFilter): string[] {
    const { statuses, own } = filter.visibility;
    const listed = [...new Set([...statuses, ...(own?.statuses ?? [])])];
    return listed.length > 0 ? listed : [''];
  }

  /**
   * Link filters: OR within one filter's list, AND across filters. `id` is the event id of the
   * rows; `driving` the term filter the rows already apply.
   */
  private whereLinked(
    query: SelectQueryBuilder<ObjectLiteral>,
    id: string,
    filter: EventListFilter,
    driving: 'categoryIds' | 'tagIds' | undefined,
  ): void {
    const terms: ['categoryIds' | 'tagIds', readonly number[] | undefined][] = [
      ['categoryIds', filter.categoryIds],
      ['tagIds', filter.tagIds],
    ];
    for (const [name, ids] of terms) {
      if (!ids || name === driving) continue;
      query.andWhere(
        `EXISTS (SELECT 1 FROM event_term_listing lt_${name} WHERE lt_${name}.event_id = ${id} AND lt_${name}.term_id IN (:...${name}))`,
        { [name]: ids.length > 0 ? [...ids] : [0] },
      );
    }
    if (filter.venueIds) {
      query.andWhere('e.venueId IN (:...venueIds)', { venueIds: idsOrNone(filter.venueIds) });
    }
    if (filter.organizerIds) {
      query.andWhere(
        `${id} IN (SELECT eo.event_id FROM event_organizers eo WHERE eo.organizer_id IN (:...organizerIds))`,
        { organizerIds: idsOrNone(filter.organizerIds) },
      );
    }
    const located =
      'SELECT v.id FROM venues v WHERE v.geo_lat IS NOT NULL AND v.geo_lng IS NOT NULL';
    if (filter.geoloc === true) query.andWhere(`e.venueId IN (${located})`);
    if (filter.geoloc === false) {
      query.andWhere(`(e.venueId IS NULL OR e.venueId NOT IN (${located}))`);
    }
    if (filter.nearVenueIds) {
      const near = filter.nearVenueIds.length > 0 ? [...filter.nearVenueIds] : [0];
      query.andWhere('e.venueId IN (:...nearVenueIds)', { nearVenueIds: near });
    }
  }

  /**
   * Every search word must begin a word of the text a reader of the request's language sees:
   * field by field, the event's text in that language, else in its original language
   * (docs/behaviour.md#languages), through the full-text index of the database
   * (`search/full-text.ts`): on SQLite, the index's document of that text; on MySQL/MariaDB, a
   * match in either text, kept where the reader sees it (`mysqlSearchMatch`), and a word shorter
   * than InnoDB's indexed length matched as a substring of the text the reader sees instead.
   */
  private whereSearch(
    query: SelectQueryBuilder<ObjectLiteral>,
    id: string,
    search: NonNullable<EventListFilter['search']>,
  ): void {
    const { words, language, protectedTextOf } = search;
    const tokens = searchTokens(words);
    const indexed = this.sqlite
      ? tokens
      : tokens.filter((token) => token.length >= MYSQL_MIN_INDEXED_LENGTH);
    // A protected event whose text the viewer may not read matches by its title only. (A search
    // always has the event's row at hand: `listSource` joins it.)
    const hidden =
      protectedTextOf === 'any'
        ? null
        : `(e.passwordHash IS NOT NULL${protectedTextOf === 'none' ? '' : ' AND e.author <> :searchAuthor'})`;
    if (typeof protectedTextOf === 'number') query.setParameter('searchAuthor', protectedTextOf);
    if (indexed.length > 0 && !this.sqlite) query.setParameter('searchLanguage', language);
    indexed.forEach((token, index) => {
      const name = `searchToken${index}`;
      const match = (fields: readonly SearchField[]): string =>
        this.sqlite
          ? sqliteSearchMatch(id, name, fields, language)
          : mysqlSearchMatch(id, name, fields);
      const clause = hidden
        ? `(${match(SEARCH_FIELDS)} AND (NOT ${hidden} OR ${match(['title'])}))`
        : match(SEARCH_FIELDS);
      const parameters: Record<string, string> = {};
      if (this.sqlite) {
        parameters[name] = fts5Query([token]);
        for (const field of SEARCH_FIELDS) {
          parameters[`${name}_${field}`] = `${field} : ${fts5Query([token])}`;
        }
      } else {
        parameters[name] = booleanModeQuery([token]);
      }
      query.andWhere(clause, parameters);
    });
    const short = tokens.filter((token) => !indexed.includes(token));
    if (short.length > 0) this.whereContains(query, short, language, hidden);
  }

  /** Every word occurs in the title, description or excerpt a reader of `language` sees. */
  private whereContains(
    query: SelectQueryBuilder<ObjectLiteral>,
    words: readonly string[],
    language: Language,
    /** A condition true of events matched by their title only (see `whereSearch`). */
    titleOnly: string | null,
  ): void {
    query
      .leftJoin(
        EventTranslationEntity,
        'tr',
        'tr.eventId = e.id AND tr.language = :containsLanguage',
        { containsLanguage: language },
      )
      .leftJoin(
        EventTranslationEntity,
        'tro',
        'tro.eventId = e.id AND tro.language = e.originalLanguage',
      );
    words.forEach((word, index) => {
      const name = `word${index}`;
      const [title, ...text] = ['title', 'description', 'excerpt'].map(
        (field) => `COALESCE(tr.${field}, tro.${field}) LIKE :${name} ESCAPE '!'`,
      );
      const inText = `(${text.join(' OR ')})`;
      query.andWhere(`(${title} OR ${titleOnly ? `(NOT ${titleOnly} AND ${inText})` : inText})`, {
        [name]: containsPattern(word),
      });
    });
  }
}
