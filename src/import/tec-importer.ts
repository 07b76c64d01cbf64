import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Viewer } from '../access/viewer';
import { eventLinksOf, ImportedEventPages, linkTargetsOf, NewEventImport } from './imported-events';
import { Language } from '../common/i18n/language';
import { AppConfig } from '../config/app-config';
import { UnitOfWork } from '../database/unit-of-work';
import { ImportedKind } from '../posts/imported-item.entity';
import { ImportedItem, ImportedItems } from '../posts/imported-items';
import { PostKind } from '../posts/post.entity';
import { CATEGORY, Taxonomy } from '../terms/taxonomy';
import { TermsService } from '../terms/terms.service';
import { ImportProgress, StageProgress } from './import-progress';
import { ImportPruner, PruneRequest } from './import-pruner';
import { ImportedPostWriter } from './imported-post-writer';
import {
  datedByWordPress,
  EventImport,
  importedVersion,
  PostImport,
  readEvent,
  readOrganizer,
  readTerm,
  readVenue,
  readWordPressOrganizer,
  readWordPressVenue,
  TermImport,
} from './tec-items';
import { SourcePage, TecSource, TecSourceOptions } from './tec-source';
import {
  count,
  emptyReport,
  failureReason,
  IMPORT_STAGES,
  ImportProgressSink,
  ImportReport,
  ImportStage,
  ItemOutcome,
  StageReport,
} from './import-report';
import { eachLimited, parentsFirst } from './work-order';
import {
  LIST_NOTES,
  readWordPressIndex,
  WORDPRESS_TYPES,
  WordPressIndex,
} from './wordpress-routes';

/** The page size TEC allows at most; the import reads every collection at it. */
export const SOURCE_PAGE_SIZE = 50;

/**
 * The events window the import asks for: TEC lists only upcoming events unless a window is
 * given, so the import opens it wide for past and future events alike.
 */
export const EVENTS_WINDOW = { start_date: '2000-01-01', end_date: '2100-12-31' } as const;

/** The statuses asked for with credentials: everything but the trash. */
const SIGNED_IN_STATUSES = 'publish,future,draft,pending,private';

export interface ImportOptions {
  /** The source site's REST root (`https://site.example/wp-json`). */
  readonly from: string;
  readonly user?: string;
  readonly appPassword?: string;
  /** The user every imported item is written as and belongs to. */
  readonly authorId: number;
  /** Reads the source and tells what would change, writing nothing. */
  readonly dryRun: boolean;
  /** Trashes here what an earlier import brought and the site no longer lists. */
  readonly prune?: boolean;
  /** Requests to the source in flight, and items written, at once. */
  readonly concurrency: number;
  /** The language the source's text is written in; default `DEFAULT_LANGUAGE`. */
  readonly language?: Language;
  /** Timeouts and retries of the source's requests (defaults in {@link DEFAULT_SOURCE}). */
  readonly source?: Partial<
    Pick<TecSourceOptions, 'timeoutMs' | 'attempts' | 'backoffMs' | 'maxRetryAfterMs'>
  >;
  /** Stops the import after the items being written (an interrupt); run it again to continue. */
  readonly signal?: AbortSignal;
  readonly progress?: ImportProgressSink;
}

/** Defaults of the source client: 30 s per request, 6 attempts from 1 s, Retry-After up to 5 min. */
export const DEFAULT_SOURCE = {
  timeoutMs: 30_000,
  attempts: 6,
  backoffMs: 1_000,
  maxRetryAfterMs: 300_000,
} as const;

/** How each stage reads the source and writes here. */
interface StagePlan {
  readonly collection: string;
  readonly kind: ImportedKind;
  readonly query: Record<string, string>;
}

/** One run's context, passed to every step. */
interface Run {
  readonly source: string;
  readonly client: TecSource;
  readonly options: ImportOptions;
  readonly viewer: Viewer;
  readonly language: Language;
  readonly report: Record<ImportStage, StageReport>;
  /** The host part of the site's global ids, from the first item that has one. */
  globalHost: string | null;
}

/**
 * Imports a The Events Calendar site through its `tribe/events/v1` API and WordPress's own routes
 * (docs/behaviour.md#importing-from-the-events-calendar): categories, tags, venues, organizers,
 * then events, page by page, each item written through its resource's service in one unit of
 * work with the record of where it came from. An item already imported is updated when its
 * source changed and skipped otherwise; a run that stops continues from the last page done.
 */
@Injectable()
export class TecImporter {
  private readonly logger = new Logger(TecImporter.name);

  constructor(
    private readonly config: AppConfig,
    private readonly unit: UnitOfWork,
    private readonly imported: ImportedItems,
    private readonly eventPages: ImportedEventPages,
    private readonly progress: ImportProgress,
    private readonly pruner: ImportPruner,
    private readonly posts: ImportedPostWriter,
    private readonly terms: TermsService,
  ) {}

  async run(options: ImportOptions): Promise<ImportReport> {
    const started = performance.now();
    const source = options.from.trim().replace(/\/+$/, '');
    const client = new TecSource({
      ...DEFAULT_SOURCE,
      ...options.source,
      root: source,
      user: options.user,
      appPassword: options.appPassword,
      concurrency: options.concurrency,
      signal: options.signal,
      onRetry: (retry) => {
        this.logger.debug(`retrying ${retry.path || 'the namespace'}: ${retry.reason}`);
        options.progress?.retry(retry);
      },
    });
    await client.checkNamespace();
    const done = options.dryRun
      ? new Map<string, StageProgress>()
      : await this.progress.load(source);
    const run: Run = {
      source,
      client,
      options,
      viewer: { userId: options.authorId, role: 'administrator' },
      language: options.language ?? this.config.DEFAULT_LANGUAGE,
      report: Object.fromEntries(IMPORT_STAGES.map((stage) => [stage, emptyReport()])) as Record<
        ImportStage,
        StageReport
      >,
      globalHost: null,
    };
    for (const stage of IMPORT_STAGES) {
      const state = done.get(stage);
      if (state?.finished) continue;
      await this.stage(run, stage, state?.pagesDone ?? 0);
    }
    if (!options.dryRun) await this.progress.clear(source);
    return {
      source,
      dryRun: options.dryRun,
      resumed: done.size > 0,
      stages: run.report,
      seconds: (performance.now() - started) / 1000,
    };
  }

  private plan(run: Run, stage: ImportStage): StagePlan {
    const perPage = { per_page: String(SOURCE_PAGE_SIZE) };
    const statuses: Record<string, string> = run.client.signedIn
      ? { status: SIGNED_IN_STATUSES }
      : {};
    switch (stage) {
      case 'categories':
        return {
          collection: 'categories',
          kind: 'category',
          query: { ...perPage, hide_empty: '0' },
        };
      case 'tags':
        return { collection: 'tags', kind: 'post_tag', query: { ...perPage, hide_empty: '0' } };
      case 'venues':
        return { collection: 'venues', kind: 'venue', query: { ...perPage, ...statuses } };
      case 'organizers':
        return { collection: 'organizers', kind: 'organizer', query: { ...perPage, ...statuses } };
      case 'events':
        return {
          collection: 'events',
          kind: 'event',
          query: { ...perPage, ...EVENTS_WINDOW, ...statuses },
        };
    }
  }

  /**
   * One stage: terms are read whole (categories need their parents first) and written; posts
   * page by page, the next pages fetched while one is written, and the page saved as done.
   */
  private async stage(run: Run, stage: ImportStage, pagesDone: number): Promise<void> {
    const plan = this.plan(run, stage);
    const first = await run.client.page(plan.collection, plan.query, pagesDone + 1);
    const kind = plan.kind;
    if (kind === 'category' || kind === 'post_tag') {
      run.options.progress?.stage(stage, first.total, 0);
      await this.termStage(run, stage, plan, first);
      return;
    }
    const wordPress = await readWordPressIndex(run.client, kind);
    const total = Math.max(first.total, 'total' in wordPress ? wordPress.total : 0);
    run.options.progress?.stage(stage, total, Math.min(total, pagesDone * SOURCE_PAGE_SIZE));
    const seen = new Set<number>();
    const fetches = new Map<number, Promise<SourcePage>>();
    const fetchPage = (page: number): Promise<SourcePage> => {
      let fetch = fetches.get(page);
      if (!fetch) {
        fetch = run.client.page(plan.collection, plan.query, page);
        // Handled where awaited; a prefetch left behind by a stop is not an unhandled error.
        fetch.catch(() => undefined);
        fetches.set(page, fetch);
      }
      return fetch;
    };
    fetches.set(pagesDone + 1, Promise.resolve(first));
    for (let page = pagesDone + 1; page <= first.totalPages; page += 1) {
      for (let ahead = 1; ahead <= run.options.concurrency; ahead += 1) {
        if (page + ahead <= first.totalPages) void fetchPage(page + ahead);
      }
      const { items } = await fetchPage(page);
      fetches.delete(page);
      if (items.length === 0) break;
      const read = this.readPosts(run, stage, kind, items, wordPress);
      for (const item of read) seen.add(item.sourceId);
      await this.writePosts(run, stage, kind, read, wordPress);
      run.options.signal?.throwIfAborted();
      if (!run.options.dryRun) await this.progress.save(run.source, stage, page, false);
    }
    await this.listsSkipped(run, stage, kind, wordPress, seen);
    run.options.signal?.throwIfAborted();
    await this.prune(
      run,
      stage,
      kind,
      'posts' in wordPress
        ? new Set([...seen, ...wordPress.posts.keys()])
        : { unknown: `WordPress's route wp/v2/${WORDPRESS_TYPES[kind]} not read` },
    );
    if (!run.options.dryRun) await this.progress.save(run.source, stage, first.totalPages, true);
  }

  /**
   * The posts WordPress's route lists that TEC's lists did not give this run: an event is read
   * singly through TEC's API, a venue or organizer from WordPress's route; each written as if
   * listed, and one left alone (counted skipped) when the version imported last is its own.
   */
  private async listsSkipped(
    run: Run,
    stage: ImportStage,
    kind: PostKind,
    wordPress: WordPressIndex,
    seen: ReadonlySet<number>,
  ): Promise<void> {
    const report = run.report[stage];
    if (!('posts' in wordPress)) {
      count(
        report.notes,
        `WordPress's route wp/v2/${WORDPRESS_TYPES[kind]} not read (${wordPress.unavailable}): posts TEC's lists skip were not looked for, and passwords not carried`,
      );
      return;
    }
    const missing = [...wordPress.posts.values()].filter((post) => !seen.has(post.sourceId));
    if (missing.length === 0) return;
    const known = await this.imported.find(
      run.source,
      kind,
      missing.map((post) => post.sourceId),
    );
    const changed = missing.filter((post) => {
      const version = importedVersion(post.modified, kind === 'event' ? post.password : '');
      if (known.get(post.sourceId)?.sourceVersion !== version) return true;
      report.skipped += 1;
      run.options.progress?.item(stage, 'skipped');
      return false;
    });
    if (kind !== 'event') {
      // The host part of the site's global ids (`site.example?id=12`), as TEC writes them.
      const host = run.globalHost ?? new URL(run.source).host;
      const read = kind === 'venue' ? readWordPressVenue : readWordPressOrganizer;
      const items = changed.flatMap((post) => {
        try {
          const item = read(post, host);
          for (const note of item.notes) count(report.notes, note);
          return [item];
        } catch (error: unknown) {
          this.fail(run, stage, error);
          return [];
        }
      });
      await this.writePosts(run, stage, kind, items, wordPress);
      return;
    }
    // Events are read singly, a page's worth at a time.
    for (let start = 0; start < changed.length; start += SOURCE_PAGE_SIZE) {
      const singles = await Promise.all(
        changed
          .slice(start, start + SOURCE_PAGE_SIZE)
          .map((post) => run.client.single('events', post.sourceId)),
      );
      const readable = singles.filter((single) => single !== null);
      for (let gone = singles.length - readable.length; gone > 0; gone -= 1) {
        count(report.notes, LIST_NOTES.notReadable);
      }
      const items = this.readPosts(run, stage, kind, readable, wordPress);
      for (let read = items.length; read > 0; read -= 1) count(report.notes, LIST_NOTES.readSingly);
      await this.writePosts(run, stage, kind, items, wordPress);
      run.options.signal?.throwIfAborted();
    }
  }

  private async termStage(
    run: Run,
    stage: ImportStage,
    plan: StagePlan,
    first: SourcePage,
  ): Promise<void> {
    const raw = [...first.items];
    for (let page = 2; page <= first.totalPages; page += 1) {
      raw.push(...(await run.client.page(plan.collection, plan.query, page)).items);
    }
    const taxonomy: Taxonomy = plan.kind === 'category' ? CATEGORY : 'post_tag';
    const terms: TermImport[] = [];
    let unreadable = false;
    for (const item of raw) {
      try {
        terms.push(readTerm(item));
      } catch (error: unknown) {
        unreadable = true;
        this.fail(run, stage, error);
      }
    }
    const known = await this.imported.find(
      run.source,
      plan.kind,
      terms.map((term) => term.sourceId),
    );
    // One at a time: a child needs its parent's id here, which its parent's write gives.
    for (const term of taxonomy === CATEGORY ? parentsFirst(terms) : terms) {
      run.options.signal?.throwIfAborted();
      const parent =
        term.parentSourceId === 0 ? 0 : (known.get(term.parentSourceId)?.targetId ?? null);
      const input = { ...term.body, ...(taxonomy === CATEGORY ? { parent: parent ?? 0 } : {}) };
      if (parent === null) {
        count(run.report[stage].notes, `parent ${term.parentSourceId} not imported`);
      }
      const outcome = await this.write(run, stage, plan.kind, term.sourceId, term.version, known, {
        create: async () =>
          (
            await this.terms.create(
              taxonomy,
              input,
              run.language,
              run.viewer,
              'next-free',
              term.sourceId,
            )
          ).term.id,
        update: async (id) => {
          await this.terms.update(taxonomy, id, input, run.language, run.viewer);
        },
      });
      if (outcome !== null) known.set(term.sourceId, outcome);
    }
    await this.prune(
      run,
      stage,
      plan.kind,
      unreadable
        ? { unknown: 'a term the site lists could not be read' }
        : new Set(terms.map((term) => term.sourceId)),
    );
    if (!run.options.dryRun) await this.progress.save(run.source, stage, first.totalPages, true);
  }

  /**
   * Venues, organizers or events as TEC's API gives them, read (dated as WordPress's route dates
   * them where TEC gives no date); one unreadable fails alone.
   */
  private readPosts(
    run: Run,
    stage: ImportStage,
    kind: PostKind,
    raw: readonly unknown[],
    wordPress: WordPressIndex,
  ): PostImport[] {
    const read = kind === 'event' ? readEvent : kind === 'venue' ? readVenue : readOrganizer;
    const items: PostImport[] = [];
    for (const item of raw) {
      try {
        const listed = read(item);
        const post =
          'posts' in wordPress
            ? datedByWordPress(listed, wordPress.posts.get(listed.sourceId))
            : listed;
        for (const note of post.notes) count(run.report[stage].notes, note);
        if (run.globalHost === null && post.origin.globalId.includes('?id=')) {
          run.globalHost = post.origin.globalId.split('?id=')[0] ?? null;
        }
        items.push(post);
      } catch (error: unknown) {
        this.fail(run, stage, error);
      }
    }
    return items;
  }

  /**
   * Venues, organizers or events written `concurrency` at a time, each event with its password
   * where WordPress's route gives it (and a random one where the post is protected and the
   * password not given).
   */
  private async writePosts(
    run: Run,
    stage: ImportStage,
    kind: PostKind,
    items: readonly PostImport[],
    wordPress: WordPressIndex,
  ): Promise<void> {
    const known = await this.imported.find(
      run.source,
      kind,
      items.map((item) => item.sourceId),
    );
    const links =
      kind === 'event'
        ? await linkTargetsOf(this.imported, run.source, items as EventImport[])
        : null;
    const writing = (item: PostImport): { body: Record<string, unknown>; version: string } => {
      const password =
        kind === 'event' && 'posts' in wordPress
          ? wordPress.posts.get(item.sourceId)?.password
          : undefined;
      const version = importedVersion(item.version, password);
      // Said when the event is written with a random password, not on a run that skips it.
      if (password === null && known.get(item.sourceId)?.sourceVersion !== version) {
        count(run.report[stage].notes, LIST_NOTES.unknownPassword);
      }
      const body = {
        ...item.body,
        author: run.options.authorId,
        ...(links
          ? eventLinksOf(item as EventImport, links, (note) => {
              if (!run.options.dryRun) count(run.report.events.notes, note);
            })
          : {}),
        ...(password === undefined
          ? {}
          : { password: password ?? randomBytes(18).toString('base64url') }),
      };
      return { body, version };
    };
    const writeOne = async (
      item: PostImport,
      { body, version }: { body: Record<string, unknown>; version: string },
    ): Promise<void> => {
      await this.write(
        run,
        stage,
        kind,
        item.sourceId,
        version,
        known,
        {
          create: () =>
            this.posts.create(kind, body, run.language, run.viewer, item.origin, {
              costShown: item.costShown,
              imageShown: item.imageShown,
            }),
          update: (id) =>
            this.posts.update(kind, id, body, run.language, run.viewer, {
              costShown: item.costShown,
              imageShown: item.imageShown,
            }),
        },
        item.sourceSlug,
      );
    };
    // The page's new events in one unit of work; the rest one item at a time.
    const paged = kind === 'event' && !run.options.dryRun;
    const fresh = paged ? items.filter((item) => !known.has(item.sourceId)) : [];
    if (fresh.length > 0 && run.options.signal?.aborted !== true) {
      await this.createEvents(
        run,
        stage,
        fresh.map((item) => ({ item, ...writing(item) })),
        writeOne,
      );
    }
    const rest = fresh.length > 0 ? items.filter((item) => known.has(item.sourceId)) : items;
    await eachLimited(rest, run.options.concurrency, async (item) => {
      if (run.options.signal?.aborted) return;
      await writeOne(item, writing(item));
    });
  }

  /**
   * Creates a page of new events (at most the source's page, 50) in one unit of work with the
   * records of where they came from
   * (EventsService.createMany: the same checks and stored values as one at a time, in a few
   * statements). An event refused by its checks is counted failed with its reason, as alone; one
   * that starts a series or creates linked items inline is written alone after the page. When
   * the page's unit fails as a whole (the database refused a statement, a conflict that would not
   * clear), its events are written again one at a time, so the one at fault is named and the
   * others still land.
   */
  private async createEvents(
    run: Run,
    stage: ImportStage,
    page: readonly NewEventImport[],
    writeOne: (item: PostImport, writing: NewEventImport) => Promise<void>,
  ): Promise<void> {
    const outcomes = await this.eventPages.create(page, run);
    if (outcomes === null) {
      for (const entry of page) await writeOne(entry.item, entry);
      return;
    }
    const report = run.report[stage];
    for (const [index, outcome] of outcomes.entries()) {
      const entry = page[index];
      if (!entry) continue;
      if (outcome === 'single') await writeOne(entry.item, entry);
      else if ('error' in outcome) this.fail(run, stage, outcome.error);
      else {
        report.created += 1;
        if (outcome.id === entry.item.sourceId) report.keptIds += 1;
        else report.newIds += 1;
        run.options.progress?.item(stage, 'created');
      }
    }
  }

  /**
   * Writes one item: skipped when the version imported last is the source's, else updated or
   * created, together with the record of where it came from (and, for a post, its slug there),
   * in one unit of work. A dry run
   * only counts. Returns what the item is here, or null when it was not written.
   */
  private async write(
    run: Run,
    stage: ImportStage,
    kind: ImportedKind,
    sourceId: number,
    version: string,
    known: Map<number, ImportedItem>,
    writes: { create(): Promise<number>; update(id: number): Promise<void> },
    sourceSlug: string | null = null,
  ): Promise<ImportedItem | null> {
    const report = run.report[stage];
    const existing = known.get(sourceId);
    const outcome: ItemOutcome =
      existing === undefined
        ? 'created'
        : existing.sourceVersion === version && version !== ''
          ? 'skipped'
          : 'updated';
    if (outcome === 'skipped' && existing && existing.sourceSlug !== sourceSlug) {
      // Imported before slugs were kept: the slug is recorded, the item left as it is.
      const { targetId, sourceVersion } = existing;
      const item = { targetId, sourceVersion, sourceSlug };
      if (!run.options.dryRun) {
        await this.unit.run(() =>
          this.imported.record(run.source, kind, sourceId, item, new Date()),
        );
      }
    }
    if (outcome === 'skipped' || run.options.dryRun) {
      report[outcome] += 1;
      run.options.progress?.item(stage, outcome);
      return null;
    }
    try {
      const item = await this.unit.run(async () => {
        let targetId: number;
        if (existing) {
          targetId = existing.targetId;
          await writes.update(targetId);
        } else {
          targetId = await writes.create();
        }
        const written = { targetId, sourceVersion: version, sourceSlug };
        await this.imported.record(run.source, kind, sourceId, written, new Date());
        return written;
      });
      report[outcome] += 1;
      if (outcome === 'created') {
        if (item.targetId === sourceId) report.keptIds += 1;
        else report.newIds += 1;
      }
      run.options.progress?.item(stage, outcome);
      return item;
    } catch (error: unknown) {
      this.fail(run, stage, error);
      return null;
    }
  }

  /** With `--prune`, trashes here what the site no longer lists, and counts it. */
  private async prune(
    run: Run,
    stage: ImportStage,
    kind: ImportedKind,
    present: PruneRequest['present'],
  ): Promise<void> {
    if (run.options.prune !== true) return;
    const { pruned, skippedBecause } = await this.pruner.prune({
      source: run.source,
      kind,
      present,
      language: run.language,
      viewer: run.viewer,
      dryRun: run.options.dryRun,
      signal: run.options.signal,
    });
    run.report[stage].pruned += pruned;
    if (skippedBecause !== null) count(run.report[stage].notes, `not pruned: ${skippedBecause}`);
  }

  /** Counts a failed item with its reason; an error that is not the item's stops the import. */
  private fail(run: Run, stage: ImportStage, error: unknown): void {
    const reason = failureReason(error);
    if (reason === null) throw error;
    run.report[stage].failed += 1;
    count(run.report[stage].failures, reason);
    run.options.progress?.item(stage, 'failed');
  }
}
