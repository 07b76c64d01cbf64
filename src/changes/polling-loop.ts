import { Logger } from '@nestjs/common';

/**
 * Runs `step` again and again: at once while it reports more work, else after `idleMs`. A
 * failing step is logged once per run of failures (not on every poll) and tried again after
 * `idleMs`. `stop` waits for the step under way.
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private failing = false;

  constructor(
    private readonly name: string,
    private readonly logger: Logger,
    private readonly idleMs: number,
    private readonly step: () => Promise<boolean>,
  ) {}

  start(): void {
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
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
    this.schedule(more && !this.failing ? 0 : this.idleMs);
  }
}
