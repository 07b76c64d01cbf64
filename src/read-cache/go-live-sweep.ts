import { WriteChange } from './read-cache.store';

/**
 * Where the read cache learns what the clock alone changes: scheduled (`future`) items go live
 * when their date passes, and the service rewrites no status then (it reads such an item as
 * published). The events module provides it (`events/listing/go-lives.ts`).
 */
export interface GoLiveSource {
  /** The instant reads take as now (ms): the one their queries compare dates with. */
  now(): number;
  /** The first instant after `after` (ms) at which a scheduled item goes live; null: none. */
  nextAfter(after: number): Promise<number | null>;
  /**
   * What the items going live in `(after, upTo]` change of anonymous answers, as a write of
   * each that published it would: one change per event, or `'all'`.
   */
  changesIn(after: number, upTo: number): Promise<WriteChange[]>;
}

/**
 * Turns go-lives into the changes their writes would make, the first time the cache is used at
 * or after each (docs/decisions.md, "A go-live is a write of the one item"). Before a kept
 * answer is used under a version, the sweep checks that no scheduled item has gone live since
 * it last swept: the instant of the next one is known per version (a write that schedules an
 * item moves the version), so the check costs a comparison while none is due. When one is due,
 * the changes are made before the answer is looked up again, so no answer made before a
 * go-live is served after it, on this process; with a shared store, every process sweeps for
 * itself (a go-live ends what it changes once per process, which ends nothing more).
 */
export class GoLiveSweep {
  /** Go-lives at or before this instant (ms) have been turned into changes. */
  private sweptUntil: number;
  /** The next go-live after `sweptUntil`, as read under `version`. */
  private known?: { readonly version: string; readonly next: number | null };
  private sweeping?: Promise<void>;
  /** The read of the next go-live in flight, and the version it is read for. */
  private reading?: { readonly version: string; readonly next: Promise<number | null> };

  /**
   * `lookback`: how long before now a kept answer may have been made (the longest it is kept),
   * so go-lives while no process was sweeping end what a shared store still holds. `carries`:
   * whether nothing that can change the next go-live (a write of a scheduled item, a write that
   * ends everything) came between two versions, so the next go-live read under the first holds
   * under the second without a read (the writes of published events in between); absent, each
   * version reads it.
   */
  constructor(
    private readonly source: GoLiveSource,
    private readonly move: (change: WriteChange) => Promise<void>,
    lookback: number,
    private readonly carries: (since: string, now: string) => boolean = () => false,
  ) {
    this.sweptUntil = source.now() - lookback;
  }

  /**
   * Undefined when nothing kept under `version` has been changed by the clock since; else a
   * promise of whether it moved the version (the caller looks again) once the go-lives due are
   * changes.
   */
  check(version: string): Promise<boolean> | undefined {
    let known = this.known;
    if (
      this.sweeping === undefined &&
      known !== undefined &&
      known.version !== version &&
      this.carries(known.version, version)
    ) {
      known = { version, next: known.next };
      this.known = known;
    }
    if (this.sweeping === undefined && known?.version === version && !this.due(known.next)) {
      return undefined;
    }
    return this.sweepIfDue(version);
  }

  private async sweepIfDue(version: string): Promise<boolean> {
    if (this.sweeping) {
      await this.sweeping;
      return true;
    }
    let next = this.known?.version === version ? this.known.next : undefined;
    if (next === undefined) next = await this.nextFor(version);
    if (!this.due(next)) return false;
    this.sweeping ??= this.sweep(this.source.now()).finally(() => {
      this.sweeping = undefined;
    });
    await this.sweeping;
    return true;
  }

  /**
   * Whether a go-live at `next` is to be swept now. One at or before `sweptUntil` was swept
   * already: a source whose comparison is inclusive would otherwise have every check sweep again.
   */
  private due(next: number | null): boolean {
    return next !== null && next > this.sweptUntil && this.source.now() >= next;
  }

  /** The next go-live after `sweptUntil`, read once for all the checks of `version`. */
  private async nextFor(version: string): Promise<number | null> {
    if (this.reading?.version === version) return this.reading.next;
    const from = this.sweptUntil;
    const next = this.source.nextAfter(from);
    const reading = { version, next };
    this.reading = reading;
    try {
      const found = await next;
      // A sweep that ended meanwhile knows better.
      if (this.sweptUntil === from) this.known = { version, next: found };
      return found;
    } finally {
      if (this.reading === reading) this.reading = undefined;
    }
  }

  private async sweep(upTo: number): Promise<void> {
    const from = this.sweptUntil;
    if (upTo <= from) return;
    const changes = await this.source.changesIn(from, upTo);
    for (const change of changes) await this.move(change);
    this.sweptUntil = upTo;
    this.known = undefined;
  }
}
