import { DomainError } from '../common/errors/domain-error';
import { errorBody } from '../common/errors/error-body';
import { SourceItemError } from './tec-items';
import { SourceRetry } from './tec-source';

/** What an import tells as it runs and reports when it ends, per stage. */

/** The stages of an import, in the order they run: what an event links to comes first. */
export const IMPORT_STAGES = ['categories', 'tags', 'venues', 'organizers', 'events'] as const;
export type ImportStage = (typeof IMPORT_STAGES)[number];

/** What became of one source item. */
export type ItemOutcome = 'created' | 'updated' | 'skipped' | 'failed';

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
  /** Items trashed here (terms deleted) because the site no longer has them (`--prune`). */
  pruned: number;
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

export function emptyReport(): StageReport {
  return {
    created: 0,
    updated: 0,
    skipped: 0,
    failed: 0,
    pruned: 0,
    keptIds: 0,
    newIds: 0,
    failures: {},
    notes: {},
  };
}

export function count(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

/** Why an item could not be written, in words: the service's error, or what the source lacks. */
export function failureReason(error: unknown): string | null {
  if (error instanceof SourceItemError) return `unreadable: ${error.message}`;
  if (error instanceof DomainError) {
    const body = errorBody(error, 'en');
    // Busy, away or unsure of a commit: the database's state, not the item's; the import stops.
    if (body.data.status >= 500) return null;
    return `${body.code}: ${body.message}`;
  }
  return null;
}
