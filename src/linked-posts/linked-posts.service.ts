import { originColumns, PostOrigin } from '../posts/post-origin';
import { SlugRule } from '../posts/unique-slug';
import { DateTime, Zone } from 'luxon';
import {
  mayEdit,
  mayReadUnpublished,
  mayWrite,
  requireAuthorChoice,
  requireRight,
  scaledStatus,
} from '../access/rights';
import { listVisibility, visibleEvents } from '../access/visibility';
import { Viewer } from '../access/viewer';
import { ChangeLog } from '../changes/change-log';
import { SyncResult, syncResult } from '../changes/sync';
import { Clock } from '../common/clock/clock';
import { siteZoneOf } from '../common/clock/site-zone';
import { publicationDate } from '../common/dates/parse-date';
import { DomainError, InvalidParamsError, MissingParamsError } from '../common/errors/domain-error';
import { Language } from '../common/i18n/language';
import { imageColumns } from '../common/media/image';
import { ImportedShown } from '../posts/imported-shown';
import { Page, pageOf } from '../common/paging/list-query';
import { sanitizeRichText, toPlainText } from '../common/text/html';
import { nameKey } from '../common/text/name-key';
import { slugify } from '../common/text/slug';
import { AppConfig } from '../config/app-config';
import { ImportedItems } from '../posts/imported-items';
import { PostRegistry } from '../posts/post-registry';
import { PostStatus } from '../posts/post-status';
import { effectiveStatus, statusOnSave } from '../posts/post-status';
import { LinkedPostFieldsDto } from './dto/linked-post-fields.dto';
import { LinkedPostListQuery } from './linked-post-list-query';
import {
  LinkedPostColumns,
  LinkedPostEntity,
  LinkedPostKind,
  LinkedPostText,
  LinkedPostTranslation,
  storedText,
} from './linked-post';
import { linkedPostText } from './linked-post.mapper';
import { LinkedPostListFilter, LinkedPostsRepository } from './linked-posts.repository';

/** A page of venues or organizers with what its links and headers need. */
export interface LinkedPostPage<V> extends Page<V> {
  /** The statuses the list was filtered by, as the caller may see them. */
  readonly statuses: readonly string[];
}

/** The errors one kind answers with (each resource's `*.errors.ts`). */
export interface LinkedPostErrors {
  /** 403: not published and the viewer may not read it. */
  readonly notAccessible: new () => DomainError;
  /** 410: deleting an item already in the trash. */
  readonly alreadyTrashed: new () => DomainError;
  /** 404: a list page past the last one. */
  readonly pageNotFound: new () => DomainError;
}

/** What makes venues and organizers differ, for the rules they share. */
export interface LinkedPostRules<E, T, V, D> {
  readonly kind: LinkedPostKind;
  readonly errors: LinkedPostErrors;
  /** The name a write gives (the `venue` or `organizer` field), as sent. */
  nameOf(dto: D): string | undefined;
  /**
   * The columns of this kind only that `dto` sets on `current`; on a create (`current`
   * undefined) with their defaults too.
   */
  columnsOf(dto: D, current: E | undefined): LinkedPostColumns<E>;
  /** Pairs an item with its translations as the resource's view. */
  viewOf(item: E, translations: readonly T[]): V;
}

/**
 * The rules venues and organizers share: visibility, text per language, duplicate avoidance on
 * create, partial updates, slugs, trash and lists. Each resource's service is this class with
 * its own rules.
 */
export abstract class LinkedPostsService<
  E extends LinkedPostEntity,
  T extends LinkedPostTranslation,
  V,
  D extends LinkedPostFieldsDto,
> {
  private readonly siteZone: Zone;

  protected constructor(
    private readonly repository: LinkedPostsRepository<E, T>,
    private readonly posts: PostRegistry,
    config: AppConfig,
    private readonly clock: Clock,
    private readonly rules: LinkedPostRules<E, T, V, D>,
    private readonly changes: ChangeLog,
    private readonly imported: ImportedItems,
  ) {
    this.siteZone = siteZoneOf(config);
  }

  /** One page of the list for `viewer`, newest first. */
  async list(
    query: LinkedPostListQuery,
    language: Language,
    viewer: Viewer,
  ): Promise<LinkedPostPage<V>> {
    const { visibility, statuses } = listVisibility(query.statuses, viewer);
    const now = this.clock.now().toJSDate();
    if (
      query.event !== undefined &&
      !(await this.posts.isEventVisibleTo(query.event, viewer, now))
    ) {
      throw InvalidParamsError.of('event');
    }
    const { words, modified, paging } = query;
    const filter: LinkedPostListFilter = {
      visibility,
      visibleEvents: visibleEvents(viewer),
      now,
      search: words.length > 0 ? { words, language } : undefined,
      event: query.event,
      hasEvents: query.hasEvents,
      onlyWithUpcoming: query.onlyWithUpcoming,
      modifiedAfter: modified.modifiedAfter,
      modifiedBefore: modified.modifiedBefore,
      byModified: query.byModified,
    };
    const { items, total } = await this.repository.findPage(filter, paging.offset, paging.perPage);
    if (items.length === 0 && paging.page > 1) throw new this.rules.errors.pageNotFound();
    return { ...pageOf(await this.withText(items), total, paging), statuses };
  }

  /**
   * What changed in the collection since `token` (docs/behaviour.md#sync): the changed items
   * the caller's default list holds, and tombstones for the others.
   */
  async sync(token: string, perPage: number, viewer: Viewer): Promise<SyncResult<V>> {
    const batch = await this.changes.since(this.rules.kind, token, perPage);
    const filter: LinkedPostListFilter = {
      visibility: listVisibility(undefined, viewer).visibility,
      visibleEvents: visibleEvents(viewer),
      now: this.clock.now().toJSDate(),
      ids: batch.itemIds,
    };
    const { items } =
      batch.itemIds.length === 0
        ? { items: [] }
        : await this.repository.findPage(filter, 0, batch.itemIds.length);
    const views = await this.withText(items);
    return syncResult(
      token,
      batch,
      items.map((item, index) => ({ id: item.id, view: views[index] as V })),
    );
  }

  async getById(id: number, viewer: Viewer): Promise<V> {
    return this.readable(await this.byId(id), viewer);
  }

  async getBySlug(slug: string, viewer: Viewer): Promise<V> {
    return this.readable(await this.bySlug(slug), viewer);
  }

  /**
   * Creates an item whose text is written in `language`, which becomes its original language.
   * When an item not in the trash already has the same name (and the same description, when one
   * is given) as a reader of `language` sees them, that item is updated with the other fields
   * instead (when the viewer may edit it; else it is reused as it is) and returned (docs/behaviour.md#venues-and-organizers);
   * with the `exact` slug rule (`If-None-Match: *`) such a duplicate is refused with 412 instead.
   * An imported item brings its `origin` (its source id, kept when free, and its global ids) and
   * is never merged into a namesake: the import matches items by their source ids.
   */
  async create(
    dto: D,
    language: Language,
    viewer: Viewer,
    slugRule: SlugRule = 'next-free',
    origin?: PostOrigin,
    imported?: ImportedShown,
  ): Promise<V> {
    const text = this.text(dto);
    const name = text.name;
    if (name === undefined) throw new MissingParamsError([this.rules.kind]);
    if (name === '') throw InvalidParamsError.of(this.rules.kind);
    requireRight(viewer, mayWrite(viewer));
    requireAuthorChoice(viewer, dto.author);
    const duplicate = origin
      ? undefined
      : await this.findDuplicate(name, text.description, language);
    const now = this.clock.now();
    if (duplicate) {
      if (slugRule === 'exact') throw new DomainError('itemExists');
      if (mayEdit(viewer, duplicate)) {
        const columns = this.columns(dto, duplicate, now, scaledStatus(viewer, dto.status, false));
        await this.repository.update(duplicate.id, columns, undefined, language, {});
        await this.changes.record(this.rules.kind, duplicate.id, 'updated');
      }
      return this.view(duplicate.id);
    }
    const columns = {
      status: 'publish',
      author: viewer.userId ?? 0,
      originalLanguage: language,
      dateUtc: now.toJSDate(),
      ...originColumns(origin),
      ...this.columns(dto, undefined, now, scaledStatus(viewer, dto.status, true), imported),
    } as LinkedPostColumns<E>;
    const requestedSlug = dto.slug !== undefined ? slugify(dto.slug) : '';
    const slugBase = (id: number): string =>
      requestedSlug || slugify(name) || `${this.rules.kind}-${id}`;
    const id = await this.repository.create(
      columns,
      slugBase,
      slugRule,
      language,
      text,
      origin?.id,
    );
    await this.changes.record(this.rules.kind, id, 'created');
    return this.view(id);
  }

  /** `imported`: what an import's source showed of the item (its image), kept as it was. */
  async updateById(
    id: number,
    dto: D,
    language: Language,
    viewer: Viewer,
    imported?: ImportedShown,
  ): Promise<V> {
    return this.update(await this.byId(id), dto, language, viewer, imported);
  }

  async updateBySlug(slug: string, dto: D, language: Language, viewer: Viewer): Promise<V> {
    return this.update(await this.bySlug(slug), dto, language, viewer);
  }

  async trashById(id: number, viewer: Viewer): Promise<V> {
    return this.trash(await this.byId(id), viewer);
  }

  async trashBySlug(slug: string, viewer: Viewer): Promise<V> {
    return this.trash(await this.bySlug(slug), viewer);
  }

  /** The items with these ids, whatever their status, with their text: two queries in all. */
  async findViews(ids: readonly number[]): Promise<Map<number, V>> {
    const unique = [...new Set(ids)];
    const [items, texts] = await Promise.all([
      this.repository.findByIds(unique),
      this.repository.findTranslations(unique),
    ]);
    return new Map(
      items.map((item) => [item.id, this.rules.viewOf(item, texts.get(item.id) ?? [])]),
    );
  }

  /** Those of `ids` that name an item of this kind not in the trash. */
  /** When the next scheduled item of this kind goes live by the clock alone, if any does. */
  nextScheduledAfter(after: Date): Promise<Date | null> {
    return this.repository.findNextScheduledAfter(after);
  }

  async existingIds(ids: readonly number[]): Promise<Set<number>> {
    return new Set(await this.repository.findExistingIds([...new Set(ids)]));
  }

  /** Applies the fields `dto` carries; everything it leaves out keeps its value (docs/behaviour.md#writes). */
  private async update(
    item: E,
    dto: D,
    language: Language,
    viewer: Viewer,
    imported?: ImportedShown,
  ): Promise<V> {
    requireRight(viewer, mayEdit(viewer, item));
    requireAuthorChoice(viewer, dto.author);
    const slugBase = dto.slug === undefined ? undefined : slugify(dto.slug) || item.slug;
    const status = scaledStatus(viewer, dto.status, false);
    const columns = this.columns(dto, item, this.clock.now(), status, imported);
    await this.repository.update(item.id, columns, slugBase, language, this.text(dto));
    await this.changes.record(this.rules.kind, item.id, 'updated');
    return this.view(item.id);
  }

  private async trash(item: E, viewer: Viewer): Promise<V> {
    requireRight(viewer, mayEdit(viewer, item));
    if (item.status === 'trash') throw new this.rules.errors.alreadyTrashed();
    await this.repository.trash(item.id, this.clock.now().toJSDate());
    await this.changes.record(this.rules.kind, item.id, 'trashed');
    return this.view(item.id);
  }

  /**
   * The columns `dto` sets on `current` (or on a new item), the shared ones and the kind's;
   * `status` is the one asked for as the viewer's rights allow. A status or date change gives
   * the stored status as WordPress would (`future` when dated later).
   */
  private columns(
    dto: D,
    current: E | undefined,
    now: DateTime,
    status: PostStatus | undefined,
    imported?: ImportedShown,
  ): LinkedPostColumns<E> {
    const columns: LinkedPostColumns<LinkedPostEntity> = { modifiedUtc: now.toJSDate() };
    const dateUtc = publicationDate(dto, this.siteZone, now)?.toJSDate();
    if (dateUtc) columns.dateUtc = dateUtc;
    if (status !== undefined || dateUtc) {
      columns.status = statusOnSave(
        status ?? current?.status ?? 'publish',
        dateUtc ?? current?.dateUtc ?? now.toJSDate(),
        now.toJSDate(),
      );
    }
    if (dto.author !== undefined) columns.author = dto.author;
    if (dto.phone !== undefined) columns.phone = storedText(dto.phone);
    if (dto.website !== undefined) columns.website = storedText(dto.website);
    if (dto.image !== undefined) {
      Object.assign(columns, imageColumns(dto.image, imported?.imageShown ?? null));
    }
    return { ...columns, ...this.rules.columnsOf(dto, current) };
  }

  /** The name (plain text) and description (safe HTML; null clears it) `dto` gives. */
  private text(dto: D): LinkedPostText {
    const name = this.rules.nameOf(dto);
    return {
      name: name === undefined ? undefined : toPlainText(name),
      description:
        dto.description === undefined ? undefined : sanitizeRichText(dto.description ?? ''),
    };
  }

  /** The oldest item a reader of `language` sees with this name (and description, if given). */
  private async findDuplicate(
    name: string,
    description: string | undefined,
    language: Language,
  ): Promise<E | undefined> {
    const key = nameKey(name);
    const candidates = await this.repository.findNameCandidates(key, language);
    if (candidates.length === 0) return undefined;
    const [items, texts] = await Promise.all([
      this.repository.findByIds(candidates),
      this.repository.findTranslations(candidates),
    ]);
    return items
      .sort((a, b) => a.id - b.id)
      .find((item) => {
        const shown = linkedPostText(item, texts.get(item.id) ?? [], language);
        return (
          nameKey(shown.values.name) === key &&
          (description === undefined || shown.values.description === description)
        );
      });
  }

  /** Unpublished items (trashed ones included) are for editors and their author (README.md#access). */
  private async readable(item: E, viewer: Viewer): Promise<V> {
    const status = effectiveStatus(item, this.clock.now().toJSDate());
    if (status !== 'publish' && !mayReadUnpublished(viewer, item)) {
      throw new this.rules.errors.notAccessible();
    }
    const texts = await this.repository.findTranslations([item.id]);
    return this.rules.viewOf(item, texts.get(item.id) ?? []);
  }

  /** An id that names no item of this kind is a bad `id` (TEC validates it: 400). */
  private async byId(id: number): Promise<E> {
    const item = await this.repository.findById(id);
    if (!item) throw InvalidParamsError.of('id');
    return item;
  }

  /** The item `slug` names: its own slug, else the slug it had on a site it was imported from. */
  private async bySlug(slug: string): Promise<E> {
    const item = await this.repository.findBySlug(slug);
    if (item) return item;
    const aliased = await this.imported.slugAlias(this.rules.kind, slug);
    const imported = aliased === null ? null : await this.repository.findById(aliased);
    if (!imported) throw InvalidParamsError.of('slug');
    return imported;
  }

  private async view(id: number): Promise<V> {
    const view = (await this.findViews([id])).get(id);
    if (!view) throw InvalidParamsError.of('id');
    return view;
  }

  /** Attaches translations to items with one query for the whole set. */
  private async withText(items: readonly E[]): Promise<V[]> {
    const texts = await this.repository.findTranslations(items.map((item) => item.id));
    return items.map((item) => this.rules.viewOf(item, texts.get(item.id) ?? []));
  }
}
