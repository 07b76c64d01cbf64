import { UnitOfWork } from '../database/unit-of-work';
import { readingFromPrimary } from '../database/read-routing';
import { SlugRule } from '../posts/unique-slug';
import { DEFAULT_RADIUS_KM } from '../common/geo/geo';
import { Injectable } from '@nestjs/common';
import { DateTime, Zone } from 'luxon';
import {
  mayEdit,
  mayEditOthers,
  mayManageTerms,
  mayWrite,
  requireAuthorChoice,
  requireRight,
  scaledStatus,
} from '../access/rights';
import { eventAccess, isLocked } from '../access/event-access';
import { listVisibility, Visibility } from '../access/visibility';
import { Viewer } from '../access/viewer';
import { siteZoneOf } from '../common/clock/site-zone';
import { ChangeLog } from '../changes/change-log';
import { SyncResult, syncResult } from '../changes/sync';
import { Clock } from '../common/clock/clock';
import { ModifiedBounds } from '../common/dates/modified-bounds.pipe';
import { parseDateInput, publicationDate } from '../common/dates/parse-date';
import { allDayBounds } from '../common/dates/window';
import { resolveZone } from '../common/dates/zones';
import {
  InvalidParamsError,
  MissingParamsError,
  ParamProblem,
} from '../common/errors/domain-error';
import { Language } from '../common/i18n/language';
import { imageColumns } from '../common/media/image';
import { Paging, totalPages } from '../common/paging/paging';
import { hashPostPassword, postPasswordMatches } from '../posts/post-password';
import { normaliseCostInput } from '../common/text/cost';
import { sanitizeRichText, toPlainText } from '../common/text/html';
import { slugify } from '../common/text/slug';
import { AppConfig } from '../config/app-config';
import { PostRegistry } from '../posts/post-registry';
import { ImportedItems } from '../posts/imported-items';
import { originColumns, PostOrigin } from '../posts/post-origin';
import { TAXONOMIES } from '../terms/taxonomy';
import { CreateEventDto } from './dto/create-event.dto';
import { EventFieldsDto } from './dto/event-fields.dto';
import { ListEventsQueryDto } from './dto/list-events.query.dto';
import { UpdateEventDto } from './dto/update-event.dto';
import { EventEntity } from './entities/event.entity';
import { hiddenFromPublic, statusOnSave } from '../posts/post-status';
import {
  EventAlreadyTrashedError,
  EventMovedError,
  EventNotAccessibleError,
  EventNotFoundError,
  EventPageNotFoundError,
  EventPasswordProtectedError,
  EventTrashedError,
  NotAnEventError,
} from './events.errors';
import { EventView } from './events.mapper';
import {
  EventColumns,
  EventLinkWrite,
  EventListFilter,
  EventsRepository,
  EventText,
} from './events.repository';
import { EventDateBounds } from './pipes/event-dates.pipe';
import { createsItems, EventLinksService, LinkPlan } from './links/event-links.service';
import { earliest } from '../common/dates/window';
import { ReadCache } from '../common/cache/read-cache';
import {
  eventKey,
  EVERY_ANSWER,
  SCHEDULED,
  SERIES_ONLY,
  termKey,
} from '../common/cache/read-cache.store';
import {
  expand,
  Occurrence,
  parseRecurrence,
  Recurrence,
  RECURRENCE_LIMITS,
  RecurrenceError,
  recurrenceLines,
  SplitLines,
  splitRecurrence,
} from './recurrence/recurrence';
import { planSeries } from './recurrence/series-plan';

/**
 * `filter` as the key of its total: everything but the instant it was made at (which only
 * moves scheduled events into view; the cache's TTL bounds that), with sets in a fixed order.
 */
function totalKey(filter: EventListFilter): string {
  return JSON.stringify(filter, (name, value: unknown) => {
    if (name === 'now') return undefined;
    return value instanceof Set ? [...(value as Set<string>)].sort() : value;
  });
}

/**
 * Whose password-protected events `viewer` may find by their hidden text: those they may edit
 * (isLocked), which is everyone's for editors and their own for authors and contributors.
 */
function protectedTextOf(viewer: Viewer): 'any' | 'none' | number {
  if (mayEditOthers(viewer)) return 'any';
  return mayWrite(viewer) && viewer.userId !== null ? viewer.userId : 'none';
}

/** The columns that belong to each occurrence or to the series itself, never shared. */
const OWN_COLUMNS = [
  'seriesId',
  'recurrence',
  'recurrenceId',
  'recurrenceUntil',
  'detached',
  'startUtc',
  'endUtc',
] as const;

/** An event's columns without those of the series it belongs to. */
type SharedColumns = Omit<Partial<EventColumns>, (typeof OWN_COLUMNS)[number]>;

/** The columns of a write that an edit of a series passes on to its occurrences. */
function sharedColumns(columns: Partial<EventColumns>): SharedColumns {
  const shared: Partial<EventColumns> = { ...columns };
  for (const key of OWN_COLUMNS) delete shared[key];
  return shared;
}

/**
 * How far series `first` (its first occurrence) is stored already, from its occurrences
 * `stored` (in start order): when it reaches past the horizon (a list extended it on demand),
 * an edit of the series keeps the occurrences stored that far instead of trashing them. Null
 * for an event that is not a series' first occurrence.
 */
function storedReach(first: EventEntity, stored: readonly EventEntity[]): Date | null {
  if (first.seriesId !== first.id) return null;
  const last = stored.at(-1)?.startUtc;
  return last && last > first.startUtc ? last : first.startUtc;
}

/** An event's columns, as a create of a copy of it takes them. */
function columnsOf(event: EventEntity): EventColumns {
  const copy: Partial<EventEntity> = { ...event };
  delete copy.id;
  delete copy.slug;
  delete copy.translations;
  return copy as EventColumns;
}

/** A page of events with what its links and headers need. */
export interface EventPage {
  readonly views: EventView[];
  readonly page: number;
  readonly perPage: number;
  readonly total: number;
  readonly totalPages: number;
  /** The statuses the list was filtered by, as the caller may see them. */
  readonly statuses: readonly string[];
  /**
   * For an anonymous list with the default window: until when nothing but a write can change
   * it (the read cache keeps it that long, up to `READ_CACHE_LIST_TTL_MS`; see `stableUntil`).
   */
  readonly stableUntil?: Date;
  /**
   * For a list filtered by terms: the read-cache keys it depends on (its filter's terms and the
   * terms its events embed), so writes of events filed under none of them keep it.
   */
  readonly dependsOn?: readonly string[];
  /**
   * For a list ordered by start (not a search, nor first occurrences): what the read cache needs
   * to keep the page as a template whose total and counts each replay fills (live-answer.ts).
   */
  readonly live?: {
    readonly totalKey: string;
    readonly dependsOn: readonly string[];
    readonly until?: number;
  };
}

/** What a series' calendar needs besides its first occurrence (events.presenter.ts). */
export interface SeriesParts {
  /** Original starts of the occurrences the reader does not see (trashed, hidden). */
  readonly excluded: readonly string[];
  /** Occurrences changed on their own that the reader sees, with their original starts. */
  readonly changed: ReadonlyArray<{ readonly view: EventView; readonly recurrenceId: string }>;
}

/** The event's start and end as instants in its zone. */
interface Schedule {
  readonly start: DateTime;
  readonly end: DateTime;
}

/** A series' rule as read and its occurrences up to the horizon (the first is the event's own). */
interface SeriesRule {
  readonly recurrence: Recurrence;
  readonly occurrences: readonly Occurrence[];
  /** Up to when the occurrences are stored, when the rule goes on past them; else null. */
  readonly storedUntil: Date | null;
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
 * The read-cache keys a list's total and rows depend on: a list filtered by terms changes only
 * with writes of events filed under them (the read cache's term keys); any other list, with every
 * write anonymous callers see.
 */
function listKeys(filter: EventListFilter): string[] {
  const terms = filterTerms(filter);
  return terms.length > 0 ? terms.map(termKey) : [EVERY_ANSWER];
}

/**
 * The read-cache keys a single read of `view` depends on: the event's own (moved by its writes)
 * and those of the terms it embeds (whose counts other events' writes move). Venue, organizer,
 * term and series writes move every key.
 */
export function itemKeys(view: EventView): string[] {
  return [eventKey(view.event.id), ...view.links.terms.map((term) => termKey(term.term.id))];
}

/** The categories and tags `filter` names. */
function filterTerms(filter: EventListFilter): number[] {
  return [...(filter.categoryIds ?? []), ...(filter.tagIds ?? [])];
}

/** The events aggregate: visibility, dates and zones, slugs, text per language, trash. */
@Injectable()
export class EventsService {
  private readonly siteZone: Zone;

  constructor(
    private readonly events: EventsRepository,
    private readonly posts: PostRegistry,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly links: EventLinksService,
    private readonly cache: ReadCache,
    private readonly changes: ChangeLog,
    private readonly imported: ImportedItems,
    private readonly unit: UnitOfWork,
  ) {
    this.siteZone = siteZoneOf(config);
  }

  /** One page of the events list for `viewer`. */
  async list(
    query: ListEventsQueryDto,
    bounds: EventDateBounds,
    paging: Paging,
    language: Language,
    viewer: Viewer,
    modified: ModifiedBounds = {},
  ): Promise<EventPage> {
    const { visibility, statuses } = listVisibility(query.status, viewer);
    if (query.post_parent !== undefined) await this.requireEvent(query.post_parent, 'post_parent');
    const now = this.clock.now().toJSDate();
    const words = query.search?.split(/\s+/).filter((word) => word !== '') ?? [];
    const linked = await this.links.filter(query);
    const nearVenueIds = await this.nearVenues(query);
    const filter: EventListFilter = {
      ...linked,
      geoloc: query.geoloc,
      nearVenueIds,
      visibility,
      now,
      startFrom: bounds.startFrom?.toJSDate(),
      endUntil: bounds.endUntil?.toJSDate(),
      startsBefore: bounds.startsBefore?.toJSDate(),
      startsAfter: bounds.startsAfter?.toJSDate(),
      endsBefore: bounds.endsBefore?.toJSDate(),
      endsAfter: bounds.endsAfter?.toJSDate(),
      featured: query.featured,
      include: query.include?.map(Number),
      postParent: query.post_parent,
      modifiedAfter: modified.modifiedAfter,
      modifiedBefore: modified.modifiedBefore,
      byModified:
        query.orderby?.trim().toLowerCase() === 'modified'
          ? { descending: query.order?.trim().toLowerCase() === 'desc' }
          : undefined,
      search:
        words.length > 0
          ? { words, language, protectedTextOf: protectedTextOf(viewer) }
          : undefined,
      firstOfSeries: query.hide_subsequent_recurrences === true ? true : undefined,
    };
    const page = async (): Promise<EventPage> => {
      // First: a total kept for such a list is kept as long as its answers (live-answer.ts).
      const stableUntil = await this.stableUntil(bounds, modified, viewer, now);
      const found = await this.page(filter, query, paging, language, viewer, statuses, stableUntil);
      return stableUntil ? { ...found, stableUntil } : found;
    };
    // Occurrences a list extended the series to were written on the primary: read them there.
    return (await this.extendForList(filter)) ? readingFromPrimary(page) : page();
  }

  /**
   * Until when an anonymous list answer made now stays what the clock alone would make it: a
   * list with the default window (no date or modification bounds) changes without a write only
   * when that window moves (the next midnight in the site's zone) or when a scheduled event,
   * venue or organizer goes live (its status and counts change). Scheduled items are looked up
   * from one read-cache TTL back, since the totals and embedded views a page reuses may be that
   * old. Undefined when the answer may change with the clock at any moment, or is not cached.
   */
  private async stableUntil(
    bounds: EventDateBounds,
    modified: ModifiedBounds,
    viewer: Viewer,
    now: Date,
  ): Promise<Date | undefined> {
    if (!this.cache.enabled || viewer.userId !== null || !bounds.windowMovesAt) return undefined;
    if (modified.modifiedAfter !== undefined || modified.modifiedBefore !== undefined) {
      return undefined;
    }
    // Kept under the listing version like a total: looked up from further back than a later
    // read would, the instant kept is never later than the one that read would find.
    const scheduled = await this.cache.remember('events next scheduled', async () => {
      const since = new Date(now.getTime() - this.cache.ttlMs);
      const dates = await Promise.all([
        this.events.findNextScheduledAfter(since),
        this.links.nextScheduledAfter(since),
      ]);
      return earliest(dates)?.getTime() ?? null;
    });
    const windowMoves = bounds.windowMovesAt.toJSDate();
    return earliest([windowMoves, scheduled === null ? null : new Date(scheduled)]) ?? windowMoves;
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
  ): Promise<{ events: EventEntity[]; total: number }> {
    const { key, dependsOn, keepUntil } = kept;
    if (!seenByPublicOnly(filter.visibility)) {
      // Writes the public does not see (drafts) move no version: such a total is never kept.
      const [events, total] = await Promise.all([
        this.events.findPage(filter, offset, limit),
        this.countMatches(filter),
      ]);
      return { events, total };
    }
    if (this.events.countsWithPage(filter)) {
      let events: EventEntity[] | undefined;
      const total = await this.cache.remember(
        key,
        async () => {
          const page = await this.events.findPageCounted(filter, offset, limit);
          events = page.events;
          return page.total ?? (await this.countMatches(filter, keepUntil));
        },
        dependsOn,
        keepUntil,
      );
      return { events: events ?? (await this.events.findPage(filter, offset, limit)), total };
    }
    const [events, total] = await Promise.all([
      this.events.findPage(filter, offset, limit),
      this.cache.remember(key, () => this.countMatches(filter, keepUntil), dependsOn, keepUntil),
    ]);
    return { events, total };
  }

  /**
   * How many events match `filter`. Two parts of a window's total are kept apart in the read
   * cache, under keys most writes leave alone: the part of a first-occurrences total that reads
   * only the occurrences of recurring series (no write of an event outside any series moves it:
   * such a write recounts the window, not every series), and the scheduled events still to go
   * live (only writes of scheduled events move it; kept no later than `keepUntil`, the next
   * instant one goes live, when the caller knows it, else for the TTL).
   */
  private countMatches(filter: EventListFilter, keepUntil?: number): Promise<number> {
    if (!seenByPublicOnly(filter.visibility)) return this.events.countMatches(filter);
    return this.events.countMatches(filter, {
      seriesPart: (compute) =>
        this.cache.remember(`events series part ${totalKey(filter)}`, compute, [SERIES_ONLY]),
      pending: (part, compute) =>
        this.cache.remember(
          `events scheduled part ${totalKey(part)}`,
          compute,
          [SCHEDULED],
          keepUntil,
        ),
    });
  }

  /** The page of `list` once its filter is made. */
  private async page(
    filter: EventListFilter,
    query: ListEventsQueryDto,
    paging: Paging,
    language: Language,
    viewer: Viewer,
    statuses: EventPage['statuses'],
    stableUntil: Date | undefined,
  ): Promise<EventPage> {
    const offset = (paging.page - 1) * paging.perPage;
    const key = totalCacheKey(filter);
    const dependsOn = listKeys(filter);
    const { events, total } = await this.pageAndTotal(filter, offset, paging.perPage, {
      key,
      dependsOn,
      keepUntil: stableUntil?.getTime(),
    });
    if (events.length === 0 && paging.page > 1) throw new EventPageNotFoundError();
    const views = await this.withText(events, language);
    const filtered = filterTerms(filter);
    const embedded = views.flatMap((view) => view.links.terms.map((term) => term.term.id));
    const last = events.length === paging.perPage ? events[events.length - 1] : undefined;
    const byStart =
      filter.search === undefined &&
      filter.byModified === undefined &&
      filter.firstOfSeries === undefined;
    if (byStart && seenByPublicOnly(filter.visibility)) {
      // A kept page of this list counts its total again this way after a write (live-answer.ts).
      this.cache.countWith(
        key,
        () => this.countMatches({ ...filter, now: this.clock.now().toJSDate() }),
        dependsOn,
      );
    }
    return {
      ...(filtered.length > 0
        ? { dependsOn: [...new Set([...filtered, ...embedded])].map(termKey) }
        : {}),
      ...(byStart
        ? {
            live: {
              totalKey: key,
              dependsOn,
              ...(last ? { until: last.startUtc.getTime() } : {}),
            },
          }
        : {}),
      views: await Promise.all(
        views.map(async (view) => ({
          ...view,
          locked:
            isLocked(view.event, viewer) &&
            !(await this.passwordMatches(view.event, query.password)),
        })),
      ),
      page: paging.page,
      perPage: paging.perPage,
      total,
      totalPages: totalPages(total, paging.perPage),
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
    const views = await this.withText(events, language);
    const shown = await Promise.all(
      views.map(async (view) => ({
        id: view.event.id,
        view: {
          ...view,
          locked:
            isLocked(view.event, viewer) && !(await this.passwordMatches(view.event, password)),
        },
      })),
    );
    return syncResult(token, batch, shown);
  }

  async getById(
    id: number,
    viewer: Viewer,
    language: Language,
    password: string | undefined,
  ): Promise<EventView> {
    return this.readable(await this.byId(id), viewer, language, password);
  }

  /**
   * A client's read by id ({@link getById}), where an id that names no event here but was an
   * imported event's id at its source (taken here by another item) is answered 301 to the id the
   * event has here.
   */
  async readById(
    id: number,
    viewer: Viewer,
    language: Language,
    password: string | undefined,
  ): Promise<EventView> {
    let event: EventEntity;
    try {
      event = await this.byId(id);
    } catch (error: unknown) {
      if (!(error instanceof EventNotFoundError || error instanceof NotAnEventError)) throw error;
      const moved = await this.imported.movedEvent(id);
      throw moved === null ? error : new EventMovedError(id, moved);
    }
    return this.readable(event, viewer, language, password);
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
    const extended = await this.extendDue(
      new Date(reach),
      RECURRENCE_LIMITS.onDemandSeries,
      new Date(reach),
    );
    return extended > 0;
  }

  /**
   * Extends the series stored short of `due` (at most `limit` of them, the longest due first),
   * each in a unit of work of its own, to the horizon or to `reach` when later; answers how many
   * series it looked at. The horizon loop (series-horizon.ts) and lists past the horizon both
   * call it.
   */
  async extendDue(due: Date, limit: number, reach?: Date): Promise<number> {
    const ids = await this.events.seriesDue(due, limit);
    for (const id of ids) await this.unit.run(() => this.extendSeries(id, reach));
    return ids.length;
  }

  /**
   * Stores the occurrences of series `seriesId` that its rule gives up to the horizon from now
   * (or up to `reach`, when later) and that are not stored yet
   * (docs/behaviour.md#recurring-events); returns how many. Runs in the caller's unit of work,
   * the series' first row locked, so two instances extending the same series one after the
   * other find the second has nothing left to add.
   */
  async extendSeries(seriesId: number, reach?: Date): Promise<number> {
    const first = await this.events.findById(seriesId);
    if (!first || first.recurrenceUntil === null) return 0;
    if (first.seriesId !== first.id || first.status === 'trash') {
      await this.events.setSeries(seriesId, { recurrenceUntil: null });
      return 0;
    }
    const zone = this.zone(first.timezone);
    const schedule = {
      start: DateTime.fromJSDate(first.startUtc, { zone }),
      end: DateTime.fromJSDate(first.endUtc, { zone }),
    };
    const problems: ParamProblem[] = [];
    const stored = await this.events.findOccurrences(seriesId);
    const series = this.seriesRule(
      first.recurrence ?? [],
      schedule,
      this.clock.now(),
      problems,
      reach ?? storedReach(first, stored),
    );
    if (!series) {
      await this.events.setSeries(seriesId, { recurrenceUntil: null });
      return 0;
    }
    const plan = planSeries(stored, series.occurrences.slice(1));
    // Only what is new: the stored occurrences stay as they are (no edit is being made).
    await this.createOccurrences(first, plan.create);
    await this.events.setSeries(seriesId, { recurrenceUntil: series.storedUntil });
    return plan.create.length;
  }

  /**
   * The exceptions of series `seriesId` as `viewer` sees them: the occurrences they cannot read
   * (trashed or not visible), and those changed on their own that they can.
   */
  async seriesParts(seriesId: number, viewer: Viewer, language: Language): Promise<SeriesParts> {
    const now = this.clock.now().toJSDate();
    const excluded: string[] = [];
    const changed: EventEntity[] = [];
    const locked = new Set<number>();
    for (const occurrence of await this.events.findOccurrences(seriesId)) {
      if (occurrence.recurrenceId === null) continue;
      const access = eventAccess(occurrence, viewer, now);
      if (access === 'trashed' || access === 'hidden') excluded.push(occurrence.recurrenceId);
      else if (occurrence.detached) changed.push(occurrence);
      if (access === 'locked') locked.add(occurrence.id);
    }
    const views = await this.withText(changed, language);
    return {
      excluded,
      changed: views.map((view) => ({
        // Shown as a list shows a protected event the reader has not unlocked.
        view: { ...view, locked: locked.has(view.event.id) },
        recurrenceId: view.event.recurrenceId ?? '',
      })),
    };
  }

  async getBySlug(
    slug: string,
    viewer: Viewer,
    language: Language,
    password: string | undefined,
  ): Promise<EventView> {
    return this.readable(await this.bySlug(slug), viewer, language, password);
  }

  /**
   * A single read (README.md#access): trashed events are gone for everyone; other unpublished ones are
   * for editors and their author; a password-protected one needs its password unless the
   * viewer may edit it.
   */
  private async readable(
    event: EventEntity,
    viewer: Viewer,
    language: Language,
    password: string | undefined,
  ): Promise<EventView> {
    switch (eventAccess(event, viewer, this.clock.now().toJSDate())) {
      case 'trashed':
        throw new EventTrashedError();
      case 'hidden':
        throw new EventNotAccessibleError();
      case 'locked':
        if (!(await this.passwordMatches(event, password))) throw new EventPasswordProtectedError();
        break;
      case 'open':
        break;
    }
    const [view] = await this.withText([event], language);
    if (!view) throw new EventNotFoundError(event.id);
    return view;
  }

  /**
   * Creates an event whose text is written in `language`, which becomes its original language.
   * An imported event brings its `origin`: its source id, kept when free, and its global ids.
   */
  async create(
    dto: CreateEventDto,
    language: Language,
    viewer: Viewer,
    slugRule: SlugRule,
    origin?: PostOrigin,
  ): Promise<EventView> {
    const { start_date: startInput, end_date: endInput } = dto;
    if (startInput === undefined || endInput === undefined) {
      throw new MissingParamsError(['start_date', 'end_date']);
    }
    const now = this.clock.now();
    const zoneName = dto.timezone?.trim() || this.config.SITE_TIMEZONE;
    const zone = this.zone(zoneName);
    const problems: ParamProblem[] = [];
    const schedule = this.schedule(
      this.parse(startInput, 'start_date', zone, now),
      this.parse(endInput, 'end_date', zone, now),
      dto.all_day ?? false,
      problems,
    );
    await this.checkParent(dto.post_parent, problems, undefined);
    const title = this.title(dto.title, problems);
    const lines = dto.recurrence === undefined ? [] : recurrenceLines(dto.recurrence);
    const series = lines.length > 0 ? this.seriesRule(lines, schedule, now, problems) : null;
    const plan = await this.links.plan(dto, language, problems);
    if (problems.length > 0) throw new InvalidParamsError(problems);
    requireRight(viewer, mayWrite(viewer));
    this.requireWriteRights(viewer, dto, plan);
    const links = await this.links.resolve(plan, language, viewer);
    const dateUtc = publicationDate(dto, this.siteZone, now) ?? now;
    const status = scaledStatus(viewer, dto.status, true) ?? 'publish';
    const columns: EventColumns = {
      status: statusOnSave(status, dateUtc.toJSDate(), now.toJSDate()),
      author: dto.author ?? viewer.userId ?? 0,
      passwordHash: dto.password ? await hashPostPassword(dto.password) : null,
      originalLanguage: language,
      dateUtc: dateUtc.toJSDate(),
      modifiedUtc: now.toJSDate(),
      timezone: zoneName,
      startUtc: schedule.start.toJSDate(),
      endUtc: schedule.end.toJSDate(),
      allDay: dto.all_day ?? false,
      cost: this.cost(dto.cost) ?? null,
      website: dto.website || null,
      showMap: dto.show_map ?? true,
      showMapLink: dto.show_map_link ?? true,
      hideFromListings: dto.hide_from_listings ?? false,
      sticky: dto.sticky ?? false,
      featured: dto.featured ?? false,
      ...imageColumns(dto.image),
      postParent: dto.post_parent || null,
      venueId: links.venueId ?? null,
      ...originColumns(origin),
      seriesId: null,
      recurrence: series ? [...series.recurrence.lines] : null,
      recurrenceId: series?.occurrences[0]?.recurrenceId ?? null,
      recurrenceUntil: series?.storedUntil ?? null,
      detached: false,
    };
    const requestedSlug = dto.slug !== undefined ? slugify(dto.slug) : '';
    const slugBase = (id: number): string => requestedSlug || slugify(title ?? '') || `event-${id}`;
    const text = this.text(dto, title);
    const id = await this.events.create(
      columns,
      slugBase,
      slugRule,
      language,
      text,
      links,
      origin?.id,
      series !== null,
    );
    await this.changes.record('event', id, 'created');
    if (series === null && !createsItems(plan)) {
      if (hiddenFromPublic(columns.status)) this.unit.markUnseenByPublic();
      else this.unit.markNarrowedToFiledTerms(id);
    }
    if (series) {
      await this.syncOccurrences(
        id,
        [],
        series.occurrences.slice(1),
        {},
        language,
        {},
        { termIds: {} },
      );
    }
    return this.view(id, language);
  }

  /** An update; `following` on an occurrence splits its series there first. */
  async updateById(
    id: number,
    dto: UpdateEventDto,
    language: Language,
    viewer: Viewer,
    scope?: 'following',
  ): Promise<EventView> {
    return this.updateIn(await this.byIdToWrite(id, viewer), dto, language, viewer, scope);
  }

  async updateBySlug(
    slug: string,
    dto: UpdateEventDto,
    language: Language,
    viewer: Viewer,
    scope?: 'following',
  ): Promise<EventView> {
    return this.updateIn(await this.bySlug(slug), dto, language, viewer, scope);
  }

  /** An update of `event` alone, or with `following` of it and the rest of its series. */
  private async updateIn(
    event: EventEntity,
    dto: UpdateEventDto,
    language: Language,
    viewer: Viewer,
    scope: 'following' | undefined,
  ): Promise<EventView> {
    return scope === 'following'
      ? this.updateFollowing(event, dto, language, viewer)
      : this.update(event, dto, language, viewer);
  }

  /**
   * "This and following" (docs/behaviour.md#recurring-events): the series is split at `event`,
   * an occurrence of it. The series keeps its occurrences before it (its rule now ends there);
   * `event` becomes the first occurrence of a new series with the rest of the rule, which takes
   * the later occurrences with their ids; then `dto` is applied to the new series.
   */
  private async updateFollowing(
    event: EventEntity,
    dto: UpdateEventDto,
    language: Language,
    viewer: Viewer,
  ): Promise<EventView> {
    if (event.seriesId === null) {
      throw InvalidParamsError.of('scope', 'param.invalid', 'reason.scope-not-recurring');
    }
    if (event.seriesId === event.id) return this.update(event, dto, language, viewer);
    const series = await this.byId(event.seriesId);
    requireRight(viewer, mayEdit(viewer, series) && mayEdit(viewer, event));
    const zone = this.zone(series.timezone);
    const first = DateTime.fromJSDate(series.startUtc, { zone });
    const recurrenceId =
      event.recurrenceId ??
      DateTime.fromJSDate(event.startUtc, { zone }).toFormat("yyyyMMdd'T'HHmmss");
    const at = DateTime.fromFormat(recurrenceId, "yyyyMMdd'T'HHmmss", { zone });
    let lines: SplitLines;
    try {
      lines = splitRecurrence(parseRecurrence(series.recurrence ?? [], zone, first), first, at);
    } catch (error: unknown) {
      if (!(error instanceof RecurrenceError)) throw error;
      throw InvalidParamsError.of('scope', 'param.invalid', error.reason);
    }
    await this.events.setSeries(series.id, { recurrence: lines.before, recurrenceUntil: null });
    await this.changes.record('event', series.id, 'updated');
    const moved = await this.events.moveOccurrences(series.id, event.id, recurrenceId);
    await this.events.setSeries(event.id, {
      seriesId: event.id,
      recurrence: lines.after,
      recurrenceId,
      detached: false,
    });
    for (const id of moved) {
      if (id !== event.id) await this.changes.record('event', id, 'updated');
    }
    return this.update(await this.byId(event.id), dto, language, viewer);
  }

  async trashById(id: number, language: Language, viewer: Viewer): Promise<EventView> {
    return this.trash(await this.byIdToWrite(id, viewer), language, viewer);
  }

  async trashBySlug(slug: string, language: Language, viewer: Viewer): Promise<EventView> {
    return this.trash(await this.bySlug(slug), language, viewer);
  }

  /** Applies the fields `dto` carries; everything it leaves out keeps its value (docs/behaviour.md#writes). */
  private async update(
    event: EventEntity,
    dto: UpdateEventDto,
    language: Language,
    viewer: Viewer,
  ): Promise<EventView> {
    const now = this.clock.now();
    const oldZone = this.zone(event.timezone);
    const zoneName =
      dto.timezone === undefined
        ? event.timezone
        : dto.timezone.trim() || this.config.SITE_TIMEZONE;
    const zone = this.zone(zoneName);
    const keepWallClock = (instant: Date): DateTime =>
      DateTime.fromJSDate(instant, { zone: oldZone }).setZone(zone, { keepLocalTime: true });
    const problems: ParamProblem[] = [];
    const allDay = dto.all_day ?? event.allDay;
    const schedule = this.schedule(
      dto.start_date !== undefined
        ? this.parse(dto.start_date, 'start_date', zone, now)
        : keepWallClock(event.startUtc),
      dto.end_date !== undefined
        ? this.parse(dto.end_date, 'end_date', zone, now)
        : keepWallClock(event.endUtc),
      allDay,
      problems,
    );
    await this.checkParent(dto.post_parent, problems, event.id);
    const title = dto.title === undefined ? undefined : this.title(dto.title, problems);
    const occurrence = event.seriesId !== null && event.seriesId !== event.id;
    if (occurrence && dto.recurrence !== undefined) {
      problems.push({
        param: 'recurrence',
        message: 'param.invalid',
        reason: 'reason.recurrence-on-occurrence',
        reasonArgs: { series: event.seriesId ?? 0 },
      });
    }
    const lines =
      dto.recurrence !== undefined ? recurrenceLines(dto.recurrence) : (event.recurrence ?? []);
    const ruled = !occurrence && (event.seriesId === event.id || lines.length > 0);
    // Read (and locked) once: they bound the rule's reach and are matched with its occurrences.
    const stored = ruled ? await this.events.findOccurrences(event.id) : [];
    const series =
      ruled && lines.length > 0
        ? this.seriesRule(lines, schedule, now, problems, storedReach(event, stored))
        : null;
    const plan = await this.links.plan(dto, language, problems);
    if (problems.length > 0) throw new InvalidParamsError(problems);
    requireRight(viewer, mayEdit(viewer, event));
    this.requireWriteRights(viewer, dto, plan);
    const links = await this.links.resolve(plan, language, viewer);
    const dateUtc = publicationDate(dto, this.siteZone, now);
    const requestedStatus = scaledStatus(viewer, dto.status, false);
    const columns: Partial<EventColumns> = {
      modifiedUtc: now.toJSDate(),
      timezone: zoneName,
      startUtc: schedule.start.toJSDate(),
      endUtc: schedule.end.toJSDate(),
      allDay,
    };
    if (dateUtc) columns.dateUtc = dateUtc.toJSDate();
    if (requestedStatus !== undefined || dateUtc) {
      columns.status = statusOnSave(
        requestedStatus ?? event.status,
        (dateUtc ?? DateTime.fromJSDate(event.dateUtc)).toJSDate(),
        now.toJSDate(),
      );
    }
    if (dto.author !== undefined) columns.author = dto.author;
    if (dto.password !== undefined) {
      columns.passwordHash = dto.password ? await hashPostPassword(dto.password) : null;
    }
    if (dto.cost !== undefined) columns.cost = this.cost(dto.cost) ?? null;
    if (dto.website !== undefined) columns.website = dto.website || null;
    if (dto.image !== undefined) Object.assign(columns, imageColumns(dto.image));
    if (dto.post_parent !== undefined) columns.postParent = dto.post_parent || null;
    if (links.venueId !== undefined) columns.venueId = links.venueId;
    const flags = {
      showMap: dto.show_map,
      showMapLink: dto.show_map_link,
      hideFromListings: dto.hide_from_listings,
      sticky: dto.sticky,
      featured: dto.featured,
    };
    for (const [key, value] of Object.entries(flags)) {
      if (value !== undefined) Object.assign(columns, { [key]: value });
    }
    const slugBase = dto.slug === undefined ? undefined : slugify(dto.slug) || event.slug;
    const text = this.text(dto, title);
    const shared = sharedColumns(columns);
    if (occurrence) columns.detached = true;
    if (ruled) {
      columns.seriesId = series ? event.id : null;
      columns.recurrence = series ? [...series.recurrence.lines] : null;
      columns.recurrenceId = series?.occurrences[0]?.recurrenceId ?? null;
      columns.recurrenceUntil = series?.storedUntil ?? null;
    }
    await this.events.update(event.id, columns, slugBase, language, text, links);
    await this.changes.record('event', event.id, 'updated');
    if (event.seriesId === null && !ruled && !createsItems(plan)) {
      if (hiddenFromPublic(event.status) && hiddenFromPublic(columns.status ?? event.status)) {
        this.unit.markUnseenByPublic();
      } else this.unit.markNarrowedToFiledTerms(event.id);
    }
    if (ruled) {
      const wanted = series ? series.occurrences.slice(1) : [];
      await this.syncOccurrences(event.id, stored, wanted, shared, language, text, links);
    }
    return this.view(event.id, language);
  }

  /**
   * Reads a series' lines for an event on `schedule` and expands them to the horizon; a problem
   * with them is added to `problems` (docs/behaviour.md#recurring-events).
   */
  private seriesRule(
    lines: readonly string[],
    schedule: Schedule,
    now: DateTime,
    problems: ParamProblem[],
    reach?: Date | null,
  ): SeriesRule | null {
    try {
      const recurrence = parseRecurrence(lines, schedule.start.zone, schedule.start);
      const horizon = DateTime.max(
        now.plus({ months: RECURRENCE_LIMITS.horizonMonths }),
        schedule.start,
        ...(reach ? [DateTime.fromJSDate(reach, { zone: schedule.start.zone })] : []),
      );
      const { occurrences, continues } = expand(recurrence, schedule, horizon);
      if (occurrences[0]?.start.toMillis() !== schedule.start.toMillis()) {
        problems.push({
          param: 'recurrence',
          message: 'param.invalid',
          reason: 'reason.recurrence-first-excluded',
        });
        return null;
      }
      return { recurrence, occurrences, storedUntil: continues ? horizon.toJSDate() : null };
    } catch (error: unknown) {
      if (!(error instanceof RecurrenceError)) throw error;
      problems.push({
        param: 'recurrence',
        message: 'param.invalid',
        reason: error.reason,
        reasonArgs: error.args,
      });
      return null;
    }
  }

  /**
   * Brings the occurrences of series `seriesId` (`stored`, as `findOccurrences` read them) in
   * line with the ones its rule gives (`wanted`, its first aside), keeping their ids
   * (recurrence/series-plan.ts): those that stay
   * take their new dates and the write's `shared` columns, text and links; exceptions are left
   * as they are; those the rule no longer gives go to the trash; new ones copy the first
   * occurrence. Every change is recorded as the change it is.
   */
  private async syncOccurrences(
    seriesId: number,
    stored: readonly EventEntity[],
    wanted: readonly Occurrence[],
    shared: SharedColumns,
    language: Language,
    text: EventText,
    links: EventLinkWrite,
  ): Promise<void> {
    const plan = planSeries(stored, wanted);
    const now = this.clock.now().toJSDate();
    await this.events.updateMany(
      plan.update.map(({ id, occurrence }) => ({
        id,
        dates: {
          startUtc: occurrence.start.toJSDate(),
          endUtc: occurrence.end.toJSDate(),
          recurrenceId: occurrence.recurrenceId,
        },
      })),
      { ...shared, modifiedUtc: now },
      links,
      { language, text },
    );
    for (const { id } of plan.update) await this.changes.record('event', id, 'updated');
    await this.events.trashMany(plan.trash, now);
    for (const id of plan.trash) await this.changes.record('event', id, 'trashed');
    if (plan.create.length === 0) return;
    const first = await this.events.findById(seriesId);
    if (!first) throw new EventNotFoundError(seriesId);
    await this.createOccurrences(first, plan.create);
  }

  /** Creates `occurrences` of the series whose first occurrence is `first`, copies of it. */
  private async createOccurrences(
    first: EventEntity,
    occurrences: readonly Occurrence[],
  ): Promise<void> {
    const seriesId = first.id;
    const columns = columnsOf(first);
    const slug = first.slug;
    const now = this.clock.now().toJSDate();
    const ids = await this.events.createOccurrences(
      seriesId,
      occurrences.map((occurrence) => ({
        columns: {
          ...columns,
          modifiedUtc: now,
          startUtc: occurrence.start.toJSDate(),
          endUtc: occurrence.end.toJSDate(),
          seriesId,
          recurrence: null,
          recurrenceId: occurrence.recurrenceId,
          recurrenceUntil: null,
          detached: false,
        },
        slugBase: `${slug}-${occurrence.start.toFormat('yyyy-MM-dd')}`,
      })),
    );
    for (const id of ids) await this.changes.record('event', id, 'created');
  }

  private async trash(event: EventEntity, language: Language, viewer: Viewer): Promise<EventView> {
    requireRight(viewer, mayEdit(viewer, event));
    if (event.status === 'trash') throw new EventAlreadyTrashedError();
    const now = this.clock.now().toJSDate();
    await this.events.trash(event.id, now);
    await this.changes.record('event', event.id, 'trashed');
    if (event.seriesId === null) {
      if (hiddenFromPublic(event.status)) this.unit.markUnseenByPublic();
      else this.unit.markNarrowedToFiledTerms(event.id);
    }
    if (event.seriesId === event.id) {
      // The series' first occurrence is the series: its other occurrences go with it.
      const occurrences = (await this.events.findOccurrences(event.id))
        .filter((occurrence) => occurrence.status !== 'trash')
        .map((occurrence) => occurrence.id);
      await this.events.trashMany(occurrences, now);
      for (const id of occurrences) await this.changes.record('event', id, 'trashed');
    }
    return this.view(event.id, language);
  }

  private async byId(id: number): Promise<EventEntity> {
    const event = await this.events.findById(id);
    if (event) return event;
    const kind = await this.posts.kindOf(id);
    if (kind !== null && kind !== 'event') throw new NotAnEventError();
    throw new EventNotFoundError(id);
  }

  /**
   * The event a write by id names. An id that names no event is 404 for callers who may write
   * events and 401/403 for the others (README.md#access).
   */
  private async byIdToWrite(id: number, viewer: Viewer): Promise<EventEntity> {
    try {
      return await this.byId(id);
    } catch (error: unknown) {
      if (error instanceof EventNotFoundError) requireRight(viewer, mayWrite(viewer));
      throw error;
    }
  }

  /**
   * Rights a write needs besides the event's own: giving it to another author (editors), and
   * creating categories or tags by name (those who manage them).
   */
  private requireWriteRights(viewer: Viewer, dto: EventFieldsDto, plan: LinkPlan): void {
    requireAuthorChoice(viewer, dto.author);
    for (const taxonomy of TAXONOMIES) {
      const newNames = plan.terms[taxonomy]?.newNames ?? [];
      if (newNames.length > 0) requireRight(viewer, mayManageTerms(viewer, taxonomy));
    }
  }

  /** Whether `password` is the protected event's password. */
  private async passwordMatches(
    event: EventEntity,
    password: string | undefined,
  ): Promise<boolean> {
    if (event.passwordHash === null || password === undefined) return false;
    return postPasswordMatches(event.passwordHash, password);
  }

  private async bySlug(slug: string): Promise<EventEntity> {
    const event = await this.events.findBySlug(slug);
    if (!event) throw InvalidParamsError.of('slug');
    return event;
  }

  private async view(id: number, language: Language): Promise<EventView> {
    const event = await this.events.findById(id);
    if (!event) throw new EventNotFoundError(id);
    const [view] = await this.withText([event], language);
    if (!view) throw new EventNotFoundError(id);
    return view;
  }

  /** Attaches translations and links to events with a fixed number of queries for the set. */
  private async withText(events: readonly EventEntity[], language: Language): Promise<EventView[]> {
    const [rows, linksOf] = await Promise.all([
      this.events.findTranslations(events.map((event) => event.id)),
      this.links.load(events, language),
    ]);
    return events.map((event) => ({
      event,
      translations: rows.filter((row) => row.eventId === event.id),
      links: linksOf(event.id),
    }));
  }

  /** The venues a distance search keeps, or undefined when none was asked for. */
  private async nearVenues(query: ListEventsQueryDto): Promise<number[] | undefined> {
    const { geoloc_lat: lat, geoloc_lng: lng } = query;
    if (lat === undefined && lng === undefined) return undefined;
    if (lat === undefined || lng === undefined) {
      const missing = lat === undefined ? 'geoloc_lat' : 'geoloc_lng';
      throw InvalidParamsError.of(missing, 'param.geoloc-pair');
    }
    return this.links.venuesNear({
      center: { lat, lng },
      radiusKm: query.geoloc_radius ?? DEFAULT_RADIUS_KM,
    });
  }

  private async requireEvent(id: number, param: string): Promise<void> {
    if (!(await this.posts.is(id, 'event'))) throw InvalidParamsError.of(param, 'param.invalid');
  }

  private async checkParent(
    parent: number | undefined,
    problems: ParamProblem[],
    ownId: number | undefined,
  ): Promise<void> {
    if (!parent) return;
    if (parent === ownId || !(await this.posts.is(parent, 'event'))) {
      problems.push({ param: 'post_parent', message: 'param.invalid' });
    }
  }

  private zone(name: string): Zone {
    return resolveZone(name) ?? this.siteZone;
  }

  private parse(input: string, param: string, zone: Zone, now: DateTime): DateTime {
    const parsed = parseDateInput(input, zone, now);
    if (!parsed) throw InvalidParamsError.of(param, 'param.invalid', 'reason.bad-date');
    return parsed.setZone(zone);
  }

  /** Start and end after all-day normalisation; an end before the start is reported. */
  private schedule(
    start: DateTime,
    end: DateTime,
    allDay: boolean,
    problems: ParamProblem[],
  ): Schedule {
    const bounds = allDay ? allDayBounds(start, end) : { start, end };
    if (bounds.end < bounds.start) {
      problems.push({ param: 'end_date', message: 'param.end-before-start' });
    }
    return bounds;
  }

  private title(raw: string | undefined, problems: ParamProblem[]): string | undefined {
    if (raw === undefined) return undefined;
    const title = toPlainText(raw);
    if (title === '') problems.push({ param: 'title', message: 'param.invalid' });
    return title;
  }

  private text(dto: EventFieldsDto, title: string | undefined): EventText {
    const rich = (value: string | null | undefined): string | undefined =>
      value === undefined ? undefined : sanitizeRichText(value ?? '');
    return { title, description: rich(dto.description), excerpt: rich(dto.excerpt) };
  }

  private cost(input: unknown): string[] | undefined {
    const entries = input === null ? [] : normaliseCostInput(input);
    return entries && entries.length > 0 ? entries : undefined;
  }
}
