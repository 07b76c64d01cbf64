import { Logger } from '@nestjs/common';

/** A wake runs the step after this long, so wakes close together share one step. */
const WAKE_MS = 10;

/**
 * Runs `step` again and again: at once while it reports more work or was woken, else after
 * `idleMs`. A failing step is logged once per run of failures (not on every poll) and tried
 * again after `idleMs`. `stop` waits for the step under way.
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private started = false;
  private stopped = false;
  private failing = false;
  private woken = false;
  /** When the pending step is due (ms since the epoch), if one is scheduled. */
  private dueAt: number | null = null;

  constructor(
    private readonly name: string,
    private readonly logger: Logger,
    private readonly idleMs: number,
    private readonly step: () => Promise<boolean>,
  ) {}

  start(): void {
    this.started = true;
    this.schedule(0);
  }

  /** Runs the step again soon (within {@link WAKE_MS}), or right after the step under way. */
  wake(): void {
    if (!this.started || this.stopped) return;
    if (this.running) {
      this.woken = true;
      return;
    }
    if (this.dueAt !== null && this.dueAt <= Date.now() + WAKE_MS) return;
    if (this.timer) clearTimeout(this.timer);
    this.schedule(WAKE_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.dueAt = Date.now() + delayMs;
    this.timer = setTimeout(() => {
      this.dueAt = null;
      this.running = this.once().finally(() => {
        this.running = null;
      });
    }, delayMs);
    this.timer.unref();
  }

  private async once(): Promise<void> {
    let more = false;
    try {
      more = await this.step();
      if (this.failing) this.logger.log(`${this.name} works again`);
      this.failing = false;
    } catch (error) {
      if (!this.failing) {
        const reason = error instanceof Error ? error.message : 'unknown error';
        this.logger.warn(`${this.name} failed, will retry: ${reason}`);
      }
      this.failing = true;
    }
    const delay = this.failing ? this.idleMs : more ? 0 : this.woken ? WAKE_MS : this.idleMs;
    this.woken = false;
    this.schedule(delay);
  }
}
