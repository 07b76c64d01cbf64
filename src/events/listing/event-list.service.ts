import { EventReader } from '../event-reader';
import { CacheHints } from '../../read-cache/cache-hints';
import { EventSeriesService } from '../recurrence/event-series.service';
import { readingFromPrimary } from '../../database/read-routing';
import { Injectable } from '@nestjs/common';
import { mayEditOthers, mayWrite, readsAsAnonymous } from '../../access/rights';
import { listVisibility, Visibility } from '../../access/visibility';
import { Viewer } from '../../access/viewer';
import { ChangeLog } from '../../changes/change-log';
import { SyncResult, syncResult } from '../../changes/sync';
import { Clock } from '../../common/clock/clock';
import { ModifiedBounds } from '../../common/dates/modified-bounds';
import { InvalidParamsError } from '../../common/errors/domain-error';
import { Language } from '../../common/i18n/language';
import { Page, PageRequest, pageOf } from '../../common/paging/list-query';
import { PostRegistry } from '../../posts/post-registry';
import { hiddenFromPublic } from '../../posts/post-status';
import { EventPageNotFoundError } from '../events.errors';
import { EventView } from '../events.mapper';
import {
  EventListFilter,
  EventListRepository,
  ListHead,
  PageIds,
  TotalParts,
} from './event-list.repository';
import { SEEK_FROM } from './page-seek';
import { EventRenderings, RenderContext } from './event-renderings';
import { EventResponseDto } from '../dto/event.response.dto';
import { ApiLinks } from '../../common/links/links';
import { EventDateBounds, EventListQuery } from './event-list-query';
import { EventLinksService } from '../links/event-links.service';
import { ReadCache } from '../../read-cache/read-cache';
import { KeptItem, Rendered } from '../../read-cache/live-answer';
import {
  dayKey,
  eventKey,
  EVERY_ANSWER,
  MAX_WINDOW_DAYS,
  organizerKey,
  SCHEDULED,
  searchKey,
  SERIES_ONLY,
  termKey,
  venueKey,
} from '../../read-cache/read-cache.store';
import { searchPrefixOf } from '../search/search-keys';
import { SearchLane } from '../search/search-lane';
import { RECURRENCE_LIMITS } from '../recurrence/recurrence';
import { daysBetween, dayStart, ownSplit } from './window-total';

/**
 * Rows of a search kept with its total (docs/decisions.md, "A search keeps its first rows"): its
 * full-text match reads every matching event whatever the page, so the first query reads this
 * many rows, and every page among them is a slice of what it kept. 500 rows are 50 pages of 10,
 * 10 of 50, in about 12 KB.
 */
const HEAD_ROWS = 500;

/** Rows `offset` to `offset + limit` of `head`, as a page (`head` holds them all). */
function sliceOf(head: ListHead, offset: number, limit: number): PageIds {
  const ids = head.ids.slice(offset, offset + limit);
  const last = head.starts[offset + ids.length - 1];
  return {
    ids,
    total: null,
    ...(last !== undefined && ids.length > 0 ? { lastStart: new Date(last) } : {}),
  };
}

/**
 * `filter` as the key of its total: everything but the instant it was made at (which only
 * moves scheduled events into view; the cache's TTL bounds that), with sets in a fixed order.
 */
function totalKey(filter: EventListFilter): string {
  let key = totalKeys.get(filter);
  if (key === undefined) {
    key = JSON.stringify(filter, (name, value: unknown) => {
      if (name === 'now') return undefined;
      return value instanceof Set ? [...(value as Set<string>)].sort() : value;
    });
    totalKeys.set(filter, key);
  }
  return key;
}

/** The keys of filters (immutable values) made so far: a window total asks once per part. */
const totalKeys = new WeakMap<EventListFilter, string>();

/** The day keys of `days` (a kept answer of `daysBetween`, or one of its blocks). */
function dayKeysOf(days: readonly string[]): readonly string[] {
  let keys = dayKeyLists.get(days);
  if (keys === undefined) {
    keys = Object.freeze(days.map(dayKey));
    dayKeyLists.set(days, keys);
  }
  return keys;
}

const dayKeyLists = new WeakMap<readonly string[], readonly string[]>();

/**
 * Whose password-protected events `viewer` may find by their hidden text: those they may edit
 * (isLocked), which is everyone's for editors and their own for authors and contributors.
 */
function protectedTextOf(viewer: Viewer): 'any' | 'none' | number {
  if (mayEditOthers(viewer)) return 'any';
  return mayWrite(viewer) && viewer.userId !== null ? viewer.userId : 'none';
}

/** A page of events with what its links and headers need. */
export interface EventPage extends Page<Rendered<EventResponseDto>> {
  /** The statuses the list was filtered by, as the caller may see them. */
  readonly statuses: readonly string[];
  /**
   * For an anonymous list with the default window or fixed dates: until when (ms, infinite for
   * fixed dates) nothing but a write can change it (the read cache keeps it that long, up to
   * `READ_CACHE_LIST_TTL_MS`; see `stableUntil`).
   */
  readonly stableUntil?: number;
  /**
   * For a list filtered by terms: the read-cache keys it depends on (its filter's terms and the
   * terms its events embed), so writes of events filed under none of them keep it.
   */
  readonly dependsOn?: readonly string[];
  /**
   * For a list ordered by start (searches included; not by modification, nor first
   * occurrences): what the read cache needs to keep the page as a template whose total and
   * counts each replay fills (live-answer.ts), and the keys that end it (`listKeys`).
   */
  readonly live?: {
    readonly totalKey: string;
    readonly dependsOn: readonly string[];
    readonly until?: number;
  };
}

/**
 * Whether a list of `visibility` holds only events the public may see (published and scheduled,
 * nobody's own drafts): only the totals of such lists are kept in the read cache, since writes
 * of events hidden from the public before and after move no version.
 */
function seenByPublicOnly(visibility: Visibility): boolean {
  return (
    visibility.own === undefined && [...visibility.statuses].every((s) => !hiddenFromPublic(s))
  );
}

/** The read-cache key of the total of `filter` (ReadCache.remember). */
function totalCacheKey(filter: EventListFilter): string {
  return `events total ${totalKey(filter)}`;
}

/**
 * The read-cache keys a list's total and rows depend on: a search changes only with writes of
 * events whose text, before or after, has a word beginning as its longest word does
 * (`search/search-keys.ts`); a list filtered by venues or organizers (or by distance, the
 * venues it keeps), only with writes of events at them before or after; a list filtered by
 * terms, only with writes of events filed under them (the read cache's term keys); a list
 * whose window is given at both ends and covers at most two months, only with writes of events
 * that started or start on its days (`windowDays`); any other list, with every write anonymous
 * callers see. Each is enough alone: a write that cannot
 * reach one filter of a list cannot change the list.
 */
function listKeys(filter: EventListFilter): readonly string[] {
  const prefix = filter.search ? searchPrefixOf(filter.search.words) : undefined;
  if (prefix !== undefined) return [searchKey(prefix)];
  const { venueIds, organizerIds, nearVenueIds } = filter;
  if (venueIds && venueIds.length > 0) return venueIds.map(venueKey);
  if (organizerIds && organizerIds.length > 0) return organizerIds.map(organizerKey);
  if (nearVenueIds && nearVenueIds.length > 0) return nearVenueIds.map(venueKey);
  const terms = filterTerms(filter);
  if (terms.length > 0) return terms.map(termKey);
  const days = windowDays(filter);
  return days ? dayKeysOf(days) : [EVERY_ANSWER];
}

/**
 * The UTC days of `filter`'s window, when it has both ends and covers at most
 * `MAX_WINDOW_DAYS`: an event is in the list only if it starts within the window (and ends
 * within it), so only a write of an event that started or starts on one of them changes it.
 */
function windowDays(filter: EventListFilter): readonly string[] | undefined {
  const { startFrom, endUntil } = filter;
  if (startFrom === undefined || endUntil === undefined) return undefined;
  const days = daysBetween(startFrom, dayStart(endUntil, 1), MAX_WINDOW_DAYS);
  return days !== undefined && days.length > 0 ? days : undefined;
}

/** The categories and tags `filter` names. */
function filterTerms(filter: EventListFilter): number[] {
  return [...(filter.categoryIds ?? []), ...(filter.tagIds ?? [])];
}

/** The events aggregate: visibility, dates and zones, slugs, text per language, trash. */
@Injectable()
/**
 * The events list engine: a list request's filter, its page and total (read through the read
 * cache's keys and kept parts), sync pages, and the series a list past the horizon needs.
 */
@Injectable()
export class EventListService {
  constructor(
    private readonly events: EventListRepository,
    private readonly posts: PostRegistry,
    private readonly clock: Clock,
    private readonly links: EventLinksService,
    private readonly cache: ReadCache,
    private readonly changes: ChangeLog,
    private readonly reader: EventReader,
    private readonly series: EventSeriesService,
    private readonly renderings: EventRenderings,
    private readonly lane: SearchLane,
  ) {}

  /** One page of the events list for `viewer`. */
  async list(
    query: EventListQuery,
    language: Language,
    links: ApiLinks,
    viewer: Viewer,
  ): Promise<EventPage> {
    const { visibility, statuses } = listVisibility(query.statuses, viewer);
    const { filters, window, modified, words } = query;
    if (filters.postParent !== undefined) {
      await this.requireEvent(filters.postParent, 'post_parent');
    }
    const now = this.clock.now().toJSDate();
    const linked = await this.links.filter(filters);
    const nearVenueIds = filters.near ? await this.links.venuesNear(filters.near) : undefined;
    const filter: EventListFilter = {
      ...linked,
      geoloc: filters.geoloc,
      nearVenueIds,
      visibility,
      now,
      startFrom: window.startFrom?.toJSDate(),
      endUntil: window.endUntil?.toJSDate(),
      startsBefore: window.startsBefore?.toJSDate(),
      startsAfter: window.startsAfter?.toJSDate(),
      endsBefore: window.endsBefore?.toJSDate(),
      endsAfter: window.endsAfter?.toJSDate(),
      featured: filters.featured,
      include: filters.include,
      postParent: filters.postParent,
      modifiedAfter: modified.modifiedAfter,
      modifiedBefore: modified.modifiedBefore,
      byModified: query.byModified,
      search:
        words.length > 0
          ? { words, language, protectedTextOf: protectedTextOf(viewer) }
          : undefined,
      firstOfSeries: filters.firstOfSeries,
    };
    const page = async (): Promise<EventPage> => {
      const kept = this.keptPastTtl(viewer);
      const stableUntil = kept ? this.stableUntil(window, modified) : undefined;
      const found = await this.page(filter, query.paging, statuses, stableUntil, {
        language,
        links,
        viewer,
        password: query.password,
        ...(kept ? { stableUntil: Number.POSITIVE_INFINITY } : {}),
      });
      return stableUntil ? { ...found, stableUntil } : found;
    };
    // Occurrences a list extended the series to were written on the primary: read them there.
    return (await this.extendForList(filter)) ? readingFromPrimary(page) : page();
  }

  /**
   * How the read cache keeps a single read of `view` for `viewer`: on the event's own key alone
   * (moved by its writes, and as it goes live if it was scheduled), the counts of the terms it
   * embeds, which other events' writes move, written in at each replay (CacheHints.liveCounts);
   * and, for an anonymous reader, up to `READ_CACHE_LIST_TTL_MS` instead of the TTL, since
   * nothing but a write, or a go-live (a write of its own: GoLives), changes it. Venue,
   * organizer, term and series writes move every key.
   */
  singleReadHints(
    view: EventView,
    viewer: Viewer,
  ): Pick<CacheHints, 'dependsOn' | 'liveCounts' | 'keepUntil'> {
    return {
      dependsOn: [eventKey(view.event.id)],
      liveCounts: true,
      ...(this.keptPastTtl(viewer) ? { keepUntil: Number.POSITIVE_INFINITY } : {}),
    };
  }

  /**
   * Whether what is read for `viewer` is kept by the read cache past its TTL when nothing but a
   * write changes it: anonymous readers' answers, while the cache is on. The clock changes what
   * they show only at midnight (the default window moves) and as scheduled items go live, which
   * the cache ends as writes of those items (GoLives).
   */
  private keptPastTtl(viewer: Viewer): boolean {
    return this.cache.enabled && readsAsAnonymous(viewer);
  }

  /**
   * Until when an anonymous list answer made now stays what the clock alone would make it
   * (ms): a list with the default window changes without a write only when that window moves
   * (the next midnight in the site's zone), one of fixed dates never (`windowMovesAt`);
   * go-lives are writes (above). Undefined when the answer may change with the clock at any
   * moment (a relative date, or modification bounds).
   */
  private stableUntil(window: EventDateBounds, modified: ModifiedBounds): number | undefined {
    if (modified.modifiedAfter !== undefined || modified.modifiedBefore !== undefined) {
      return undefined;
    }
    return window.windowMovesAt;
  }

  /**
   * The first {@link HEAD_ROWS} rows of the search `filter` in list order, with its total, kept
   * under its total's key with `head` added (the same dependencies and lifetime), and made
   * again ahead of its end (ReadCache.remember): a common word's match takes seconds cold on
   * MariaDB at a million events.
   */
  private searchHead(
    filter: EventListFilter,
    kept: { key: string; dependsOn: readonly string[]; keepUntil: number | undefined },
  ): Promise<ListHead> {
    return this.cache.remember(
      `${kept.key} head`,
      () => this.searching(filter, () => this.events.findHead(filter, HEAD_ROWS)),
      kept.dependsOn,
      kept.keepUntil,
      true,
    );
  }

  /**
   * A page of `filter`'s events and their total. The total is shared by every page of one
   * filter until the next write (read cache). Where the repository counts with the page (a
   * search), a total not kept is read by the page's own query, run as the cache's computation so
   * the total is kept under the version seen before it was read (a write committed between the
   * query and the lookup must not leave its older total kept); otherwise page and total are read
   * side by side. `kept`: the total's read-cache key, the keys that end it, and until when
   * nothing but a write changes it (a default-window list's).
   */
  private async pageAndTotal(
    filter: EventListFilter,
    offset: number,
    limit: number,
    kept: { key: string; dependsOn: readonly string[]; keepUntil: number | undefined },
  ): Promise<{ page: PageIds; total: number }> {
    const { key, dependsOn, keepUntil } = kept;
    if (!seenByPublicOnly(filter.visibility)) {
      // Writes the public does not see (drafts) move no version: such a total is never kept.
      const [page, total] = await Promise.all([
        this.findPageIds(filter, offset, limit),
        this.countMatches(filter),
      ]);
      return { page, total };
    }
    if (this.events.countsWithPage(filter) && !filter.byModified && offset + limit <= HEAD_ROWS) {
      // Read once, with the total: each page among them is a slice (no match run again). A
      // page past them reads itself and counts, as below, in one query.
      let reading: Promise<ListHead> | undefined;
      const head = (): Promise<ListHead> => (reading ??= this.searchHead(filter, kept));
      // A head kept under a later version than the total's holds newer rows, never older ones.
      const total = await this.cache.remember(
        key,
        async () => (await head()).total ?? (await this.countMatches(filter, keepUntil)),
        dependsOn,
        keepUntil,
      );
      return { page: sliceOf(await head(), offset, limit), total };
    }
    if (this.events.countsWithPage(filter)) {
      let counted: PageIds | undefined;
      const total = await this.cache.remember(
        key,
        async () => {
          counted = await this.findPageIds(filter, offset, limit, true);
          return counted.total ?? (await this.countMatches(filter, keepUntil));
        },
        dependsOn,
        keepUntil,
      );
      return { page: counted ?? (await this.findPageIds(filter, offset, limit)), total };
    }
    const [page, total] = await Promise.all([
      this.seekPage(filter, offset, limit, keepUntil),
      this.cache.remember(key, () => this.countMatches(filter, keepUntil), dependsOn, keepUntil),
    ]);
    return { page, total };
  }

  /**
   * How many events match `filter`. Parts of a window's total are kept apart in the read
   * cache, under keys most writes leave alone: the part of a first-occurrences total that reads
   * only the occurrences of recurring series (no write of an event outside any series moves it:
   * such a write recounts the window, not every series), the scheduled events still to go
   * live (only writes of scheduled events, and their go-lives, move it), and the counts of the
   * window's first day, last day and blocks of whole days between (only writes of events that
   * started or start on those days move each; a window of more than `MAX_DAY_BLOCKS` blocks
   * sums its whole days afresh). Each is kept no later than `keepUntil`, when the window
   * moves, when the caller knows it, else for the TTL.
   */
  private async countMatches(filter: EventListFilter, keepUntil?: number): Promise<number> {
    if (!seenByPublicOnly(filter.visibility)) {
      // An author's list: everyone's published events (kept in parts as a public list's are)
      // and the viewer's own of other statuses (counted on their own index, never kept).
      const split = ownSplit(filter);
      if (split) {
        const [others, mine] = await Promise.all([
          split.others ? this.countMatches(split.others, keepUntil) : 0,
          this.events.countOwn(split.mine),
        ]);
        return others + mine;
      }
      return this.searching(filter, () => this.events.countMatches(filter));
    }
    return this.searching(filter, () =>
      this.events.countMatches(filter, this.keptParts(filter, keepUntil)),
    );
  }

  /**
   * The parts of `filter`'s total (a public list's) kept in the read cache, each under the keys
   * of the writes that can change it, until `keepUntil` at the latest (see `countMatches`).
   */
  private keptParts(filter: EventListFilter, keepUntil: number | undefined): TotalParts {
    return {
      seriesPart: (compute) =>
        this.cache.remember(`events series part ${totalKey(filter)}`, compute, [SERIES_ONLY]),
      pending: (part, what, compute) =>
        this.cache.remember(
          `events scheduled ${what} ${totalKey(part)}`,
          compute,
          [SCHEDULED],
          keepUntil,
        ),
      days: (part, what, days, compute) =>
        this.cache.remember(
          `events ${what} part ${totalKey(part)}`,
          compute,
          dayKeysOf(days),
          keepUntil,
        ),
    };
  }

  /**
   * A page of `filter` (a public list, not a search) at `offset`: deep in the list, read from
   * the UTC day the day counts say it lies in (`seekStart`), so it skips the rows of its own day
   * only instead of every row before it (1M events: `page=1000` skipped 10,000 entries of the
   * listing index); else read at its offset.
   */
  private async seekPage(
    filter: EventListFilter,
    offset: number,
    limit: number,
    keepUntil: number | undefined,
  ): Promise<PageIds> {
    if (offset >= SEEK_FROM) {
      const seek = await this.events.seekStart(filter, offset, this.keptParts(filter, keepUntil));
      if (seek) {
        const from: EventListFilter = { ...filter, startFrom: seek.from };
        return this.events.findPageIds(from, offset - seek.before, limit);
      }
    }
    return this.events.findPageIds(filter, offset, limit);
  }

  /** A page of `filter`'s ids, read in the search lane when `filter` is a search. */
  private findPageIds(
    filter: EventListFilter,
    offset: number,
    limit: number,
    counting?: boolean,
  ): Promise<PageIds> {
    return this.searching(filter, () => this.events.findPageIds(filter, offset, limit, counting));
  }

  /**
   * `read` (one statement's worth of reading) in the search lane when `filter` is a search, at
   * once otherwise. Only these leaves take a turn, never a caller of one: a turn held while
   * waiting for another could wait for ever.
   */
  private searching<T>(filter: EventListFilter, read: () => Promise<T>): Promise<T> {
    return filter.search === undefined ? read() : this.lane.run(read);
  }

  /** The page of `list` once its filter is made. */
  private async page(
    filter: EventListFilter,
    paging: PageRequest,
    statuses: EventPage['statuses'],
    stableUntil: number | undefined,
    render: RenderContext,
  ): Promise<EventPage> {
    const { offset } = paging;
    const key = totalCacheKey(filter);
    const dependsOn = listKeys(filter);
    const { page, total } = await this.pageAndTotal(filter, offset, paging.perPage, {
      key,
      dependsOn,
      keepUntil: stableUntil,
    });
    if (page.ids.length === 0 && paging.page > 1) throw new EventPageNotFoundError();
    const items = await this.renderings.render(page.ids, render);
    const filtered = filterTerms(filter);
    const embedded = items.flatMap((item) =>
      item instanceof KeptItem
        ? item.termIds()
        : [...item.categories, ...item.tags].map((t) => t.id),
    );
    const until =
      page.ids.length === paging.perPage && page.lastStart ? page.lastStart.getTime() : undefined;
    const byStart = filter.byModified === undefined && filter.firstOfSeries === undefined;
    if (byStart && seenByPublicOnly(filter.visibility)) {
      // A kept page of this list counts its total again this way after a write or once its
      // total expired (live-answer.ts). A search's is its head's, so that reading the total
      // ahead of its end (kept pages read it at every hit) also makes the head again ahead:
      // the pages made after the head's end then slice a fresh one instead of waiting for it.
      const search = this.events.countsWithPage(filter);
      const count = (): Promise<number> => {
        const now = { ...filter, now: this.clock.now().toJSDate() };
        return search
          ? this.searchHead(now, { key, dependsOn, keepUntil: stableUntil }).then(
              (head) => head.total ?? this.countMatches(now, stableUntil),
            )
          : this.countMatches(now);
      };
      this.cache.countWith(key, count, dependsOn, {
        ...(stableUntil !== undefined ? { stableUntil } : {}),
        refreshAhead: search,
      });
    }
    return {
      ...(filtered.length > 0
        ? { dependsOn: [...new Set([...filtered, ...embedded])].map(termKey) }
        : {}),
      ...(byStart ? { live: { totalKey: key, dependsOn, ...(until ? { until } : {}) } } : {}),
      ...pageOf(items, total, paging),
      statuses,
    };
  }

  /**
   * What changed in the events collection since `token` (docs/behaviour.md#sync): the changed
   * events the caller's list holds (whatever their dates), and tombstones for the others.
   */
  async sync(
    token: string,
    perPage: number,
    language: Language,
    viewer: Viewer,
    password?: string,
  ): Promise<SyncResult<EventView>> {
    const batch = await this.changes.since('event', token, perPage);
    const filter: EventListFilter = {
      visibility: listVisibility(undefined, viewer).visibility,
      now: this.clock.now().toJSDate(),
      include: batch.itemIds,
    };
    const events =
      batch.itemIds.length === 0 ? [] : await this.events.findPage(filter, 0, batch.itemIds.length);
    const views = await this.reader.shownTo(events, language, viewer, password);
    return syncResult(
      token,
      batch,
      views.map((view) => ({ id: view.event.id, view })),
    );
  }

  /**
   * Extends on demand the series a list reaching past the horizon needs
   * (docs/behaviour.md#recurring-events): when the window's end lies past the horizon, up to
   * {@link RECURRENCE_LIMITS.onDemandSeries} series stored short of it are extended to it (at
   * most {@link RECURRENCE_LIMITS.onDemandYears} ahead), each in a unit of work of its own.
   * Answers whether any was.
   */
  private async extendForList(filter: EventListFilter): Promise<boolean> {
    const ends = [filter.endUntil, filter.startsBefore, filter.endsBefore].flatMap((end) =>
      end ? [end.getTime()] : [],
    );
    if (ends.length === 0) return false;
    const now = this.clock.now();
    // Up to a week past the horizon is what the horizon loop keeps stored (series-horizon.ts),
    // and the default window ends there: such lists read what is stored and write nothing.
    const stored = now
      .plus({ months: RECURRENCE_LIMITS.horizonMonths, days: RECURRENCE_LIMITS.onDemandAfterDays })
      .toMillis();
    const farthest = now.plus({ years: RECURRENCE_LIMITS.onDemandYears }).toMillis();
    const reach = Math.min(...ends, farthest);
    if (reach <= stored) return false;
    const extended = await this.series.extendDue(
      new Date(reach),
      RECURRENCE_LIMITS.onDemandSeries,
      new Date(reach),
    );
    return extended > 0;
  }

  private async requireEvent(id: number, param: string): Promise<void> {
    if (!(await this.posts.is(id, 'event'))) throw InvalidParamsError.of(param, 'param.invalid');
  }
}
