import { ObjectLiteral, Repository, SelectQueryBuilder, WhereExpressionBuilder } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { Language } from '../common/i18n/language';
import { PostRegistry } from '../posts/post-registry';
import { PostLinks } from '../posts/post-links';
import { UnitOfWork } from '../database/unit-of-work';
import { PlainRows, PlainRowsOptions } from '../database/plain-rows';
import { namedText, writeTranslation } from '../posts/translations';
import { Visibility } from '../access/visibility';
import { whereVisible } from '../posts/status-filter';
import { SlugRule, writeWithUniqueSlug } from '../posts/unique-slug';
import {
  LinkedPostColumns,
  LinkedPostEntity,
  LinkedPostKind,
  LinkedPostText,
  LinkedPostTranslation,
} from './linked-post';
import { whereAllWordsInOneField } from './linked-post-search';

/** The alias of the venue or organizer in every query here. */
const ITEM = 'p';

/**
 * `columns` as TypeORM's write type of `X`: over a generic entity the compiler cannot see that
 * `X` has the shared columns (`LinkedPostEntity`, `LinkedPostTranslation`) written here, so the
 * values are checked by their own types (`LinkedPostColumns`) instead.
 */
function values<X>(columns: object): QueryDeepPartialEntity<X> {
  return columns;
}

/** The tables of one kind of linked item. */
export interface LinkedPostTables<E extends LinkedPostEntity, T extends LinkedPostTranslation> {
  readonly kind: LinkedPostKind;
  readonly entity: new () => E;
  readonly translation: new () => T;
  /** The translation's property holding the item's id (`venueId`). */
  readonly owner: keyof T & string;
  /** Item columns `search` looks in besides the name and description. */
  readonly searchColumns: readonly (keyof E & string)[];
}

/** Which venues or organizers a list asks for. */
export interface LinkedPostListFilter {
  /** The items the viewer's list may hold, by status and author. */
  readonly visibility: Visibility;
  readonly now: Date;
  readonly search?: { readonly words: readonly string[]; readonly language: Language };
  /** Only the items linked to this event. */
  readonly event?: number;
  /** The events the viewer may see: those `hasEvents` and `onlyWithUpcoming` count. */
  readonly visibleEvents: Visibility;
  /** Linked (true) or not (false) to an event the viewer may see. */
  readonly hasEvents?: boolean;
  /** Only items linked to an event the viewer may see starting at `now` or later. */
  readonly onlyWithUpcoming?: boolean;
  /** Only these items (a sync's changed items). */
  readonly ids?: readonly number[];
  /** Only items last modified after / before these instants (exclusive). */
  readonly modifiedAfter?: Date;
  readonly modifiedBefore?: Date;
  /** By last modification, then id, instead of newest publication first. */
  readonly byModified?: { readonly descending: boolean };
}

/**
 * The SQL of venues and organizers, written once: each resource's repository is this class over
 * its own tables. Translations are always read for a whole set of items in one query.
 */
export class LinkedPostsRepository<E extends LinkedPostEntity, T extends LinkedPostTranslation> {
  /** The items read whole by key, without the query builder (database/plain-rows.ts). */
  private readonly rows: PlainRows<E>;
  private readonly translationRows: PlainRows<T>;

  constructor(
    protected readonly unit: UnitOfWork,
    private readonly posts: PostRegistry,
    private readonly tables: LinkedPostTables<E, T>,
    private readonly links: PostLinks,
  ) {
    this.rows = new PlainRows(tables.entity);
    this.translationRows = new PlainRows(tables.translation);
  }

  /** Inside a write, a read's rows stay locked until the commit (UnitOfWork.rowLock). */
  private get locked(): PlainRowsOptions<E> {
    return { lock: this.unit.rowLock.lock !== undefined };
  }

  /** One page in list order (newest publication first, then id) and the number of all matches. */
  async findPage(
    filter: LinkedPostListFilter,
    offset: number,
    limit: number,
  ): Promise<{ items: E[]; total: number }> {
    const [sortColumn, direction] = filter.byModified
      ? [`${ITEM}.modifiedUtc`, filter.byModified.descending ? ('DESC' as const) : ('ASC' as const)]
      : [`${ITEM}.dateUtc`, 'DESC' as const];
    const page = this.listQuery(filter)
      .orderBy(sortColumn, direction)
      .addOrderBy(`${ITEM}.id`, direction)
      .offset(offset)
      .limit(limit);
    const count = this.listQuery(filter).select('COUNT(*)', 'total');
    const [items, counted] = await Promise.all([
      page.getMany(),
      count.getRawOne<{ total: number | string }>(),
    ]);
    return { items, total: Number(counted?.total ?? 0) };
  }

  /** The item `id`; inside a write, its row stays locked until the commit. */
  async findById(id: number): Promise<E | null> {
    const [item] = await this.rows.where(this.unit.manager, 'id', [id], this.locked);
    return item ?? null;
  }

  /** The item `slug` names; inside a write, its row stays locked until the commit. */
  async findBySlug(slug: string): Promise<E | null> {
    const [item] = await this.rows.where(this.unit.manager, 'slug', [slug], this.locked);
    return item ?? null;
  }

  /** The items with these ids, whatever their status. */
  async findByIds(ids: readonly number[]): Promise<E[]> {
    if (ids.length === 0) return [];
    return this.rows.where(this.unit.manager, 'id', ids);
  }

  /** Those of `ids` that name an item of this kind that is not in the trash. */
  async findExistingIds(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.items()
      .select(`${ITEM}.id`, 'id')
      .where(`${ITEM}.id IN (:...ids)`, { ids: [...ids] })
      .andWhere(`${ITEM}.status <> 'trash'`)
      .getRawMany<{ id: number | string }>();
    return rows.map((row) => Number(row.id));
  }

  /**
   * The earliest publication date after `after` of a scheduled (`future`) item, if any: when
   * such an item goes live by the clock alone (`idx_*_listing` starts with status and date).
   */
  async findNextScheduledAfter(after: Date): Promise<Date | null> {
    const next = await this.items()
      .select([`${ITEM}.id`, `${ITEM}.dateUtc`])
      .where(`${ITEM}.status = 'future'`)
      .andWhere(`${ITEM}.dateUtc > :after`, { after })
      .orderBy(`${ITEM}.dateUtc`, 'ASC')
      .limit(1)
      .getOne();
    return next?.dateUtc ?? null;
  }

  /** The translations of all `ids` in one query, by item id. */
  async findTranslations(ids: readonly number[]): Promise<Map<number, T[]>> {
    const byItem = new Map<number, T[]>();
    if (ids.length === 0) return byItem;
    const rows = await this.translationRows.where(this.unit.manager, this.tables.owner, ids);
    for (const row of rows) {
      const id = Number(row[this.tables.owner]);
      byItem.set(id, [...(byItem.get(id) ?? []), row]);
    }
    return byItem;
  }

  /**
   * Ids of items not in the trash with a name in `language` or in their original language whose
   * key is `key`, oldest first: the candidates for duplicate detection. Reads the `name_key`
   * index; the caller decides which name a reader of `language` actually sees.
   */
  async findNameCandidates(key: string, language: Language): Promise<number[]> {
    // Inside a write, the name is about to be created or reused: hold it until the commit, so a
    // concurrent create of the same name waits and then finds this one.
    await this.unit.lockName(this.tables.kind, key);
    const rows = await this.translations()
      .createQueryBuilder('t')
      .select(`DISTINCT ${ITEM}.id`, 'id')
      .innerJoin(this.tables.entity, ITEM, `${ITEM}.id = t.${this.tables.owner}`)
      .where('t.nameKey = :key', { key })
      .andWhere(`${ITEM}.status <> 'trash'`)
      .andWhere(`(t.language = :language OR t.language = ${ITEM}.originalLanguage)`, { language })
      .orderBy(`${ITEM}.id`, 'ASC')
      .getRawMany<{ id: number | string }>();
    return rows.map((row) => Number(row.id));
  }

  /**
   * Creates an item with a slug made from `slugBase` by `slugRule`; returns its id (`wish` when
   * that id is free, see PostRegistry.allocate).
   */
  async create(
    columns: LinkedPostColumns<E>,
    slugBase: (id: number) => string,
    slugRule: SlugRule,
    language: Language,
    text: LinkedPostText,
    wish?: number,
  ): Promise<number> {
    return this.unit.transaction(async (manager) => {
      const id = await this.posts.allocate(manager, this.tables.kind, wish);
      await writeWithUniqueSlug(
        manager,
        { target: this.tables.entity },
        slugBase(id),
        id,
        (slug) => manager.insert(this.tables.entity, values<E>({ ...columns, id, slug })),
        slugRule,
      );
      await writeTranslation(
        manager,
        this.tables.translation,
        this.tables.owner,
        id,
        language,
        namedText(text),
      );
      return id;
    });
  }

  /** Updates an item's columns, slug (made unique) and the text of one language, together. */
  async update(
    id: number,
    columns: LinkedPostColumns<E>,
    slugBase: string | undefined,
    language: Language,
    text: LinkedPostText,
  ): Promise<void> {
    await this.unit.transaction(async (manager) => {
      await manager.update(this.tables.entity, id, values<E>(columns));
      if (slugBase !== undefined) {
        await writeWithUniqueSlug(manager, { target: this.tables.entity }, slugBase, id, (slug) =>
          manager.update(this.tables.entity, id, values<E>({ slug })),
        );
      }
      await writeTranslation(
        manager,
        this.tables.translation,
        this.tables.owner,
        id,
        language,
        namedText(text),
      );
    });
  }

  /** Moves an item to the trash and unlinks it from its events, together. */
  async trash(id: number, modifiedUtc: Date): Promise<void> {
    await this.unit.transaction(async (manager) => {
      await manager.update(this.tables.entity, id, values<E>({ status: 'trash', modifiedUtc }));
      // The events aggregate owns the links: it unlinks, in this unit (post-links.ts).
      await this.links.unlink(this.tables.kind, id);
    });
  }

  private items(): SelectQueryBuilder<E> {
    return this.unit.manager.getRepository(this.tables.entity).createQueryBuilder(ITEM);
  }

  private translations(): Repository<T> {
    return this.unit.manager.getRepository(this.tables.translation);
  }

  private listQuery(filter: LinkedPostListFilter): SelectQueryBuilder<E> {
    const query = this.items();
    whereVisible(query, ITEM, filter.visibility, filter.now);
    if (filter.modifiedAfter !== undefined) {
      query.andWhere(`${ITEM}.modifiedUtc > :modifiedAfter`, {
        modifiedAfter: filter.modifiedAfter,
      });
    }
    if (filter.modifiedBefore !== undefined) {
      query.andWhere(`${ITEM}.modifiedUtc < :modifiedBefore`, {
        modifiedBefore: filter.modifiedBefore,
      });
    }
    if (filter.ids !== undefined) {
      if (filter.ids.length === 0) query.andWhere('1 = 0');
      else query.andWhere(`${ITEM}.id IN (:...syncIds)`, { syncIds: [...filter.ids] });
    }
    if (filter.search) this.whereSearch(query, filter.search.words, filter.search.language);
    if (filter.event !== undefined) {
      const event = filter.event;
      query.andWhere(
        this.linkedEvent(query, 'ev', (sub) => sub.andWhere('ev.id = :event', { event })),
      );
    }
    if (filter.hasEvents !== undefined) {
      const exists = this.linkedEvent(query, 'eh', (sub) =>
        whereVisible(sub, 'eh', filter.visibleEvents, filter.now),
      );
      query.andWhere(filter.hasEvents ? exists : `NOT ${exists}`);
    }
    if (filter.onlyWithUpcoming) {
      query.andWhere(
        this.linkedEvent(query, 'eu', (sub) => {
          sub.andWhere('eu.startUtc >= :upcomingFrom', { upcomingFrom: filter.now });
          whereVisible(sub, 'eu', filter.visibleEvents, filter.now);
        }),
      );
    }
    return query;
  }

  /** `EXISTS (...)` over the events linked to the item, narrowed by `narrow`. */
  private linkedEvent(
    query: SelectQueryBuilder<E>,
    events: string,
    narrow: (sub: WhereExpressionBuilder) => void,
  ): string {
    // TypeORM gives a subquery over no entity yet a loose type; name its row type here.
    const sub = query.subQuery().select('1') as SelectQueryBuilder<ObjectLiteral>;
    // The events side, which owns the links, says how to reach them (post-links.ts).
    this.links.linkedEvents(this.tables.kind, sub, events, ITEM);
    narrow(sub);
    return `EXISTS ${sub.getQuery()}`;
  }

  /** The name and description in `language`, else the original language, and the columns. */
  private whereSearch(
    query: SelectQueryBuilder<E>,
    words: readonly string[],
    language: Language,
  ): void {
    const { owner, translation, searchColumns } = this.tables;
    query
      .leftJoin(translation, 'tr', `tr.${owner} = ${ITEM}.id AND tr.language = :searchLanguage`, {
        searchLanguage: language,
      })
      .leftJoin(
        translation,
        'tro',
        `tro.${owner} = ${ITEM}.id AND tro.language = ${ITEM}.originalLanguage`,
      );
    const fields = [
      'COALESCE(tr.name, tro.name)',
      'COALESCE(tr.description, tro.description)',
      ...searchColumns.map((column) => `${ITEM}.${column}`),
    ];
    whereAllWordsInOneField(query, fields, words);
  }
}
