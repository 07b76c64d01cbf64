import { SlugRule } from '../posts/unique-slug';
import { Injectable } from '@nestjs/common';
import { mayManageTerms, requireRight } from '../access/rights';
import { Viewer } from '../access/viewer';
import { ChangeLog } from '../changes/change-log';
import { SyncResult, syncResult } from '../changes/sync';
import { ChangeKind } from '../changes/entities/change.entity';
import { Clock } from '../common/clock/clock';
import { TermListQuery } from './term-list-query';
import { InvalidParamsError, ParamProblem } from '../common/errors/domain-error';
import { Language } from '../common/i18n/language';
import { Page, pageOf } from '../common/paging/list-query';
import { sanitizeRichText, toPlainText } from '../common/text/html';
import { nameKey } from '../common/text/name-key';
import { slugify } from '../common/text/slug';
import { PostRegistry } from '../posts/post-registry';
import { TermEntity, Taxonomy } from './entities/term.entity';
import { TermTranslationEntity } from './entities/term-translation.entity';
import { fallbackSlug, isHierarchical } from './taxonomy';
import { EventTermLink, TermLinks } from './term-links';
import { parseTermOrder } from './term-order';
import { ancestorSlugs, MAX_TREE_DEPTH, TreeNode } from './term-tree';
import { TaxonomyNotHierarchicalError, TermExistsError, unknownTermError } from './terms.errors';
import { TermListFilter, TermsRepository, TermText } from './terms.repository';

/** The change log's name for the items of `taxonomy`. */
function changeKindOf(taxonomy: Taxonomy): ChangeKind {
  return taxonomy === 'tribe_events_cat' ? 'category' : 'tag';
}

/** A term with what it takes to show it. */
export interface TermView {
  readonly term: TermEntity;
  readonly translations: readonly TermTranslationEntity[];
  /** Published events linked to the term. */
  readonly count: number;
  /** Slugs of the term's ancestors, root first (empty for tags and top-level categories). */
  readonly path: readonly string[];
}

/** The fields of a term write; what is undefined is left as it is. */
export interface TermInput {
  readonly name?: string | null;
  readonly description?: string | null;
  readonly slug?: string | null;
  /** Categories: a category id or 0. Tags: every value given is refused. */
  readonly parent?: unknown;
}

/** A page of terms with what its links and headers need. */
export type TermPage = Page<TermView>;

/** Longest term name, as WordPress allows. */
const MAX_NAME_LENGTH = 200;

const DIGITS = /^\s*\d+\s*$/;

const collator = new Intl.Collator('und');

/** The folded name a reader of `language` sees: its translation, else the original's. */
function seenNameKey(view: TermView, language: Language): string {
  const own = view.translations.find((row) => row.language === language && row.name !== null);
  const original = view.translations.find(
    (row) => row.language === view.term.originalLanguage && row.name !== null,
  );
  const row = own ?? original;
  return row?.nameKey ?? nameKey(row?.name ?? '');
}

function byName(language: Language): (a: TermView, b: TermView) => number {
  return (a, b) =>
    collator.compare(seenNameKey(a, language), seenNameKey(b, language)) || a.term.id - b.term.id;
}

/**
 * Categories and tags (WordPress terms): lists with TEC's filters, writes with `term_exists`
 * checks in the request's language, permanent deletes; and what event writes, filters and
 * representations need from terms.
 */
@Injectable()
export class TermsService {
  constructor(
    private readonly terms: TermsRepository,
    private readonly posts: PostRegistry,
    private readonly clock: Clock,
    private readonly links: TermLinks,
    private readonly changes: ChangeLog,
  ) {}

  /** One page of the terms of `taxonomy`; a page past the end is empty. */
  async list(
    taxonomy: Taxonomy,
    request: TermListQuery,
    language: Language,
    viewer: Viewer,
  ): Promise<TermPage> {
    const { filters: query, modified, paging } = request;
    const problems: ParamProblem[] = [];
    const now = this.clock.now().toJSDate();
    const include = await this.knownIds(taxonomy, query.include, 'include', problems);
    const exclude = await this.knownIds(taxonomy, query.exclude, 'exclude', problems);
    if (query.parent !== undefined && query.parent !== 0) {
      if (!(await this.terms.findTerm(taxonomy, query.parent))) {
        problems.push({ param: 'parent', message: 'param.invalid' });
      }
    }
    for (const param of ['post', 'event'] as const) {
      const id = query[param];
      if (id !== undefined && !(await this.posts.isEventVisibleTo(id, viewer, now))) {
        problems.push({ param, message: 'param.invalid' });
      }
    }
    if (problems.length > 0) throw new InvalidParamsError(problems);
    const eventId = query.event ?? query.post;
    const filter: TermListFilter = {
      taxonomy,
      language,
      now,
      hideEmpty: query.hide_empty ?? true,
      search: query.search,
      include,
      exclude,
      parent: isHierarchical(taxonomy) ? query.parent : undefined,
      eventTermIds: eventId === undefined ? undefined : await this.links.termsOf(eventId),
      slug: query.slug,
      modifiedAfter: modified.modifiedAfter,
      modifiedBefore: modified.modifiedBefore,
    };
    const order = parseTermOrder(query.orderby, query.order, (include?.length ?? 0) > 0);
    const { terms, total } = await this.terms.findPage(
      filter,
      order,
      paging.offset,
      paging.perPage,
    );
    return pageOf(await this.views(terms, now), total, paging);
  }

  /**
   * What changed among the terms of `taxonomy` since `token` (docs/behaviour.md#sync): the
   * changed terms that still exist (empty ones included, as `hide_empty=false` lists them), and
   * tombstones for the deleted ones. Terms have no statuses: everyone sees the same.
   */
  async sync(
    taxonomy: Taxonomy,
    token: string,
    perPage: number,
    language: Language,
  ): Promise<SyncResult<TermView>> {
    const batch = await this.changes.since(changeKindOf(taxonomy), token, perPage);
    const now = this.clock.now().toJSDate();
    const filter: TermListFilter = {
      taxonomy,
      language,
      now,
      hideEmpty: false,
      include: batch.itemIds,
    };
    const { terms } =
      batch.itemIds.length === 0
        ? { terms: [] }
        : await this.terms.findPage(
            filter,
            parseTermOrder(undefined, undefined, true),
            0,
            batch.itemIds.length,
          );
    const views = await this.views(terms, now);
    return syncResult(
      token,
      batch,
      views.map((view) => ({ id: view.term.id, view })),
    );
  }

  /** The term `id` of `taxonomy`; any other id is 400 on `id`. */
  async get(taxonomy: Taxonomy, id: number): Promise<TermView> {
    return this.view(await this.byId(taxonomy, id));
  }

  /**
   * Creates a term whose text is written in `language`, which becomes its original language. An
   * imported term asks for its source id as `wish`, kept when no term has it.
   */
  async create(
    taxonomy: Taxonomy,
    input: TermInput,
    language: Language,
    viewer: Viewer,
    slugRule: SlugRule,
    wish?: number,
  ): Promise<TermView> {
    this.refuseParentOfFlat(taxonomy, input);
    const problems: ParamProblem[] = [];
    const name = this.name(input.name ?? '', problems);
    const parent = await this.parent(taxonomy, input.parent, undefined, problems);
    if (problems.length > 0) throw new InvalidParamsError(problems);
    requireRight(viewer, mayManageTerms(viewer, taxonomy));
    await this.refuseDuplicate(taxonomy, name, parent ?? 0, language, undefined);
    const slugBase = this.slugBase(taxonomy, input.slug, name);
    const id = await this.terms.create(
      taxonomy,
      parent ?? 0,
      slugBase,
      slugRule,
      language,
      {
        name,
        description: this.description(input.description) ?? null,
      },
      wish,
    );
    await this.changes.record(changeKindOf(taxonomy), id, 'created');
    return this.view(await this.byId(taxonomy, id));
  }

  /**
   * Applies the fields `input` carries, writing text in `language`; other fields and languages
   * keep their values. A renamed or moved term may not clash with a sibling's name.
   */
  async update(
    taxonomy: Taxonomy,
    id: number,
    input: TermInput,
    language: Language,
    viewer: Viewer,
  ): Promise<TermView> {
    const term = await this.byId(taxonomy, id);
    this.refuseParentOfFlat(taxonomy, input);
    const problems: ParamProblem[] = [];
    const name = input.name === undefined ? undefined : this.name(input.name ?? '', problems);
    if (input.slug === null) problems.push({ param: 'slug', message: 'param.invalid' });
    const parent = await this.parent(taxonomy, input.parent, term.id, problems);
    if (problems.length > 0) throw new InvalidParamsError(problems);
    requireRight(viewer, mayManageTerms(viewer, taxonomy));
    if (name !== undefined || (parent !== undefined && parent !== term.parent)) {
      const shownName = name ?? (await this.nameSeenIn(term, language));
      await this.refuseDuplicate(taxonomy, shownName, parent ?? term.parent, language, term.id);
    }
    const text: TermText = { name, description: this.description(input.description) };
    const slugBase =
      input.slug === undefined || input.slug === null
        ? undefined
        : slugify(input.slug) || term.slug;
    await this.terms.update(term, { parent, slugBase }, language, text);
    await this.changes.record(changeKindOf(taxonomy), id, 'updated');
    return this.view(await this.byId(taxonomy, id));
  }

  /**
   * Deletes a term for good and returns it as it was just before (count included). Its
   * children move up to its parent; its links to events go.
   */
  async delete(taxonomy: Taxonomy, id: number, viewer: Viewer): Promise<TermView> {
    return this.deleteTerm(await this.byId(taxonomy, id), viewer);
  }

  /** Deletes the term if there is one (an import's prune): false when there is none. */
  async deleteIfAny(taxonomy: Taxonomy, id: number, viewer: Viewer): Promise<boolean> {
    const term = await this.terms.findTerm(taxonomy, id);
    if (!term) return false;
    await this.deleteTerm(term, viewer);
    return true;
  }

  private async deleteTerm(term: TermEntity, viewer: Viewer): Promise<TermView> {
    requireRight(viewer, mayManageTerms(viewer, term.taxonomy));
    const view = await this.view(term);
    await this.terms.delete(view.term);
    await this.changes.record(changeKindOf(term.taxonomy), term.id, 'deleted');
    return view;
  }

  /**
   * Event writes: classifies category or tag inputs without writing anything. Digit strings
   * must be ids of existing terms of `taxonomy` (else they are reported in `unknownIds`); any
   * other string names the term whose slug is `slugify(input)` or whose name, as a reader of
   * `language` sees it, has the same `nameKey`; the rest are `newNames` (deduplicated by
   * `nameKey`). `ids` keep the inputs' order, without repeats. `existing`: the ids known to
   * exist, read beforehand for many events ({@link existingIds}), instead of a read here.
   */
  async findForEvent(
    taxonomy: Taxonomy,
    inputs: readonly string[],
    language: Language,
    existing?: ReadonlySet<number>,
  ): Promise<{ ids: number[]; newNames: string[]; unknownIds: string[] }> {
    const digits = inputs.filter((input) => DIGITS.test(input));
    const words = inputs
      .filter((input) => !DIGITS.test(input))
      .map((input) => toPlainText(input))
      .filter((word) => word !== '');
    const [knownIds, bySlug, byName] = await Promise.all([
      existing ?? this.existingIds(taxonomy, digits),
      this.terms.findBySlugs(
        taxonomy,
        words.map((word) => slugify(word)).filter((slug) => slug !== ''),
      ),
      this.terms.findByNameKeys(
        taxonomy,
        words.map((word) => nameKey(word)),
        language,
      ),
    ]);
    const slugIds = new Map(bySlug.map((term) => [term.slug, term.id]));
    const nameIds = new Map<string, number>();
    for (const row of byName) if (!nameIds.has(row.key)) nameIds.set(row.key, row.id);
    const ids: number[] = [];
    const newNames = new Map<string, string>();
    const unknownIds: string[] = [];
    for (const input of inputs) {
      if (DIGITS.test(input)) {
        const id = Number(input.trim());
        if (knownIds.has(id)) ids.push(id);
        else unknownIds.push(input);
        continue;
      }
      const word = toPlainText(input);
      if (word === '') continue;
      const key = nameKey(word);
      const id = slugIds.get(slugify(word)) ?? nameIds.get(key);
      if (id !== undefined) ids.push(id);
      else if (!newNames.has(key)) newNames.set(key, word);
    }
    return { ids: [...new Set(ids)], newNames: [...newNames.values()], unknownIds };
  }

  /**
   * Creates top-level terms of `taxonomy` for `names`, written in `language`, reusing any term
   * whose name a reader of `language` sees as the same (one created meanwhile, say). Returns
   * their ids in the order of `names`. Names are made plain text and cut to 200 characters.
   */
  async createNames(
    taxonomy: Taxonomy,
    names: readonly string[],
    language: Language,
  ): Promise<number[]> {
    const ids: number[] = [];
    for (const raw of names) {
      const name = toPlainText(raw).slice(0, MAX_NAME_LENGTH).trim();
      if (name === '') continue;
      const [existing] = await this.terms.findByNameKeys(taxonomy, [nameKey(name)], language);
      if (existing) {
        ids.push(existing.id);
        continue;
      }
      const id = await this.terms.create(
        taxonomy,
        0,
        this.slugBase(taxonomy, undefined, name),
        'next-free',
        language,
        { name, description: null },
      );
      await this.changes.record(changeKindOf(taxonomy), id, 'created');
      ids.push(id);
    }
    return ids;
  }

  /**
   * Event list filters: ids or slugs of `taxonomy` become term ids (the list itself takes in
   * the categories below them). Null when any input names no term of the taxonomy.
   */
  async resolveFilter(taxonomy: Taxonomy, inputs: readonly string[]): Promise<number[] | null> {
    const digits = inputs.filter((input) => DIGITS.test(input));
    const slugs = inputs.filter((input) => !DIGITS.test(input)).map((input) => input.trim());
    const [byId, bySlug] = await Promise.all([
      this.terms.findTerms(
        taxonomy,
        digits.map((input) => Number(input.trim())),
      ),
      this.terms.findBySlugs(taxonomy, [
        ...slugs,
        ...slugs.map((slug) => slugify(slug)).filter((slug) => slug !== ''),
      ]),
    ]);
    const knownIds = new Set(byId.map((term) => term.id));
    const slugIds = new Map(bySlug.map((term) => [term.slug, term.id]));
    const ids: number[] = [];
    for (const input of inputs) {
      const id = DIGITS.test(input)
        ? knownIds.has(Number(input.trim()))
          ? Number(input.trim())
          : undefined
        : (slugIds.get(input.trim()) ?? slugIds.get(slugify(input)));
      if (id === undefined) return null;
      ids.push(id);
    }
    // Subcategories need no expanding: an event's listing rows name every category above its own.
    return [...new Set(ids)];
  }

  /**
   * The terms of each event, from its `links` (read by the events side, which owns them):
   * categories and tags together, each event's
   * ordered by name as a reader of `language` sees it, then id. A fixed number of queries
   * whatever the number of events (one more per level of category depth), none when the terms'
   * `views` are given.
   */
  async findForEvents(
    links: readonly EventTermLink[],
    language: Language,
    views?: ReadonlyMap<number, TermView>,
  ): Promise<Map<number, TermView[]>> {
    const result = new Map<number, TermView[]>();
    if (links.length === 0) return result;
    const viewById = views ?? (await this.findViews(links.map((link) => link.termId)));
    for (const link of links) {
      const view = viewById.get(link.termId);
      if (!view) continue;
      const list = result.get(link.eventId) ?? [];
      list.push(view);
      result.set(link.eventId, list);
    }
    const order = byName(language);
    for (const list of result.values()) list.sort(order);
    return result;
  }

  /**
   * Which of `inputs` that are ids (digits) name terms of `taxonomy`; other inputs are ignored.
   * `existing` of {@link findForEvent}, read once for many events.
   */
  async existingIds(taxonomy: Taxonomy, inputs: readonly string[]): Promise<Set<number>> {
    const ids = inputs.filter((input) => DIGITS.test(input)).map((input) => Number(input.trim()));
    const terms = await this.terms.findTerms(taxonomy, ids);
    return new Set(terms.map((term) => term.id));
  }

  /** The terms with these ids, with their text, counts and paths, by id. */
  /** The counts of terms `ids` (published events, and scheduled ones whose date has passed). */
  countsOf(ids: readonly number[]): Promise<Map<number, number>> {
    return this.terms.countPublished(ids, this.clock.now().toJSDate());
  }

  /**
   * The views of terms `ids`; `counted: false` leaves their counts at 0 for a caller that
   * reads them apart ({@link countsOf}).
   */
  async findViews(ids: readonly number[], counted = true): Promise<Map<number, TermView>> {
    if (ids.length === 0) return new Map();
    const terms = await this.terms.findByIds([...new Set(ids)]);
    const views = await this.views(terms, counted ? this.clock.now().toJSDate() : null);
    return new Map(views.map((view) => [view.term.id, view]));
  }

  private async byId(taxonomy: Taxonomy, id: number): Promise<TermEntity> {
    const term = await this.terms.findTerm(taxonomy, id);
    if (!term) throw unknownTermError();
    return term;
  }

  private async view(term: TermEntity): Promise<TermView> {
    const [view] = await this.views([term], this.clock.now().toJSDate());
    if (!view) throw unknownTermError();
    return view;
  }

  /**
   * Translations, counts (as of `now`; none when null) and category paths of `terms`, one query
   * each (paths: per level). The counts are the stored counts (`term_counts`) and the scheduled
   * events gone live (kept for every term: TermLinks), {@link TermsRepository.countPublished}.
   */
  private async views(terms: readonly TermEntity[], now: Date | null): Promise<TermView[]> {
    const ids = terms.map((term) => term.id);
    const [translations, counts, nodes] = await Promise.all([
      this.terms.findTranslations(ids),
      now === null ? new Map<number, number>() : this.terms.countPublished(ids, now),
      this.ancestors(terms),
    ]);
    return terms.map((term) => ({
      term,
      translations: translations.filter((row) => row.termId === term.id),
      count: counts.get(term.id) ?? 0,
      path: isHierarchical(term.taxonomy) ? ancestorSlugs(term.parent, nodes) : [],
    }));
  }

  /** Every ancestor of the categories among `terms`, loaded one tree level per query. */
  private async ancestors(terms: readonly TermEntity[]): Promise<Map<number, TreeNode>> {
    const nodes = new Map<number, TreeNode>(
      terms.map((term) => [term.id, { parent: term.parent, slug: term.slug }]),
    );
    let wanted = terms
      .filter((term) => isHierarchical(term.taxonomy))
      .map((term) => term.parent)
      .filter((id) => id !== 0 && !nodes.has(id));
    for (let depth = 0; wanted.length > 0 && depth < MAX_TREE_DEPTH; depth++) {
      const found = await this.terms.findTreeNodes(wanted);
      for (const [id, node] of found) nodes.set(id, node);
      wanted = [...found.values()]
        .map((node) => node.parent)
        .filter((id) => id !== 0 && !nodes.has(id));
    }
    return nodes;
  }

  /** `ids` with every descendant of theirs in `taxonomy`, one tree level per query. */
  private async withDescendants(taxonomy: Taxonomy, ids: readonly number[]): Promise<number[]> {
    const all = new Set(ids);
    let frontier = [...ids];
    for (let depth = 0; frontier.length > 0 && depth < MAX_TREE_DEPTH; depth++) {
      const children = await this.terms.findChildIds(taxonomy, frontier);
      frontier = children.filter((id) => !all.has(id));
      for (const id of frontier) all.add(id);
    }
    return [...all];
  }

  /** The ids of `param` if every one is a term of `taxonomy`; otherwise a problem is noted. */
  private async knownIds(
    taxonomy: Taxonomy,
    raw: readonly string[] | undefined,
    param: string,
    problems: ParamProblem[],
  ): Promise<number[] | undefined> {
    if (raw === undefined || raw.length === 0) return undefined;
    const ids = raw.map(Number);
    const found = new Set((await this.terms.findTerms(taxonomy, ids)).map((term) => term.id));
    if (!ids.every((id) => found.has(id))) {
      problems.push({ param, message: 'param.invalid', reason: 'reason.unknown-term' });
    }
    return ids;
  }

  /** Tags have no parents: a `parent`, whatever its value, is refused, as WordPress does. */
  private refuseParentOfFlat(taxonomy: Taxonomy, input: TermInput): void {
    if (!isHierarchical(taxonomy) && input.parent !== undefined && input.parent !== null) {
      throw new TaxonomyNotHierarchicalError();
    }
  }

  /**
   * The parent a category write asks for: 0 or an existing category that is neither the
   * category itself nor one of its descendants. Undefined when not given.
   */
  private async parent(
    taxonomy: Taxonomy,
    raw: unknown,
    ownId: number | undefined,
    problems: ParamProblem[],
  ): Promise<number | undefined> {
    if (!isHierarchical(taxonomy) || raw === undefined || raw === null) return undefined;
    if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0) {
      problems.push({ param: 'parent', message: 'param.invalid' });
      return undefined;
    }
    if (raw === 0) return 0;
    const valid =
      (await this.terms.findTerm(taxonomy, raw)) !== null &&
      (ownId === undefined || !(await this.withDescendants(taxonomy, [ownId])).includes(raw));
    if (!valid) problems.push({ param: 'parent', message: 'param.invalid' });
    return raw;
  }

  private name(raw: string, problems: ParamProblem[]): string {
    const name = toPlainText(raw);
    if (name === '') problems.push({ param: 'name', message: 'param.invalid' });
    else if ([...name].length > MAX_NAME_LENGTH) {
      problems.push({ param: 'name', message: 'param.too-long' });
    }
    return name;
  }

  /** Safe HTML as stored; `""` (or null) clears; undefined leaves it. */
  private description(raw: string | null | undefined): string | undefined {
    if (raw === undefined) return undefined;
    return sanitizeRichText(raw ?? '');
  }

  private slugBase(taxonomy: Taxonomy, requested: string | null | undefined, name: string): string {
    return (requested ? slugify(requested) : '') || slugify(name) || fallbackSlug(taxonomy);
  }

  /** The name a reader of `language` sees for `term`. */
  private async nameSeenIn(term: TermEntity, language: Language): Promise<string> {
    const rows = await this.terms.findTranslations([term.id]);
    const own = rows.find((row) => row.language === language && row.name !== null);
    const original = rows.find((row) => row.language === term.originalLanguage);
    return own?.name ?? original?.name ?? '';
  }

  /** `term_exists` when a sibling's name, as a reader of `language` sees it, is `name`. */
  private async refuseDuplicate(
    taxonomy: Taxonomy,
    name: string,
    parent: number,
    language: Language,
    ownId: number | undefined,
  ): Promise<void> {
    const hierarchical = isHierarchical(taxonomy);
    const [clash] = await this.terms.findByNameKeys(taxonomy, [nameKey(name)], language, {
      parent: hierarchical ? parent : undefined,
      exceptId: ownId,
    });
    if (clash) throw new TermExistsError(clash.id, hierarchical);
  }
}
