/**
 * Runs at most `limit` tasks at once; the others wait their turn, first come first served. A
 * caller may bound its wait: past `wait.ms` it gives up its place with `giveUp()`'s error and its
 * task never runs.
 */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  /** Tasks running now. */
  get busy(): number {
    return this.running;
  }

  /** Tasks waiting for a place now. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>, wait?: { ms: number; giveUp: () => Error }): Promise<T> {
    if (this.running >= this.limit) await this.place(wait);
    else this.running += 1;
    try {
      return await task();
    } finally {
      // The place passes on to the first waiter, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Waits until a running task hands its place on (or, with `wait`, until `wait.ms` pass). */
  private place(wait: { ms: number; giveUp: () => Error } | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (wait === undefined) {
        this.waiting.push(resolve);
        return;
      }
      const turn = (): void => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(turn);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(wait.giveUp());
      }, wait.ms);
      this.waiting.push(turn);
    });
  }
}
