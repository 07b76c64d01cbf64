import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, SelectQueryBuilder } from 'typeorm';
import { Language } from '../common/i18n/language';
import { PostRegistry } from '../database/posts/post-registry';
import { escapeLike } from '../database/sql-values';
import { whereVisibleStatus } from '../database/status-filter';
import { SlugScope, writeWithUniqueSlug } from '../database/unique-slug';
import { EventEntity, PostStatus } from './entities/event.entity';
import { EventTranslationEntity } from './entities/event-translation.entity';

/** Which events a list asks for; every bound is a UTC instant. */
export interface EventListFilter {
  /** Statuses to include, as the viewer may see them; `publish` includes past `future` ones. */
  readonly statuses: ReadonlySet<PostStatus>;
  readonly now: Date;
  readonly startFrom?: Date;
  readonly endUntil?: Date;
  readonly startsBefore?: Date;
  readonly startsAfter?: Date;
  readonly endsBefore?: Date;
  readonly endsAfter?: Date;
  readonly featured?: boolean;
  readonly include?: readonly number[];
  readonly postParent?: number;
  readonly search?: { readonly words: readonly string[]; readonly language: Language };
}

/** The text of one language to write; undefined fields are left as they are. */
export type EventText = Partial<Pick<EventTranslationEntity, 'title' | 'description' | 'excerpt'>>;

/** Event columns a write sets (everything but the id and slug). */
export type EventColumns = Omit<EventEntity, 'id' | 'slug' | 'translations'>;

const EVENT_SLUGS: SlugScope<EventEntity> = { target: EventEntity };

/**
 * `word` as a LIKE pattern matching it anywhere, with `!` escaping the wildcards. LIKE ignores
 * case under MySQL's `_ci` collations and, for ASCII, on SQLite.
 */
function containsPattern(word: string): string {
  return `%${escapeLike(word)}%`;
}

/** The only place that reads and writes events in SQL. */
@Injectable()
export class EventsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly posts: PostRegistry,
  ) {}

  /** One page of events in list order (start, then id) and the number of all matches. */
  async findPage(
    filter: EventListFilter,
    offset: number,
    limit: number,
  ): Promise<{ events: EventEntity[]; total: number }> {
    const page = this.listQuery(filter)
      .orderBy('e.startUtc', 'ASC')
      .addOrderBy('e.id', 'ASC')
      .offset(offset)
      .limit(limit);
    const count = this.listQuery(filter).select('COUNT(*)', 'total');
    const [events, counted] = await Promise.all([
      page.getMany(),
      count.getRawOne<{ total: number | string }>(),
    ]);
    return { events, total: Number(counted?.total ?? 0) };
  }

  async findById(id: number): Promise<EventEntity | null> {
    return this.dataSource.getRepository(EventEntity).findOneBy({ id });
  }

  async findBySlug(slug: string): Promise<EventEntity | null> {
    return this.dataSource.getRepository(EventEntity).findOneBy({ slug });
  }

  /** The translations of all `eventIds`, in one query. */
  async findTranslations(eventIds: readonly number[]): Promise<EventTranslationEntity[]> {
    if (eventIds.length === 0) return [];
    return this.dataSource
      .getRepository(EventTranslationEntity)
      .findBy({ eventId: In([...eventIds]) });
  }

  /** Creates an event with a slug made unique from `slugBase`; returns its id. */
  async create(
    columns: EventColumns,
    slugBase: (id: number) => string,
    language: Language,
    text: EventText,
  ): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const id = await this.posts.allocate(manager, 'event');
      await writeWithUniqueSlug(manager, EVENT_SLUGS, slugBase(id), id, (slug) =>
        manager.insert(EventEntity, { ...columns, id, slug }),
      );
      await manager.insert(EventTranslationEntity, {
        eventId: id,
        language,
        title: text.title ?? null,
        description: text.description ?? null,
        excerpt: text.excerpt ?? null,
      });
      return id;
    });
  }

  /** Updates an event's columns, slug (made unique) and the text of one language, together. */
  async update(
    id: number,
    columns: Partial<EventColumns>,
    slugBase: string | undefined,
    language: Language,
    text: EventText,
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      if (Object.keys(columns).length > 0) await manager.update(EventEntity, { id }, columns);
      if (slugBase !== undefined) {
        await writeWithUniqueSlug(manager, EVENT_SLUGS, slugBase, id, (slug) =>
          manager.update(EventEntity, { id }, { slug }),
        );
      }
      const changes = Object.fromEntries(
        Object.entries(text).filter(([, value]) => value !== undefined),
      ) as EventText;
      if (Object.keys(changes).length === 0) return;
      const existing = await manager.findOneBy(EventTranslationEntity, { eventId: id, language });
      if (existing) {
        await manager.update(EventTranslationEntity, { eventId: id, language }, changes);
      } else {
        await manager.insert(EventTranslationEntity, {
          eventId: id,
          language,
          title: null,
          description: null,
          excerpt: null,
          ...changes,
        });
      }
    });
  }

  /** Moves an event to the trash. */
  async trash(id: number, modifiedUtc: Date): Promise<void> {
    await this.dataSource
      .getRepository(EventEntity)
      .update({ id }, { status: 'trash', modifiedUtc });
  }

  private listQuery(filter: EventListFilter): SelectQueryBuilder<EventEntity> {
    const query = this.dataSource
      .getRepository(EventEntity)
      .createQueryBuilder('e')
      .where('e.hideFromListings = :hidden', { hidden: false });
    whereVisibleStatus(query, 'e', filter.statuses, filter.now);
    const bounds: [keyof EventListFilter, string][] = [
      ['startFrom', 'e.startUtc >= :startFrom'],
      ['endUntil', 'e.endUtc <= :endUntil'],
      ['startsBefore', 'e.startUtc < :startsBefore'],
      ['startsAfter', 'e.startUtc > :startsAfter'],
      ['endsBefore', 'e.endUtc < :endsBefore'],
      ['endsAfter', 'e.endUtc > :endsAfter'],
    ];
    for (const [key, condition] of bounds) {
      const value = filter[key];
      if (value instanceof Date) query.andWhere(condition, { [key]: value });
    }
    if (filter.featured !== undefined)
      query.andWhere('e.featured = :featured', { featured: filter.featured });
    if (filter.include) query.andWhere('e.id IN (:...include)', { include: [...filter.include] });
    if (filter.postParent !== undefined) {
      query.andWhere('e.postParent = :postParent', { postParent: filter.postParent });
    }
    if (filter.search) this.whereSearch(query, filter.search.words, filter.search.language);
    return query;
  }

  private whereSearch(
    query: SelectQueryBuilder<EventEntity>,
    words: readonly string[],
    language: Language,
  ): void {
    query
      .leftJoin(
        EventTranslationEntity,
        'tr',
        'tr.eventId = e.id AND tr.language = :searchLanguage',
        {
          searchLanguage: language,
        },
      )
      .leftJoin(
        EventTranslationEntity,
        'tro',
        'tro.eventId = e.id AND tro.language = e.originalLanguage',
      );
    words.forEach((word, index) => {
      const name = `word${index}`;
      const fields = ['title', 'description', 'excerpt'].map(
        (field) => `COALESCE(tr.${field}, tro.${field}) LIKE :${name} ESCAPE '!'`,
      );
      query.andWhere(`(${fields.join(' OR ')})`, { [name]: containsPattern(word) });
    });
  }
}
