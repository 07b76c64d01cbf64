import { ImportProgressSink, ImportReport, ImportStage, ItemOutcome } from './import-report';
import { SourceRetry } from './tec-source';

/** Where the display writes: standard error, and whether it is a terminal. */
export interface DisplayTarget {
  write(text: string): void;
  readonly isTTY: boolean;
  readonly columns?: number;
}

interface StageState {
  total: number;
  done: number;
  started: number;
  /** Items done by an earlier run when this one started. */
  before: number;
}

const BAR_WIDTH = 24;

/** `seconds` as `1 h 02 min`, `3 min 05 s` or `12 s`. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole >= 3600) {
    return `${Math.floor(whole / 3600)} h ${String(Math.floor((whole % 3600) / 60)).padStart(2, '0')} min`;
  }
  if (whole >= 60) return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
  return `${whole} s`;
}

/**
 * The import's progress for an operator: on a terminal, one line per stage redrawn in place
 * (a bar, items done of all, the rate, the time left); elsewhere (a log, CI), a plain line at
 * most every few seconds and when a stage ends.
 */
export class ProgressDisplay implements ImportProgressSink {
  private readonly stages = new Map<ImportStage, StageState>();
  private current: ImportStage | null = null;
  private lastDraw = 0;

  constructor(
    private readonly target: DisplayTarget,
    private readonly now: () => number = () => performance.now(),
    private readonly plainEveryMs = 5_000,
  ) {}

  stage(stage: ImportStage, total: number, done: number): void {
    this.finishLine();
    this.current = stage;
    this.stages.set(stage, { total, done, started: this.now(), before: done });
    this.draw(true);
  }

  item(stage: ImportStage, _outcome: ItemOutcome): void {
    const state = this.stages.get(stage);
    if (!state) return;
    state.done += 1;
    this.draw(state.done >= state.total);
  }

  retry(retry: SourceRetry): void {
    this.finishLine();
    this.target.write(
      `retrying ${retry.path || 'the namespace'} (${retry.reason}) in ${formatDuration(retry.waitMs / 1000)}\n`,
    );
  }

  /** Ends the line in progress, so what is written next starts on its own line. */
  finishLine(): void {
    if (this.current === null) return;
    if (this.target.isTTY) this.target.write('\n');
    else this.target.write(`${this.line(this.current)}\n`);
    this.current = null;
  }

  private draw(force: boolean): void {
    if (this.current === null) return;
    const now = this.now();
    if (this.target.isTTY) {
      if (!force && now - this.lastDraw < 100) return;
      this.lastDraw = now;
      const width = this.target.columns ?? 80;
      this.target.write(
        `\r${this.line(this.current)
          .slice(0, width - 1)
          .padEnd(width - 1)}`,
      );
      return;
    }
    if (now - this.lastDraw < this.plainEveryMs) return;
    this.lastDraw = now;
    this.target.write(`${this.line(this.current)}\n`);
  }

  private line(stage: ImportStage): string {
    const state = this.stages.get(stage);
    if (!state) return stage;
    const elapsed = (this.now() - state.started) / 1000;
    const rate = elapsed > 0 ? (state.done - state.before) / elapsed : 0;
    const left = Math.max(0, state.total - state.done);
    const eta = rate > 0 && left > 0 ? `, about ${formatDuration(left / rate)} left` : '';
    const share = state.total > 0 ? Math.min(1, state.done / state.total) : 1;
    const counts = `${state.done}/${state.total} (${rate.toFixed(rate < 10 ? 1 : 0)}/s${eta})`;
    if (!this.target.isTTY) return `${stage}: ${counts}`;
    const filled = Math.round(share * BAR_WIDTH);
    return `${stage.padEnd(10)} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${counts}`;
  }
}

/** The final report as text: a row per stage, then the reasons of failures and lost links. */
export function formatReport(report: ImportReport): string {
  // The pruned column only where a run pruned (or would have): `--prune` is rare.
  const pruning = Object.values(report.stages).some((counts) => counts.pruned > 0);
  const rows = Object.entries(report.stages).map(([stage, counts]) => [
    stage,
    String(counts.created),
    String(counts.updated),
    String(counts.skipped),
    String(counts.failed),
    ...(pruning ? [String(counts.pruned)] : []),
    `${counts.keptIds}/${counts.newIds}`,
  ]);
  const header = [
    '',
    'created',
    'updated',
    'skipped',
    'failed',
    ...(pruning ? ['pruned'] : []),
    'ids kept/new',
  ];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const format = (row: readonly string[]): string =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  const lines = [
    `${report.dryRun ? 'Dry run (nothing written): would import' : 'Imported'} from ${report.source}${report.resumed ? ' (continuing an earlier run)' : ''} in ${formatDuration(report.seconds)}`,
    format(header),
    ...rows.map(format),
  ];
  for (const [stage, counts] of Object.entries(report.stages)) {
    for (const [reason, times] of Object.entries(counts.failures)) {
      lines.push(`${stage} failed ×${times}: ${reason}`);
    }
    for (const [note, times] of Object.entries(counts.notes)) {
      lines.push(`${stage} ×${times}: ${note}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
