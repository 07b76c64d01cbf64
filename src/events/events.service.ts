import { EventReader } from './event-reader';
import {
  Schedule,
  SeriesRule,
  sharedColumns,
  storedReach,
  EventSeriesService,
} from './recurrence/event-series.service';
import { UnitOfWork } from '../database/unit-of-work';
import { SlugRule } from '../posts/unique-slug';
import { Injectable } from '@nestjs/common';
import { DateTime, Zone } from 'luxon';
import {
  mayEdit,
  mayManageTerms,
  mayWrite,
  requireAuthorChoice,
  requireRight,
  scaledStatus,
} from '../access/rights';
import { Viewer } from '../access/viewer';
import { siteZoneOf } from '../common/clock/site-zone';
import { ChangeLog } from '../changes/change-log';
import { Clock } from '../common/clock/clock';
import { parseDateInput, publicationDate, skippedWallClock } from '../common/dates/parse-date';
import { allDayBounds } from '../common/dates/window';
import { resolveZone } from '../common/dates/zones';
import {
  DomainError,
  InvalidParamsError,
  MissingParamsError,
  ParamProblem,
} from '../common/errors/domain-error';
import { Language } from '../common/i18n/language';
import { imageColumns } from '../common/media/image';
import { ImportedShown } from '../posts/imported-shown';
import { normaliseCostInput } from '../common/text/cost';
import { hashPostPassword } from '../posts/post-password';
import { sanitizeRichText, toPlainText } from '../common/text/html';
import { slugify } from '../common/text/slug';
import { AppConfig } from '../config/app-config';
import { PostRegistry } from '../posts/post-registry';
import { originColumns, PostOrigin } from '../posts/post-origin';
import { TAXONOMIES } from '../terms/taxonomy';
import { CreateEventDto } from './dto/create-event.dto';
import { EventFieldsDto } from './dto/event-fields.dto';
import { UpdateEventDto } from './dto/update-event.dto';
import { EventEntity } from './entities/event.entity';
import { hiddenFromPublic, statusOnSave } from '../posts/post-status';
import { EventAlreadyTrashedError, EventNotFoundError } from './events.errors';
import { EventView } from './events.mapper';
import { EventColumns, EventsRepository, EventText, NewEvent } from './events.repository';
import { eventReach } from './event-reach';
import {
  createsItems,
  EventLinksService,
  KnownLinks,
  LinkPlan,
  ResolvedLinks,
} from './links/event-links.service';
import {
  parseRecurrence,
  RecurrenceError,
  recurrenceInstant,
  recurrenceLines,
  SplitLines,
  splitRecurrence,
} from './recurrence/recurrence';

/** An event to create: its input, and for an imported one where it came from and what it showed. */
export interface NewEventEntry {
  readonly dto: CreateEventDto;
  readonly origin?: PostOrigin;
  readonly imported?: ImportedShown;
}

/** What became of one entry of {@link EventsService.createMany}. */
export type CreateOutcome = { readonly id: number } | { readonly error: DomainError } | 'single';

/** A create's input once checked: what the write needs besides the links' ids. */
interface CheckedCreate extends NewEventEntry {
  readonly now: DateTime;
  readonly zoneName: string;
  readonly schedule: Schedule;
  readonly title: string | undefined;
  readonly series: SeriesRule | null;
  readonly plan: LinkPlan;
}

/** The events aggregate's writes: create, update (a series, or this and following), trash. */
@Injectable()
export class EventsService {
  private readonly siteZone: Zone;

  constructor(
    private readonly events: EventsRepository,
    private readonly posts: PostRegistry,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly links: EventLinksService,
    private readonly changes: ChangeLog,
    private readonly unit: UnitOfWork,
    private readonly reader: EventReader,
    private readonly series: EventSeriesService,
  ) {
    this.siteZone = siteZoneOf(config);
  }

  /**
   * Creates an event whose text is written in `language`, which becomes its original language.
   * An imported event brings its `origin`: its source id, kept when free, and its global ids;
   * and the cost its source showed, shown as it was instead of what this service's rules make
   * of `dto.cost` (until a client writes a cost).
   */
  async create(
    dto: CreateEventDto,
    language: Language,
    viewer: Viewer,
    slugRule: SlugRule,
    origin?: PostOrigin,
    imported?: ImportedShown,
  ): Promise<EventView> {
    const checked = await this.checkCreate({ dto, origin, imported }, language, viewer);
    const links = await this.links.resolve(checked.plan, language, viewer);
    const created = await this.newEvent(checked, language, viewer, links);
    const id = await this.events.create(
      created.columns,
      created.slugBase,
      slugRule,
      language,
      created.text,
      created.links,
      origin?.id,
      checked.series !== null,
    );
    await this.changes.record('event', id, 'created');
    const { series } = checked;
    if (series === null && !createsItems(checked.plan)) {
      if (hiddenFromPublic(created.columns.status)) this.unit.markUnseenByPublic();
      else {
        // What noteReach would read back: the text, venue and organizers just written.
        const { text, columns } = created;
        this.unit.noteReach(eventReach([text], columns.venueId, created.links.organizerIds ?? []));
        this.unit.markNarrowedToFiledTerms(id);
      }
    }
    if (series) {
      await this.series.syncOccurrences(
        id,
        [],
        series.occurrences.slice(1),
        {},
        language,
        {},
        { termIds: {} },
      );
    }
    return this.reader.view(id, language);
  }

  /**
   * Creates many events in the running unit of work, as {@link create} creates each (the same
   * checks, rights and stored values, slugs next-free) but written together in a few statements
   * (an import's page). Returns each entry's outcome in order: its new id; the error that
   * refused it (nothing of it is written, the others are); or `single` for an entry that
   * {@link create} must write on its own, one that starts a series or creates venues, organizers
   * or terms inline. The unit is not narrowed to any one event, so a read cache drops what it
   * kept once, at the commit.
   */
  async createMany(
    entries: readonly NewEventEntry[],
    language: Language,
    viewer: Viewer,
  ): Promise<CreateOutcome[]> {
    const outcomes: CreateOutcome[] = [];
    const written: { index: number; event: NewEvent }[] = [];
    const known = await this.links.knownLinks(entries.map((entry) => entry.dto));
    for (const [index, entry] of entries.entries()) {
      try {
        const checked = await this.checkCreate(entry, language, viewer, known);
        if (checked.series !== null || createsItems(checked.plan)) {
          outcomes.push('single');
          continue;
        }
        const links = await this.links.resolve(checked.plan, language, viewer);
        written.push({ index, event: await this.newEvent(checked, language, viewer, links) });
        outcomes.push({ id: 0 });
      } catch (error: unknown) {
        if (!(error instanceof DomainError)) throw error;
        outcomes.push({ error });
      }
    }
    const ids = await this.events.createMany(written.map(({ event }) => event));
    for (const [at, { index }] of written.entries()) {
      const id = ids[at] ?? 0;
      outcomes[index] = { id };
      await this.changes.record('event', id, 'created');
    }
    return outcomes;
  }

  /** A create's input checked as {@link create} checks it, before anything is written. */
  private async checkCreate(
    entry: NewEventEntry,
    language: Language,
    viewer: Viewer,
    known?: KnownLinks,
  ): Promise<CheckedCreate> {
    const { dto } = entry;
    const { start_date: startInput, end_date: endInput } = dto;
    if (startInput === undefined || endInput === undefined) {
      throw new MissingParamsError(['start_date', 'end_date']);
    }
    const now = this.clock.now();
    const zoneName = dto.timezone?.trim() || this.config.SITE_TIMEZONE;
    const zone = this.zone(zoneName);
    const problems: ParamProblem[] = [];
    const schedule = this.schedule(
      this.parse(startInput, 'start_date', zone, now, dto.all_day ?? false),
      this.parse(endInput, 'end_date', zone, now, dto.all_day ?? false),
      dto.all_day ?? false,
      problems,
    );
    await this.checkParent(dto.post_parent, problems, undefined);
    const title = this.title(dto.title, problems);
    const lines = dto.recurrence === undefined ? [] : recurrenceLines(dto.recurrence);
    const series =
      lines.length > 0
        ? this.series.seriesRule(lines, schedule, now, problems, { sent: true })
        : null;
    const plan = await this.links.plan(dto, language, problems, known);
    if (problems.length > 0) throw new InvalidParamsError(problems);
    requireRight(viewer, mayWrite(viewer));
    this.requireWriteRights(viewer, dto, plan);
    return { ...entry, now, zoneName, schedule, title, series, plan };
  }

  /** What a checked create stores, once its links are resolved to ids. */
  private async newEvent(
    checked: CheckedCreate,
    language: Language,
    viewer: Viewer,
    links: ResolvedLinks,
  ): Promise<NewEvent> {
    const { dto, now, schedule, series, title, origin, imported } = checked;
    const dateUtc = publicationDate(dto, this.siteZone, now) ?? now;
    const status = scaledStatus(viewer, dto.status, true) ?? 'publish';
    const columns: EventColumns = {
      status: statusOnSave(status, dateUtc.toJSDate(), now.toJSDate()),
      author: dto.author ?? viewer.userId ?? 0,
      passwordHash: dto.password ? await hashPostPassword(dto.password) : null,
      originalLanguage: language,
      dateUtc: dateUtc.toJSDate(),
      modifiedUtc: now.toJSDate(),
      timezone: checked.zoneName,
      startUtc: schedule.start.toJSDate(),
      endUtc: schedule.end.toJSDate(),
      allDay: dto.all_day ?? false,
      cost: this.cost(dto.cost) ?? null,
      costShown: imported?.costShown ?? null,
      website: dto.website || null,
      showMap: dto.show_map ?? true,
      showMapLink: dto.show_map_link ?? true,
      hideFromListings: dto.hide_from_listings ?? false,
      sticky: dto.sticky ?? false,
      featured: dto.featured ?? false,
      ...imageColumns(dto.image, imported?.imageShown ?? null),
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
    return {
      columns,
      slugBase: (id) => requestedSlug || slugify(title ?? '') || `event-${id}`,
      language,
      text: this.text(dto, title),
      links,
      ...(origin ? { wish: origin.id } : {}),
    };
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

  /** An imported event's update: `dto`, with the cost its source showed (see {@link create}). */
  async updateImported(
    id: number,
    dto: UpdateEventDto,
    language: Language,
    viewer: Viewer,
    imported: ImportedShown,
  ): Promise<EventView> {
    return this.update(await this.byIdToWrite(id, viewer), dto, language, viewer, imported);
  }

  async updateBySlug(
    slug: string,
    dto: UpdateEventDto,
    language: Language,
    viewer: Viewer,
    scope?: 'following',
  ): Promise<EventView> {
    return this.updateIn(await this.reader.bySlug(slug), dto, language, viewer, scope);
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
    const series = await this.reader.byId(event.seriesId);
    requireRight(viewer, mayEdit(viewer, series) && mayEdit(viewer, event));
    const zone = this.zone(series.timezone);
    const first = DateTime.fromJSDate(series.startUtc, { zone });
    const recurrenceId =
      event.recurrenceId ??
      DateTime.fromJSDate(event.startUtc, { zone }).toFormat("yyyyMMdd'T'HHmmss");
    const at = recurrenceInstant(recurrenceId, zone);
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
    return this.update(await this.reader.byId(event.id), dto, language, viewer);
  }

  async trashById(id: number, language: Language, viewer: Viewer): Promise<EventView> {
    return this.trash(await this.byIdToWrite(id, viewer), language, viewer);
  }

  async trashBySlug(slug: string, language: Language, viewer: Viewer): Promise<EventView> {
    return this.trash(await this.reader.bySlug(slug), language, viewer);
  }

  /** Applies the fields `dto` carries; everything it leaves out keeps its value (docs/behaviour.md#writes). */
  private async update(
    event: EventEntity,
    dto: UpdateEventDto,
    language: Language,
    viewer: Viewer,
    imported?: ImportedShown,
  ): Promise<EventView> {
    const now = this.clock.now();
    const oldZone = this.zone(event.timezone);
    const zoneName =
      dto.timezone === undefined
        ? event.timezone
        : dto.timezone.trim() || this.config.SITE_TIMEZONE;
    const zone = this.zone(zoneName);
    const allDay = dto.all_day ?? event.allDay;
    // A new zone keeps the wall-clock times (one the new zone skips is refused as if sent);
    // the same zone keeps the instants, the second of a repeated hour's two included.
    const keepWallClock = (instant: Date, param: string): DateTime =>
      zone.equals(oldZone)
        ? DateTime.fromJSDate(instant, { zone })
        : this.parse(
            DateTime.fromJSDate(instant, { zone: oldZone }).toFormat('yyyy-MM-dd HH:mm:ss'),
            param,
            zone,
            now,
            allDay,
          );
    const problems: ParamProblem[] = [];
    const schedule = this.schedule(
      dto.start_date !== undefined
        ? this.parse(dto.start_date, 'start_date', zone, now, allDay)
        : keepWallClock(event.startUtc, 'start_date'),
      dto.end_date !== undefined
        ? this.parse(dto.end_date, 'end_date', zone, now, allDay)
        : keepWallClock(event.endUtc, 'end_date'),
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
        ? this.series.seriesRule(lines, schedule, now, problems, {
            reach: storedReach(event, stored),
            sent: dto.recurrence !== undefined,
          })
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
    if (dto.cost !== undefined) {
      columns.cost = this.cost(dto.cost) ?? null;
      // A cost written here is shown by this service's rules; an import's keeps its source's.
      columns.costShown = imported?.costShown ?? null;
    }
    if (dto.website !== undefined) columns.website = dto.website || null;
    if (dto.image !== undefined) {
      Object.assign(columns, imageColumns(dto.image, imported?.imageShown ?? null));
    }
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
    const narrowed = event.seriesId === null && !ruled && !createsItems(plan);
    // What the event reached before (its text's searches, venue, organizers); after: below.
    if (narrowed) await this.noteReach(event.id);
    await this.events.update(event.id, columns, slugBase, language, text, links);
    await this.changes.record('event', event.id, 'updated');
    if (narrowed) {
      if (hiddenFromPublic(event.status) && hiddenFromPublic(columns.status ?? event.status)) {
        this.unit.markUnseenByPublic();
      } else await this.narrowTo(event.id);
    }
    if (ruled) {
      const wanted = series ? series.occurrences.slice(1) : [];
      await this.series.syncOccurrences(event.id, stored, wanted, shared, language, text, links);
    }
    return this.reader.view(event.id, language);
  }

  private async trash(event: EventEntity, language: Language, viewer: Viewer): Promise<EventView> {
    requireRight(viewer, mayEdit(viewer, event));
    if (event.status === 'trash') throw new EventAlreadyTrashedError();
    const now = this.clock.now().toJSDate();
    await this.events.trash(event.id, now);
    // An occurrence trashed on its own is an exception: later rule changes leave it out.
    if (event.seriesId !== null && event.seriesId !== event.id) {
      await this.events.setSeries(event.id, { detached: true });
    }
    await this.changes.record('event', event.id, 'trashed');
    if (event.seriesId === null) {
      if (hiddenFromPublic(event.status)) this.unit.markUnseenByPublic();
      else await this.narrowTo(event.id);
    }
    if (event.seriesId === event.id) {
      // The series' first occurrence is the series: its other occurrences go with it.
      const occurrences = (await this.events.findOccurrences(event.id))
        .filter((occurrence) => occurrence.status !== 'trash')
        .map((occurrence) => occurrence.id);
      await this.events.trashMany(occurrences, now);
      for (const id of occurrences) await this.changes.record('event', id, 'trashed');
    }
    return this.reader.view(event.id, language);
  }

  /**
   * The event a write by id names. An id that names no event is 404 for callers who may write
   * events and 401/403 for the others (README.md#access).
   */
  private async byIdToWrite(id: number, viewer: Viewer): Promise<EventEntity> {
    try {
      return await this.reader.byId(id);
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

  /**
   * An event's start or end. A wall-clock time a DST change skips in `zone` is refused, naming
   * the time it would move to (docs/behaviour.md#events): where the clock jumps,
   * what the caller meant (the instant before or after, the length kept or not) is a guess.
   * All-day events take whole days, so their times never matter.
   */
  private parse(
    input: string,
    param: string,
    zone: Zone,
    now: DateTime,
    allDay: boolean,
  ): DateTime {
    const parsed = parseDateInput(input, zone, now);
    if (!parsed) throw InvalidParamsError.of(param, 'param.invalid', 'reason.bad-date');
    const skipped = allDay ? null : skippedWallClock(input, zone, now);
    if (skipped !== null) {
      throw new InvalidParamsError([
        {
          param,
          message: 'param.invalid',
          reason: 'reason.date-in-gap',
          reasonArgs: {
            value: skipped,
            zone: zone.name,
            moved: parsed.setZone(zone).toFormat('yyyy-MM-dd HH:mm:ss'),
          },
        },
      ]);
    }
    return parsed.setZone(zone);
  }

  /**
   * Marks the running unit as event `id`'s own write, with what the event reaches as the write
   * leaves it (see {@link noteReach}).
   */
  private async narrowTo(id: number): Promise<void> {
    await this.noteReach(id);
    this.unit.markNarrowedToFiledTerms(id);
  }

  /**
   * Notes, in the running unit, what event `id` reaches as stored now, which a write of it may
   * change: the searches its text can match (the beginnings of its words in every language,
   * `search/search-keys.ts`) and the lists of its venue and organizers.
   */
  private async noteReach(id: number): Promise<void> {
    const [rows, event, organizers] = await Promise.all([
      this.events.findTranslations([id]),
      this.events.findById(id),
      this.events.findOrganizerLinks([id]),
    ]);
    this.unit.noteReach(
      eventReach(
        rows,
        event?.venueId,
        organizers.map((link) => link.organizerId),
      ),
    );
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
    return { ...bounds, allDay };
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
