import { Injectable } from '@nestjs/common';
import { In, SelectQueryBuilder } from 'typeorm';
import { Language } from '../common/i18n/language';
import { nameKey } from '../common/text/name-key';
import { escapeLike } from '../database/sql-values';
import { Clock } from '../common/clock/clock';
import { TermLinks } from './term-links';
import { UnitOfWork } from '../database/unit-of-work';
import { PlainRows } from '../database/plain-rows';
import { namedText, writeTranslation } from '../posts/translations';
import { SlugRule, SlugScope, writeWithUniqueSlug } from '../posts/unique-slug';
import { isIdFree } from '../database/wished-id';
import { TermCountEntity } from './entities/term-count.entity';
import { TermEntity, Taxonomy } from './entities/term.entity';
import { TermTranslationEntity } from './entities/term-translation.entity';
import { TermOrder } from './term-order';
import { TreeNode } from './term-tree';

/** Which terms of one taxonomy a list asks for. */
export interface TermListFilter {
  readonly taxonomy: Taxonomy;
  /** The language names are read (searched, ordered) in, with fallback to the original. */
  readonly language: Language;
  readonly now: Date;
  /** Leave out terms with no published event. */
  readonly hideEmpty: boolean;
  readonly search?: string;
  readonly include?: readonly number[];
  readonly exclude?: readonly number[];
  readonly parent?: number;
  /** Only terms last modified after / before these instants (exclusive). */
  readonly modifiedAfter?: Date;
  readonly modifiedBefore?: Date;
  /** The terms of the event the list is narrowed to (`event`/`post`), when it is. */
  readonly eventTermIds?: readonly number[];
  readonly slug?: string;
}

/** The text of one language to write; undefined fields are left as they are. */
export interface TermText {
  readonly name?: string;
  /** `null` stores "not translated"; `""` stores an empty description. */
  readonly description?: string | null;
}

interface RawTerm {
  id: number | string;
  taxonomy: Taxonomy;
  slug: string;
  parent: number | string;
  original_language: string;
}

function toTerm(raw: RawTerm): TermEntity {
  return Object.assign(new TermEntity(), {
    id: Number(raw.id),
    taxonomy: raw.taxonomy,
    slug: raw.slug,
    parent: Number(raw.parent),
    originalLanguage: raw.original_language,
  });
}

function slugScope(taxonomy: Taxonomy): SlugScope<TermEntity> {
  return { target: TermEntity, where: { taxonomy } };
}

/** Terms and their text read whole by key, without the query builder (database/plain-rows.ts). */
const TERM_ROWS = new PlainRows(TermEntity);
const COUNT_ROWS = new PlainRows(TermCountEntity);
const TRANSLATION_ROWS = new PlainRows(TermTranslationEntity);

/** The SQL expression a list is ordered by, before the id tie-break. */
function sortExpression(
  order: TermOrder,
  filter: TermListFilter,
  query: SelectQueryBuilder<TermEntity>,
): string | null {
  switch (order.key) {
    case 'id':
      return null;
    case 'name':
      return 'COALESCE(tr.nameKey, tro.nameKey)';
    case 'slug':
      return 't.slug';
    case 'description':
      return "COALESCE(tr.description, tro.description, '')";
    case 'parent':
      return 't.parent';
    case 'count':
      return 'COALESCE(c.publishedCount, 0)';
    case 'modified':
      return 't.modifiedUtc';
    case 'include': {
      const ids = filter.include ?? [];
      if (ids.length === 0) return null;
      const cases = ids.map((id, index) => {
        query.setParameter(`include_at_${index}`, id);
        return `WHEN :include_at_${index} THEN ${index}`;
      });
      return `CASE t.id ${cases.join(' ')} END`;
    }
  }
}

/**
 * The only place that reads and writes terms in SQL. What it needs of events (an event's terms,
 * scheduled events that became published) it asks through `TermLinks`, which the events side
 * answers; the events side also follows a moved or deleted term when told there.
 */
@Injectable()
export class TermsRepository {
  constructor(
    private readonly unit: UnitOfWork,
    private readonly links: TermLinks,
    private readonly clock: Clock,
  ) {}

  /** One page of terms in the requested order, and the number of all matches. */
  async findPage(
    filter: TermListFilter,
    order: TermOrder,
    offset: number,
    limit: number,
  ): Promise<{ terms: TermEntity[]; total: number }> {
    const late = filter.hideEmpty
      ? [...(await this.links.lateScheduledCounts(filter.now)).keys()]
      : [];
    const page = this.listQuery(filter, late)
      .select('t.id', 'id')
      .addSelect('t.taxonomy', 'taxonomy')
      .addSelect('t.slug', 'slug')
      .addSelect('t.parent', 'parent')
      .addSelect('t.originalLanguage', 'original_language');
    const sort = sortExpression(order, filter, page);
    if (sort !== null) page.addSelect(sort, 'sort_value').orderBy('sort_value', order.direction);
    page.addOrderBy('t.id', order.direction).offset(offset).limit(limit);
    const count = this.listQuery(filter, late).select('COUNT(*)', 'total');
    const [rows, counted] = await Promise.all([
      page.getRawMany<RawTerm>(),
      count.getRawOne<{ total: number | string }>(),
    ]);
    return { terms: rows.map(toTerm), total: Number(counted?.total ?? 0) };
  }

  /** The term with `id` if it belongs to `taxonomy`. */
  async findTerm(taxonomy: Taxonomy, id: number): Promise<TermEntity | null> {
    return this.unit.manager
      .getRepository(TermEntity)
      .findOne({ where: { id, taxonomy }, ...this.unit.rowLock });
  }

  /** The terms of `taxonomy` among `ids`. */
  async findTerms(taxonomy: Taxonomy, ids: readonly number[]): Promise<TermEntity[]> {
    if (ids.length === 0) return [];
    return TERM_ROWS.where(this.unit.manager, 'id', [...new Set(ids)], {
      equal: { property: 'taxonomy', value: taxonomy },
    });
  }

  /** The terms (of any taxonomy) with these ids. */
  async findByIds(ids: readonly number[]): Promise<TermEntity[]> {
    if (ids.length === 0) return [];
    return TERM_ROWS.where(this.unit.manager, 'id', [...new Set(ids)]);
  }

  /** The terms of `taxonomy` whose slug is one of `slugs`. */
  async findBySlugs(taxonomy: Taxonomy, slugs: readonly string[]): Promise<TermEntity[]> {
    if (slugs.length === 0) return [];
    return TERM_ROWS.where(this.unit.manager, 'slug', [...new Set(slugs)], {
      equal: { property: 'taxonomy', value: taxonomy },
    });
  }

  /**
   * Terms of `taxonomy` whose name, as a reader of `language` sees it (its translation in that
   * language, else its original language's), has one of `keys` (`nameKey`). Candidates are
   * found through the indexed `name_key`; `parent` narrows to one level of the tree and
   * `exceptId` leaves one term out. Ordered by id.
   */
  async findByNameKeys(
    taxonomy: Taxonomy,
    keys: readonly string[],
    language: Language,
    options: { parent?: number; exceptId?: number } = {},
  ): Promise<{ id: number; key: string }[]> {
    if (keys.length === 0) return [];
    // Inside a write, a name being looked up is one about to be created or checked: hold it
    // until the commit, in a fixed order, so a concurrent write of the same name waits.
    for (const key of [...new Set(keys)].sort()) await this.unit.lockName(`term ${taxonomy}`, key);
    const query = this.unit.manager
      .createQueryBuilder(TermTranslationEntity, 'nt')
      .innerJoin(TermEntity, 't', 't.id = nt.termId')
      .leftJoin(TermTranslationEntity, 'nl', 'nl.termId = t.id AND nl.language = :nameLanguage', {
        nameLanguage: language,
      })
      .select('t.id', 'id')
      .addSelect('nt.nameKey', 'name_key')
      .where('nt.nameKey IN (:...nameKeys)', { nameKeys: [...new Set(keys)] })
      .andWhere('t.taxonomy = :taxonomy', { taxonomy })
      .andWhere(
        '(nt.language = :nameLanguage OR (nt.language = t.originalLanguage AND nl.name IS NULL))',
      )
      .orderBy('t.id', 'ASC');
    if (options.parent !== undefined) {
      query.andWhere('t.parent = :parent', { parent: options.parent });
    }
    if (options.exceptId !== undefined) {
      query.andWhere('t.id <> :exceptId', { exceptId: options.exceptId });
    }
    const rows = await query.getRawMany<{ id: number | string; name_key: string }>();
    return rows.map((row) => ({ id: Number(row.id), key: row.name_key }));
  }

  /** The translations of all `termIds`, in one query. */
  async findTranslations(termIds: readonly number[]): Promise<TermTranslationEntity[]> {
    if (termIds.length === 0) return [];
    return TRANSLATION_ROWS.where(this.unit.manager, 'termId', [...new Set(termIds)]);
  }

  /**
   * Published events per term: the stored count (`term_counts`: events saved as `publish`, kept
   * by every event write) plus scheduled events whose date has passed (every term's, kept by
   * TermLinks until the next go-live or write of a scheduled event). One small query by key,
   * whatever the number of events.
   */
  async countPublished(termIds: readonly number[], now: Date): Promise<Map<number, number>> {
    if (termIds.length === 0) return new Map();
    const ids = [...new Set(termIds)];
    const [stored, late] = await Promise.all([
      COUNT_ROWS.where(this.unit.manager, 'termId', ids),
      this.links.lateScheduledCounts(now, ids),
    ]);
    const counts = new Map(ids.map((id) => [id, late.get(id) ?? 0]));
    for (const row of stored) {
      counts.set(row.termId, row.publishedCount + (counts.get(row.termId) ?? 0));
    }
    return counts;
  }

  /** Parent and slug of the terms with these ids (the links of a category tree). */
  async findTreeNodes(ids: readonly number[]): Promise<Map<number, TreeNode>> {
    if (ids.length === 0) return new Map();
    const rows = await this.unit.manager.getRepository(TermEntity).find({
      select: { id: true, parent: true, slug: true },
      where: { id: In([...new Set(ids)]) },
    });
    return new Map(rows.map((row) => [row.id, { parent: row.parent, slug: row.slug }]));
  }

  /** Ids of the terms of `taxonomy` whose parent is one of `parentIds`. */
  async findChildIds(taxonomy: Taxonomy, parentIds: readonly number[]): Promise<number[]> {
    if (parentIds.length === 0) return [];
    const rows = await this.unit.manager.getRepository(TermEntity).find({
      select: { id: true },
      where: { taxonomy, parent: In([...new Set(parentIds)]) },
    });
    return rows.map((row) => row.id);
  }

  /**
   * Creates a term with a slug made from `slugBase` by `slugRule` (unique in its taxonomy), and
   * its text in `language` (which becomes its original language); returns its id: `wish` (an
   * imported term's id at its source) when no term has it, else the next free one.
   */
  async create(
    taxonomy: Taxonomy,
    parent: number,
    slugBase: string,
    slugRule: SlugRule,
    language: Language,
    text: { name: string; description: string | null },
    wish?: number,
  ): Promise<number> {
    return this.unit.transaction(async (manager) => {
      let id = 0;
      const insert = async (slug: string): Promise<void> => {
        const wished = wish !== undefined && (await isIdFree(manager, TermEntity, wish));
        const result = await manager.insert(TermEntity, {
          ...(wished ? { id: wish } : {}),
          taxonomy,
          slug,
          parent,
          originalLanguage: language,
          modifiedUtc: this.clock.now().toJSDate(),
        });
        id = wished ? wish : Number(result.identifiers[0]?.['id']);
      };
      await writeWithUniqueSlug(manager, slugScope(taxonomy), slugBase, 0, insert, slugRule);
      if (!Number.isSafeInteger(id) || id <= 0) {
        throw new Error('The database returned no id for a new term');
      }
      await manager.insert(TermTranslationEntity, {
        termId: id,
        language,
        name: text.name,
        nameKey: nameKey(text.name),
        description: text.description,
      });
      await manager.insert(TermCountEntity, { termId: id, publishedCount: 0 });
      return id;
    });
  }

  /** Updates a term's parent, slug (made unique) and the text of one language, together. */
  async update(
    term: TermEntity,
    changes: { parent?: number; slugBase?: string },
    language: Language,
    text: TermText,
  ): Promise<void> {
    await this.unit.transaction(async (manager) => {
      await manager.update(
        TermEntity,
        { id: term.id },
        { modifiedUtc: this.clock.now().toJSDate() },
      );
      if (changes.parent !== undefined && changes.parent !== term.parent) {
        await manager.update(TermEntity, { id: term.id }, { parent: changes.parent });
        await this.links.moved(term.id, term.parent);
      }
      if (changes.slugBase !== undefined) {
        await writeWithUniqueSlug(
          manager,
          slugScope(term.taxonomy),
          changes.slugBase,
          term.id,
          (slug) => manager.update(TermEntity, { id: term.id }, { slug }),
        );
      }
      await writeTranslation(
        manager,
        TermTranslationEntity,
        'termId',
        term.id,
        language,
        namedText(text),
      );
    });
  }

  /**
   * Deletes a term for good: its children move up to its parent, its event links and
   * translations go, in one transaction. The owner of the links (the events module) removes
   * them and rewrites its listing rows in the same transaction, as it does when a term moves.
   */
  async delete(term: TermEntity): Promise<void> {
    await this.unit.transaction(async (manager) => {
      await manager.update(
        TermEntity,
        { taxonomy: term.taxonomy, parent: term.id },
        { parent: term.parent },
      );
      await this.links.removing(term.id, term.parent);
      await manager.delete(TermTranslationEntity, { termId: term.id });
      await manager.delete(TermEntity, { id: term.id });
    });
  }

  /**
   * `lateIds`: terms with a scheduled event whose date has passed; with `hide_empty` they count
   * as used even when their stored count is 0.
   */
  private listQuery(
    filter: TermListFilter,
    lateIds: readonly number[],
  ): SelectQueryBuilder<TermEntity> {
    const query = this.unit.manager
      .getRepository(TermEntity)
      .createQueryBuilder('t')
      .leftJoin(TermTranslationEntity, 'tr', 'tr.termId = t.id AND tr.language = :language', {
        language: filter.language,
      })
      .leftJoin(
        TermTranslationEntity,
        'tro',
        'tro.termId = t.id AND tro.language = t.originalLanguage',
      )
      .leftJoin(TermCountEntity, 'c', 'c.termId = t.id')
      .where('t.taxonomy = :taxonomy', { taxonomy: filter.taxonomy });
    if (filter.hideEmpty) {
      query.andWhere(
        lateIds.length > 0
          ? '(c.publishedCount > 0 OR t.id IN (:...lateIds))'
          : 'c.publishedCount > 0',
        { lateIds: [...lateIds] },
      );
    }
    if (filter.search !== undefined) {
      query.andWhere(
        "(COALESCE(tr.nameKey, tro.nameKey) LIKE :search ESCAPE '!' OR t.slug LIKE :search ESCAPE '!')",
        { search: `%${escapeLike(nameKey(filter.search))}%` },
      );
    }
    if (filter.include !== undefined) {
      query.andWhere('t.id IN (:...include)', { include: [...filter.include] });
    }
    if (filter.exclude !== undefined) {
      query.andWhere('t.id NOT IN (:...exclude)', { exclude: [...filter.exclude] });
    }
    if (filter.parent !== undefined) {
      query.andWhere('t.parent = :parent', { parent: filter.parent });
    }
    if (filter.slug !== undefined) query.andWhere('t.slug = :slug', { slug: filter.slug });
    if (filter.modifiedAfter !== undefined) {
      query.andWhere('t.modifiedUtc > :modifiedAfter', { modifiedAfter: filter.modifiedAfter });
    }
    if (filter.modifiedBefore !== undefined) {
      query.andWhere('t.modifiedUtc < :modifiedBefore', { modifiedBefore: filter.modifiedBefore });
    }
    if (filter.eventTermIds !== undefined) {
      if (filter.eventTermIds.length === 0) query.andWhere('1 = 0');
      else query.andWhere('t.id IN (:...eventTermIds)', { eventTermIds: [...filter.eventTermIds] });
    }
    return query;
  }
}
