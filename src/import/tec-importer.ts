import { Injectable, Logger } from '@nestjs/common';
import { Viewer } from '../access/viewer';
import { DomainError } from '../common/errors/domain-error';
import { errorBody } from '../common/errors/error-body';
import { Language } from '../common/i18n/language';
import { validateInput } from '../common/validation/validate-input';
import { AppConfig } from '../config/app-config';
import { UnitOfWork } from '../database/unit-of-work';
import { CreateEventDto } from '../events/dto/create-event.dto';
import { UpdateEventDto } from '../events/dto/update-event.dto';
import { EventsService, ImportedCost } from '../events/events.service';
import { CreateOrganizerDto } from '../organizers/dto/create-organizer.dto';
import { UpdateOrganizerDto } from '../organizers/dto/update-organizer.dto';
import { OrganizersService } from '../organizers/organizers.service';
import { ImportedKind } from '../posts/imported-item.entity';
import { ImportedItem, ImportedItems } from '../posts/imported-items';
import { PostOrigin } from '../posts/post-origin';
import { PostKind } from '../posts/post.entity';
import { CATEGORY, Taxonomy } from '../terms/taxonomy';
import { TermsService } from '../terms/terms.service';
import { CreateVenueDto } from '../venues/dto/create-venue.dto';
import { UpdateVenueDto } from '../venues/dto/update-venue.dto';
import { VenuesService } from '../venues/venues.service';
import { ImportProgress, StageProgress } from './import-progress';
import {
  EventImport,
  PostImport,
  readEvent,
  readOrganizer,
  readTerm,
  readVenue,
  SourceItemError,
  TermImport,
} from './tec-items';
import { SourcePage, SourceRetry, TecSource, TecSourceOptions } from './tec-source';

/** The stages of an import, in the order they run: what an event links to comes first. */
export const IMPORT_STAGES = ['categories', 'tags', 'venues', 'organizers', 'events'] as const;
export type ImportStage = (typeof IMPORT_STAGES)[number];

/** What became of one source item. */
export type ItemOutcome = 'created' | 'updated' | 'skipped' | 'failed';

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

/** What the progress display is told. */
export interface ImportProgressSink {
  /** A stage starts: its items in all (the source's total), and those done by an earlier run. */
  stage(stage: ImportStage, total: number, done: number): void;
  item(stage: ImportStage, outcome: ItemOutcome): void;
  retry(retry: SourceRetry): void;
}

/** The counts of one stage, and why items failed or lost a link. */
export interface StageReport {
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  /** Created items that kept their source id, and those that got a new one. */
  keptIds: number;
  newIds: number;
  /** Why items failed, with how many failed so. */
  failures: Record<string, number>;
  /** Links an item lost because what it links to was not imported, with how many. */
  notes: Record<string, number>;
}

export interface ImportReport {
  readonly source: string;
  readonly dryRun: boolean;
  /** The run continued an earlier one that stopped. */
  readonly resumed: boolean;
  readonly stages: Record<ImportStage, StageReport>;
  readonly seconds: number;
}

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
}

function emptyReport(): StageReport {
  return {
    created: 0,
    updated: 0,
    skipped: 0,
    failed: 0,
    keptIds: 0,
    newIds: 0,
    failures: {},
    notes: {},
  };
}

function count(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

/** Why an item could not be written, in words: the service's error, or what the source lacks. */
function failureReason(error: unknown): string | null {
  if (error instanceof SourceItemError) return `unreadable: ${error.message}`;
  if (error instanceof DomainError) {
    const body = errorBody(error, 'en');
    // Busy, away or unsure of a commit: the database's state, not the item's; the import stops.
    if (body.data.status >= 500) return null;
    return `${body.code}: ${body.message}`;
  }
  return null;
}

/**
 * Runs `work` over `items` with at most `limit` at once, in order of start. After a failure no
 * item starts, and the failure is thrown once the items under way have ended, so nothing of an
 * import that stopped is still writing when its caller hears of it.
 */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (next < items.length && !failed) {
      const item = items[next] as T;
      next += 1;
      try {
        await work(item);
      } catch (error: unknown) {
        failed = true;
        throw error;
      }
    }
  };
  const outcomes = await Promise.allSettled(
    Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker),
  );
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
}

/** Categories ordered so a parent comes before its children (a cycle or lost parent: last). */
function parentsFirst(terms: readonly TermImport[]): TermImport[] {
  const ordered: TermImport[] = [];
  const placed = new Set<number>();
  let pending = [...terms];
  while (pending.length > 0) {
    const ready = pending.filter(
      (term) =>
        term.parentSourceId === 0 ||
        placed.has(term.parentSourceId) ||
        !terms.some((other) => other.sourceId === term.parentSourceId),
    );
    const batch = ready.length > 0 ? ready : pending;
    for (const term of batch) {
      ordered.push(term);
      placed.add(term.sourceId);
    }
    pending = pending.filter((term) => !batch.includes(term));
  }
  return ordered;
}

/**
 * Imports a The Events Calendar site through its `tribe/events/v1` API
 * (docs/behaviour.md#importing-from-the-events-calendar): categories, tags, venues, organizers,
 * then events, page by page, each item written through its resource's service in one unit of
 * work with the record of where it came from. An item already imported is updated when its
 * source changed and skipped otherwise; a run that stops continues from the last page done.
 */
/** The cost an imported event's source showed; none for venues and organizers. */
function shownCostOf(item: PostImport): ImportedCost {
  return { costShown: 'costShown' in item ? (item as EventImport).costShown : null };
}

@Injectable()
export class TecImporter {
  private readonly logger = new Logger(TecImporter.name);

  constructor(
    private readonly config: AppConfig,
    private readonly unit: UnitOfWork,
    private readonly imported: ImportedItems,
    private readonly progress: ImportProgress,
    private readonly events: EventsService,
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
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
    run.options.progress?.stage(
      stage,
      first.total,
      Math.min(first.total, pagesDone * SOURCE_PAGE_SIZE),
    );
    const kind = plan.kind;
    if (kind === 'category' || kind === 'post_tag') {
      await this.termStage(run, stage, plan, first);
      return;
    }
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
      await this.postPage(run, stage, kind, items);
      run.options.signal?.throwIfAborted();
      if (!run.options.dryRun) await this.progress.save(run.source, stage, page, false);
    }
    if (!run.options.dryRun) await this.progress.save(run.source, stage, first.totalPages, true);
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
    for (const item of raw) {
      try {
        terms.push(readTerm(item));
      } catch (error: unknown) {
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
    if (!run.options.dryRun) await this.progress.save(run.source, stage, first.totalPages, true);
  }

  /** The items of one page of venues, organizers or events, written `concurrency` at a time. */
  private async postPage(
    run: Run,
    stage: ImportStage,
    kind: PostKind,
    raw: readonly unknown[],
  ): Promise<void> {
    const read = kind === 'event' ? readEvent : kind === 'venue' ? readVenue : readOrganizer;
    const items: PostImport[] = [];
    for (const item of raw) {
      try {
        const post = read(item);
        for (const note of post.notes) count(run.report[stage].notes, note);
        items.push(post);
      } catch (error: unknown) {
        this.fail(run, stage, error);
      }
    }
    const known = await this.imported.find(
      run.source,
      kind,
      items.map((item) => item.sourceId),
    );
    const links = kind === 'event' ? await this.linkTargets(run, items as EventImport[]) : null;
    await eachLimited(items, run.options.concurrency, async (item) => {
      if (run.options.signal?.aborted) return;
      const body = {
        ...item.body,
        author: run.options.authorId,
        ...(links ? this.eventLinks(run, item as EventImport, links) : {}),
      };
      await this.write(
        run,
        stage,
        kind,
        item.sourceId,
        item.version,
        known,
        {
          create: () => this.createPost(run, kind, body, item.origin, shownCostOf(item)),
          update: (id) => this.updatePost(run, kind, id, body, shownCostOf(item)),
        },
        item.sourceSlug,
      );
    });
  }

  /** Our ids of everything the page's events link to, by kind and source id. */
  private async linkTargets(
    run: Run,
    events: readonly EventImport[],
  ): Promise<Record<'venue' | 'organizer' | 'category' | 'post_tag', Map<number, ImportedItem>>> {
    const [venue, organizer, category, tag] = await Promise.all([
      this.imported.find(
        run.source,
        'venue',
        events.flatMap((event) => (event.venueSourceId === null ? [] : [event.venueSourceId])),
      ),
      this.imported.find(
        run.source,
        'organizer',
        events.flatMap((event) => event.organizerSourceIds),
      ),
      this.imported.find(
        run.source,
        'category',
        events.flatMap((event) => event.categorySourceIds),
      ),
      this.imported.find(
        run.source,
        'post_tag',
        events.flatMap((event) => event.tagSourceIds),
      ),
    ]);
    return { venue, organizer, category, post_tag: tag };
  }

  /** An event's links as our ids; a link to something not imported is dropped and noted. */
  private eventLinks(
    run: Run,
    event: EventImport,
    targets: Record<'venue' | 'organizer' | 'category' | 'post_tag', Map<number, ImportedItem>>,
  ): Record<string, unknown> {
    const notes = run.report.events.notes;
    const ours = (
      kind: 'venue' | 'organizer' | 'category' | 'post_tag',
      ids: readonly number[],
    ): number[] =>
      ids.flatMap((id) => {
        const target = targets[kind].get(id);
        if (target) return [target.targetId];
        if (!run.options.dryRun) count(notes, `${kind} ${id} not imported: link dropped`);
        return [];
      });
    const [venue] = ours('venue', event.venueSourceId === null ? [] : [event.venueSourceId]);
    return {
      venue: venue ?? 0,
      organizer: ours('organizer', event.organizerSourceIds),
      categories: ours('category', event.categorySourceIds),
      tags: ours('post_tag', event.tagSourceIds),
    };
  }

  private async createPost(
    run: Run,
    kind: PostKind,
    body: Record<string, unknown>,
    origin: PostOrigin,
    imported: ImportedCost,
  ): Promise<number> {
    switch (kind) {
      case 'event':
        return (
          await this.events.create(
            validateInput(CreateEventDto, body),
            run.language,
            run.viewer,
            'next-free',
            origin,
            imported,
          )
        ).event.id;
      case 'venue':
        return (
          await this.venues.create(
            validateInput(CreateVenueDto, body),
            run.language,
            run.viewer,
            'next-free',
            origin,
          )
        ).venue.id;
      case 'organizer':
        return (
          await this.organizers.create(
            validateInput(CreateOrganizerDto, body),
            run.language,
            run.viewer,
            'next-free',
            origin,
          )
        ).organizer.id;
    }
  }

  private async updatePost(
    run: Run,
    kind: PostKind,
    id: number,
    body: Record<string, unknown>,
    imported: ImportedCost,
  ): Promise<void> {
    switch (kind) {
      case 'event':
        await this.events.updateImported(
          id,
          validateInput(UpdateEventDto, body),
          run.language,
          run.viewer,
          imported,
        );
        return;
      case 'venue':
        await this.venues.updateById(
          id,
          validateInput(UpdateVenueDto, body),
          run.language,
          run.viewer,
        );
        return;
      case 'organizer':
        await this.organizers.updateById(
          id,
          validateInput(UpdateOrganizerDto, body),
          run.language,
          run.viewer,
        );
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

  /** Counts a failed item with its reason; an error that is not the item's stops the import. */
  private fail(run: Run, stage: ImportStage, error: unknown): void {
    const reason = failureReason(error);
    if (reason === null) throw error;
    run.report[stage].failed += 1;
    count(run.report[stage].failures, reason);
    run.options.progress?.item(stage, 'failed');
  }
}
