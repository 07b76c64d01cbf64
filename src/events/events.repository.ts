import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { Language } from '../common/i18n/language';
import { PostRegistry } from '../posts/post-registry';
import { PostLinks } from '../posts/post-links';
import { UnitOfWork } from '../database/unit-of-work';
import { PlainRows, PlainRowsOptions } from '../database/plain-rows';
import { moveTermCounts, shiftTermCounts, taxonomyTermIdsQuery } from '../terms/term-catalog';
import { EventTermLink, TermLinks } from '../terms/term-links';
import { toSqlDateTime } from '../database/sql-values';
import { insertRows } from '../database/bulk-insert';

import { writeTranslation, writeTranslations } from '../posts/translations';
import {
  asSlugConflict,
  freeSlugsFor,
  SlugRule,
  SlugScope,
  writeWithUniqueSlug,
} from '../posts/unique-slug';
import { EventEntity } from './entities/event.entity';
import { EventTranslationEntity } from './entities/event-translation.entity';
import { EventOrganizerEntity } from './entities/event-organizer.entity';
import { EventTermEntity } from './entities/event-term.entity';

import {
  refreshEventListing,
  refreshEventsListing,
  refreshTermListing,
  filedTerms,
} from './listing/term-listing';
import { chunksOf, countedKeys, countedKeysOf, marksFor } from './listing/day-counts';

import { Taxonomy } from '../terms/taxonomy';

/** Links to store with an event write; a missing member is left as it is. */
export interface EventLinkWrite {
  readonly organizerIds?: readonly number[];
  readonly termIds: Partial<Record<Taxonomy, readonly number[]>>;
}

/** An event {@link EventsRepository.createMany} creates. */
export interface NewEvent {
  readonly columns: EventColumns;
  /** The base its slug is made from, given its id. */
  readonly slugBase: (id: number) => string;
  /** Its original language, which `text` is written in. */
  readonly language: Language;
  readonly text: EventText;
  readonly links: EventLinkWrite;
  /** The id it would keep (an imported event's source id), when free. */
  readonly wish?: number;
}

/** No terms: an event not stored as `publish` counts in none. */
const NOT_COUNTED: readonly number[] = [];

/** The text of one language to write; undefined fields are left as they are. */
export type EventText = Partial<Pick<EventTranslationEntity, 'title' | 'description' | 'excerpt'>>;

/** Event columns a write sets (everything but the id and slug). */
export type EventColumns = Omit<EventEntity, 'id' | 'slug' | 'translations'>;

const EVENT_SLUGS: SlugScope<EventEntity> = { target: EventEntity };

/** An occurrence's own columns, which a series edit writes row by row. */
export type OccurrenceDates = Pick<EventColumns, 'startUtc' | 'endUtc' | 'recurrenceId'>;

/** Writes each row's `dates` in one statement (`CASE id WHEN … THEN …` per column). */
async function writeDates(
  manager: EntityManager,
  rows: ReadonlyArray<{ id: number; dates?: OccurrenceDates }>,
): Promise<void> {
  const dated = rows.flatMap(({ id, dates }) => (dates ? [{ id, dates }] : []));
  if (dated.length === 0) return;
  const cases = `CASE id ${dated.map(() => 'WHEN ? THEN ?').join(' ')} END`;
  const values = (pick: (dates: OccurrenceDates) => string | null): (number | string | null)[] =>
    dated.flatMap(({ id, dates }) => [id, pick(dates)]);
  await manager.query(
    `UPDATE events SET start_utc = ${cases}, end_utc = ${cases}, recurrence_id = ${cases} ` +
      `WHERE id IN (${marksFor(dated)})`,
    [
      ...values((dates) => toSqlDateTime(dates.startUtc)),
      ...values((dates) => toSqlDateTime(dates.endUtc)),
      ...values((dates) => dates.recurrenceId),
      ...dated.map(({ id }) => id),
    ],
  );
}

/**
 * The rows single reads and renderings read whole by key, without the query builder
 * (database/plain-rows.ts).
 */
const EVENT_ROWS = new PlainRows(EventEntity);
const TRANSLATION_ROWS = new PlainRows(EventTranslationEntity);
const ORGANIZER_LINK_ROWS = new PlainRows(EventOrganizerEntity);
const TERM_LINK_ROWS = new PlainRows(EventTermEntity);

/**
 * The only place that writes events in SQL, and reads them by id, slug and series (their lists:
 * listing/event-list.repository.ts).
 */
@Injectable()
export class EventsRepository implements OnModuleInit {
  constructor(
    private readonly posts: PostRegistry,
    private readonly unit: UnitOfWork,
    private readonly links: PostLinks,
    private readonly termLinks: TermLinks,
  ) {}

  /**
   * The links to venues, organizers and terms are events' rows: trashing a venue or organizer
   * (post-links.ts), or moving or deleting a category (term-links.ts), asks here to follow, in
   * the unit of work of that write; reading an event for a link filter, the venues' and
   * organizers' `has_events` subqueries and the terms' counts and `event` filter ask here too.
   */
  onModuleInit(): void {
    this.links.registerEventReader((id) =>
      this.unit.manager.getRepository(EventEntity).findOne({
        where: { id },
        select: { id: true, status: true, author: true, dateUtc: true, passwordHash: true },
      }),
    );
    this.termLinks.register({
      moved: (termId, formerParent) => refreshTermListing(this.unit.manager, termId, formerParent),
      removing: async (termId, parent) => {
        await refreshTermListing(this.unit.manager, termId, parent, true);
        await this.unit.manager.delete(EventTermEntity, { termId });
      },
      termsOf: async (eventId) => (await this.findTermLinks([eventId])).map((link) => link.termId),
      lateScheduledCounts: (now) => this.lateScheduledTermCounts(now),
    });
    this.links.register(
      'venue',
      (id) => this.unit.manager.update(EventEntity, { venueId: id }, { venueId: null }),
      (sub, events, item) => {
        sub.from(EventEntity, events).where(`${events}.venueId = ${item}.id`);
      },
    );
    this.links.register(
      'organizer',
      (id) => this.unit.manager.delete(EventOrganizerEntity, { organizerId: id }),
      (sub, events, item) => {
        const link = `${events}_link`;
        sub
          .from(EventOrganizerEntity, link)
          .innerJoin(EventEntity, events, `${events}.id = ${link}.eventId`)
          .where(`${link}.organizerId = ${item}.id`);
      },
    );
  }

  /** The term links of all `eventIds`, in one query. */
  async findTermLinks(eventIds: readonly number[]): Promise<EventTermLink[]> {
    if (eventIds.length === 0) return [];
    const rows = await TERM_LINK_ROWS.where(this.unit.manager, 'eventId', [...new Set(eventIds)]);
    return rows.map((row) => ({ eventId: row.eventId, termId: row.termId }));
  }

  /**
   * Scheduled (`future`) events whose date has passed, per term: read from
   * `idx_events_scheduled`, so only those few events are visited.
   */
  private async lateScheduledTermCounts(now: Date): Promise<Map<number, number>> {
    const query = this.unit.manager
      .createQueryBuilder(EventEntity, 'e')
      .innerJoin(EventTermEntity, 'et', 'et.eventId = e.id')
      .select('et.termId', 'term_id')
      .addSelect('COUNT(*)', 'total')
      .where("e.status = 'future'")
      .andWhere('e.dateUtc <= :now', { now })
      .groupBy('et.termId');
    const rows = await query.getRawMany<{ term_id: number | string; total: number | string }>();
    return new Map(rows.map((row) => [Number(row.term_id), Number(row.total)]));
  }

  /** The event `id`; inside a write, its row stays locked until the commit. */
  async findById(id: number): Promise<EventEntity | null> {
    const [event] = await EVENT_ROWS.where(this.unit.manager, 'id', [id], this.locked);
    return event ?? null;
  }

  /** Inside a write, a read's rows stay locked until the commit (UnitOfWork.rowLock). */
  private get locked(): PlainRowsOptions<EventEntity> {
    return { lock: this.unit.rowLock.lock !== undefined };
  }

  /** The event `slug` names; inside a write, its row stays locked until the commit. */
  async findBySlug(slug: string): Promise<EventEntity | null> {
    const [event] = await EVENT_ROWS.where(this.unit.manager, 'slug', [slug], this.locked);
    return event ?? null;
  }

  /** The translations of all `eventIds`, in one query. */
  async findTranslations(eventIds: readonly number[]): Promise<EventTranslationEntity[]> {
    if (eventIds.length === 0) return [];
    return TRANSLATION_ROWS.where(this.unit.manager, 'eventId', eventIds);
  }

  /**
   * Creates an event with a slug made from `slugBase` by `slugRule`; returns its id (`wish` when
   * that id is free, see PostRegistry.allocate). `ownSeries`: the event is the first occurrence
   * of a new series, whose id is its own.
   */
  async create(
    columns: EventColumns,
    slugBase: (id: number) => string,
    slugRule: SlugRule,
    language: Language,
    text: EventText,
    links: EventLinkWrite,
    wish?: number,
    ownSeries = false,
  ): Promise<number> {
    return this.unit.transaction(async (manager) => {
      const id = await this.insertEvent(manager, columns, slugBase, slugRule, wish, ownSeries);
      await manager.insert(EventTranslationEntity, {
        eventId: id,
        language,
        title: text.title ?? null,
        description: text.description ?? null,
        excerpt: text.excerpt ?? null,
      });
      await this.writeLinks(manager, id, links, true);
      // What countedTerms would read back: the terms count an event stored as `publish`.
      const counted = columns.status === 'publish' ? Object.values(links.termIds).flat() : [];
      await moveTermCounts(manager, NOT_COUNTED, [...new Set(counted)]);
      await refreshEventListing(manager, id, [], true);
      return id;
    });
  }

  /**
   * Creates `events`, none of them a series, together in a fixed number of statements per chunk
   * whatever their number (the bulk form of {@link create}, for an import's pages): ids (each
   * its `wish` when free), slugs next-free from each base, the rows, their text, links, term
   * counts, listing rows and day counts. Returns the ids in the order of `events`.
   */
  async createMany(events: readonly NewEvent[]): Promise<number[]> {
    if (events.length === 0) return [];
    return this.unit.transaction(async (manager) => {
      const ids = await this.posts.allocateWished(
        manager,
        'event',
        events.map((event) => event.wish),
      );
      const slugs = await freeSlugsFor(
        manager,
        EVENT_SLUGS,
        events.map((event, index) => event.slugBase(ids[index] ?? 0)),
      );
      const termIdsOf = (event: NewEvent): number[] => Object.values(event.links.termIds).flat();
      try {
        await insertRows(
          manager,
          EventEntity,
          events.map((event, index) => ({
            ...event.columns,
            seriesId: null,
            id: ids[index] ?? 0,
            slug: slugs[index] ?? '',
          })),
          100,
        );
      } catch (error: unknown) {
        throw asSlugConflict(error);
      }
      await insertRows(
        manager,
        EventTranslationEntity,
        events.map(({ language, text }, index) => ({
          eventId: ids[index] ?? 0,
          language,
          title: text.title ?? null,
          description: text.description ?? null,
          excerpt: text.excerpt ?? null,
        })),
      );
      await insertRows(
        manager,
        EventOrganizerEntity,
        events.flatMap((event, index) =>
          (event.links.organizerIds ?? []).map((organizerId, position) => ({
            eventId: ids[index] ?? 0,
            organizerId,
            position,
          })),
        ),
      );
      await insertRows(
        manager,
        EventTermEntity,
        events.flatMap((event, index) =>
          [...new Set(termIdsOf(event))].map((termId) => ({ eventId: ids[index] ?? 0, termId })),
        ),
      );
      // What countedTermsOf would read back: the terms count an event stored as `publish`.
      const deltas = new Map<number, number>();
      for (const event of events) {
        if (event.columns.status !== 'publish') continue;
        for (const termId of new Set(termIdsOf(event))) {
          deltas.set(termId, (deltas.get(termId) ?? 0) + 1);
        }
      }
      await shiftTermCounts(manager, deltas);
      await refreshEventsListing(manager, ids, new Map(), true);
      return ids;
    });
  }

  /** Updates an event's columns, slug (made unique) and the text of one language, together. */
  async update(
    id: number,
    columns: Partial<EventColumns>,
    slugBase: string | undefined,
    language: Language,
    text: EventText,
    links: EventLinkWrite,
  ): Promise<void> {
    await this.unit.transaction(async (manager) => {
      const counted = await countedKeys(manager, id, true);
      const before = await this.countedTerms(manager, id);
      if (Object.keys(columns).length > 0) await manager.update(EventEntity, { id }, columns);
      await this.writeLinks(manager, id, links);
      await moveTermCounts(manager, before, await this.countedTerms(manager, id));
      if (slugBase !== undefined) {
        await writeWithUniqueSlug(manager, EVENT_SLUGS, slugBase, id, (slug) =>
          manager.update(EventEntity, { id }, { slug }),
        );
      }
      await writeTranslation(manager, EventTranslationEntity, 'eventId', id, language, text);
      await refreshEventListing(manager, id, counted);
    });
  }

  /**
   * Creates occurrences of series `seriesId` (docs/behaviour.md#recurring-events), one per
   * entry of `rows`, and returns their ids in that order, in a fixed number of statements per
   * chunk of rows whatever their number: ids and slugs are taken for all at once, and the text
   * in every language, the links and the terms of the series' first occurrence are read once and
   * copied to each with multi-row inserts.
   */
  async createOccurrences(
    seriesId: number,
    rows: ReadonlyArray<{ columns: EventColumns; slugBase: string }>,
  ): Promise<number[]> {
    if (rows.length === 0) return [];
    return this.unit.transaction(async (manager) => {
      const { translations, organizers, termIds } = await textAndLinksOf(manager, seriesId);
      const ids = await this.posts.allocateMany(manager, 'event', rows.length);
      const slugs = await freeSlugsFor(
        manager,
        EVENT_SLUGS,
        rows.map((row) => row.slugBase),
      );
      const events = rows.map((row, index) => ({
        ...row.columns,
        id: ids[index] ?? 0,
        slug: slugs[index] ?? '',
      }));
      try {
        await insertRows(manager, EventEntity, events, 100);
      } catch (error: unknown) {
        throw asSlugConflict(error);
      }
      await copyTextAndLinks(manager, ids, translations, organizers, termIds);
      // What countedTermsOf would read back: the terms count an event stored as `publish`.
      const published = rows.filter((row) => row.columns.status === 'publish').length;
      await shiftTermCounts(manager, new Map(termIds.map((termId) => [termId, published])));
      await refreshEventsListing(manager, ids, new Map(), true);
      return ids;
    });
  }

  /**
   * Updates occurrences of a series together (docs/behaviour.md#recurring-events), in a fixed
   * number of statements per chunk of them: each takes its own `dates` (when given) and all
   * take the same `shared` columns, text of `language` and `links`; their term counts, listing
   * rows and day counts move with them.
   */
  async updateMany(
    rows: ReadonlyArray<{ id: number; dates?: OccurrenceDates }>,
    shared: Partial<EventColumns>,
    links: EventLinkWrite,
    translation?: { readonly language: Language; readonly text: EventText },
  ): Promise<void> {
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return;
    await this.unit.transaction(async (manager) => {
      const counted = await countedKeysOf(manager, ids, true);
      const before = await this.countedTermsOf(manager, ids);
      if (Object.keys(shared).length > 0) {
        for (const chunk of chunksOf(ids)) {
          await manager.update(EventEntity, { id: In(chunk) }, shared);
        }
      }
      for (const chunk of chunksOf(rows.filter((row) => row.dates !== undefined))) {
        await writeDates(manager, chunk);
      }
      await this.writeLinksOf(manager, ids, links);
      await this.shiftCountsFrom(manager, ids, before);
      if (translation) {
        const { language, text } = translation;
        for (const chunk of chunksOf(ids)) {
          await writeTranslations(
            manager,
            EventTranslationEntity,
            'eventId',
            chunk,
            language,
            text,
          );
        }
      }
      await refreshEventsListing(manager, ids, counted);
    });
  }

  /**
   * Brings occurrences `ids` of series `seriesId` back in line with its first occurrence
   * (docs/behaviour.md#recurring-events), as createOccurrences copies it: they take the
   * `shared` columns, and the first occurrence's text in every language, organizers and terms
   * replace their own. Their term counts and listing rows move with them.
   */
  async copyFirstTo(
    seriesId: number,
    ids: readonly number[],
    shared: Partial<EventColumns>,
  ): Promise<void> {
    if (ids.length === 0) return;
    await this.unit.transaction(async (manager) => {
      const { translations, organizers, termIds } = await textAndLinksOf(manager, seriesId);
      const counted = await countedKeysOf(manager, ids, true);
      const before = await this.countedTermsOf(manager, ids);
      for (const chunk of chunksOf(ids)) {
        await manager.update(EventEntity, { id: In(chunk) }, shared);
        await manager.delete(EventTranslationEntity, { eventId: In(chunk) });
        await manager.delete(EventOrganizerEntity, { eventId: In(chunk) });
        await manager.delete(EventTermEntity, { eventId: In(chunk) });
      }
      await copyTextAndLinks(manager, ids, translations, organizers, termIds);
      await this.shiftCountsFrom(manager, ids, before);
      await refreshEventsListing(manager, ids, counted);
    });
  }

  /** Moves term counts by how the terms events `ids` count in changed since `before`. */
  private async shiftCountsFrom(
    manager: EntityManager,
    ids: readonly number[],
    before: ReadonlyMap<number, readonly number[]>,
  ): Promise<void> {
    const after = await this.countedTermsOf(manager, ids);
    const deltas = new Map<number, number>();
    const add = (termIds: readonly number[] | undefined, delta: number): void => {
      for (const termId of termIds ?? []) deltas.set(termId, (deltas.get(termId) ?? 0) + delta);
    };
    for (const id of ids) {
      add(before.get(id), -1);
      add(after.get(id), 1);
    }
    await shiftTermCounts(manager, deltas);
  }

  /** Inserts an event's row with a new id (`wish` when free) and a unique slug. */
  private async insertEvent(
    manager: EntityManager,
    columns: EventColumns,
    slugBase: (id: number) => string,
    slugRule: SlugRule,
    wish?: number,
    ownSeries = false,
  ): Promise<number> {
    const id = await this.posts.allocate(manager, 'event', wish);
    const seriesId = ownSeries ? id : columns.seriesId;
    await writeWithUniqueSlug(
      manager,
      EVENT_SLUGS,
      slugBase(id),
      id,
      (slug) => manager.insert(EventEntity, { ...columns, seriesId, id, slug }),
      slugRule,
    );
    return id;
  }

  /** The other occurrences of series `seriesId` (not its first), in start order. */
  async findOccurrences(seriesId: number): Promise<EventEntity[]> {
    return this.unit
      .lockedInWrites(
        this.unit.manager
          .createQueryBuilder(EventEntity, 'e')
          .where('e.seriesId = :seriesId', { seriesId })
          .andWhere('e.id <> :seriesId')
          .orderBy('e.startUtc', 'ASC')
          .addOrderBy('e.id', 'ASC'),
      )
      .getMany();
  }

  /**
   * Moves the occurrences of series `from` whose original start is `recurrenceId` or later to
   * series `to`; returns their ids.
   */
  async moveOccurrences(from: number, to: number, recurrenceId: string): Promise<number[]> {
    const rows = await this.unit
      .lockedInWrites(
        this.unit.manager
          .createQueryBuilder(EventEntity, 'e')
          .select('e.id', 'id')
          .where('e.seriesId = :from', { from })
          .andWhere('e.id <> :from')
          .andWhere('e.recurrenceId >= :recurrenceId', { recurrenceId }),
      )
      .getRawMany<{ id: number | string }>();
    const ids = rows.map((row) => Number(row.id));
    if (ids.length > 0) {
      await this.unit.manager.update(EventEntity, { id: In(ids) }, { seriesId: to });
    }
    return ids;
  }

  /**
   * Series whose rule goes on past the occurrences stored and whose stored occurrences end before
   * `due` (`idx_events_series_horizon`), at most `limit`, the longest due first.
   */
  async seriesDue(due: Date, limit: number): Promise<number[]> {
    const rows = await this.unit.manager
      .createQueryBuilder(EventEntity, 'e')
      .select('e.id', 'id')
      .where('e.recurrenceUntil < :due', { due })
      .orderBy('e.recurrenceUntil', 'ASC')
      .limit(limit)
      .getRawMany<{ id: number | string }>();
    return rows.map((row) => Number(row.id));
  }

  /** Sets the series columns of event `id` (they are in no index a list reads). */
  async setSeries(
    id: number,
    series: Partial<
      Pick<
        EventColumns,
        'seriesId' | 'recurrence' | 'recurrenceId' | 'recurrenceUntil' | 'detached'
      >
    >,
  ): Promise<void> {
    await this.unit.manager.update(EventEntity, { id }, series);
  }

  /** The terms each of `eventIds` is filed under, with every category above its categories. */
  async findFiledTerms(eventIds: readonly number[]): Promise<Map<number, Set<number>>> {
    if (eventIds.length === 0) return new Map();
    return filedTerms(this.unit.manager, eventIds);
  }

  /** The organizer links of `eventIds`, in each event's order. */
  async findOrganizerLinks(eventIds: readonly number[]): Promise<EventOrganizerEntity[]> {
    if (eventIds.length === 0) return [];
    return ORGANIZER_LINK_ROWS.where(this.unit.manager, 'eventId', eventIds, {
      orderBy: ['eventId', 'position'],
    });
  }

  /** Moves an event to the trash. */
  async trash(id: number, modifiedUtc: Date): Promise<void> {
    await this.trashMany([id], modifiedUtc);
  }

  /** Moves events `ids` to the trash together (a series and its occurrences). */
  async trashMany(ids: readonly number[], modifiedUtc: Date): Promise<void> {
    await this.updateMany(
      ids.map((id) => ({ id })),
      { status: 'trash', modifiedUtc },
      { termIds: {} },
    );
  }

  /** The terms whose stored count includes event `id`: its terms while it is stored as `publish`. */
  private async countedTerms(manager: EntityManager, id: number): Promise<readonly number[]> {
    return (await this.countedTermsOf(manager, [id])).get(id) ?? NOT_COUNTED;
  }

  /** The terms whose stored count includes each of `ids` (`countedTerms`), in two reads a chunk. */
  private async countedTermsOf(
    manager: EntityManager,
    ids: readonly number[],
  ): Promise<Map<number, readonly number[]>> {
    const counted = new Map<number, number[]>();
    for (const chunk of chunksOf(ids)) {
      const published = await manager.find(EventEntity, {
        select: { id: true },
        where: { id: In(chunk), status: 'publish' },
      });
      if (published.length === 0) continue;
      for (const event of published) counted.set(event.id, []);
      const rows = await manager.find(EventTermEntity, {
        select: { eventId: true, termId: true },
        where: { eventId: In(published.map((event) => event.id)) },
      });
      for (const row of rows) counted.get(row.eventId)?.push(row.termId);
    }
    return counted;
  }

  /**
   * Replaces the organizers and the terms of each taxonomy that `links` names. `created`: the
   * event is new and has none to remove; deleting none would still lock the gap its id falls
   * in (InnoDB), where concurrent creates insert their links, and they would deadlock.
   */
  private async writeLinks(
    manager: EntityManager,
    eventId: number,
    links: EventLinkWrite,
    created = false,
  ): Promise<void> {
    await this.writeLinksOf(manager, [eventId], links, created);
  }

  /** `writeLinks` for many events, which all take the same links, in a few statements a chunk. */
  private async writeLinksOf(
    manager: EntityManager,
    eventIds: readonly number[],
    links: EventLinkWrite,
    created = false,
  ): Promise<void> {
    for (const chunk of chunksOf(eventIds)) {
      if (links.organizerIds) {
        const organizerIds = links.organizerIds;
        if (!created) await manager.delete(EventOrganizerEntity, { eventId: In(chunk) });
        await insertRows(
          manager,
          EventOrganizerEntity,
          chunk.flatMap((eventId) =>
            organizerIds.map((organizerId, position) => ({ eventId, organizerId, position })),
          ),
        );
      }
      // Each taxonomy given replaces that taxonomy's links; the new links go in together.
      const termRows: { eventId: number; termId: number }[] = [];
      for (const [taxonomy, termIds] of Object.entries(links.termIds)) {
        if (!created) {
          const ofTaxonomy = taxonomyTermIdsQuery(manager);
          await manager
            .createQueryBuilder()
            .delete()
            .from(EventTermEntity)
            .where('event_id IN (:...chunk)', { chunk })
            .andWhere(`term_id IN ${ofTaxonomy}`, { taxonomy })
            .execute();
        }
        termRows.push(
          ...chunk.flatMap((eventId) => termIds.map((termId) => ({ eventId, termId }))),
        );
      }
      await insertRows(manager, EventTermEntity, termRows);
    }
  }
}

/** Event `eventId`'s text in every language, its organizers and its terms, to copy. */
async function textAndLinksOf(
  manager: EntityManager,
  eventId: number,
): Promise<{
  translations: EventTranslationEntity[];
  organizers: EventOrganizerEntity[];
  termIds: number[];
}> {
  const [translations, organizers, terms] = await Promise.all([
    manager.find(EventTranslationEntity, { where: { eventId } }),
    manager.find(EventOrganizerEntity, { where: { eventId } }),
    manager.find(EventTermEntity, { where: { eventId } }),
  ]);
  return { translations, organizers, termIds: terms.map((term) => term.termId) };
}

/** Gives each of events `ids` (with none of their own) the text and links `textAndLinksOf` read. */
async function copyTextAndLinks(
  manager: EntityManager,
  ids: readonly number[],
  translations: readonly EventTranslationEntity[],
  organizers: readonly EventOrganizerEntity[],
  termIds: readonly number[],
): Promise<void> {
  await insertRows(
    manager,
    EventTranslationEntity,
    ids.flatMap((eventId) =>
      translations.map(({ language, title, description, excerpt }) => ({
        eventId,
        language,
        title,
        description,
        excerpt,
      })),
    ),
  );
  await insertRows(
    manager,
    EventOrganizerEntity,
    ids.flatMap((eventId) =>
      organizers.map(({ organizerId, position }) => ({ eventId, organizerId, position })),
    ),
  );
  await insertRows(
    manager,
    EventTermEntity,
    ids.flatMap((eventId) => termIds.map((termId) => ({ eventId, termId }))),
  );
}
