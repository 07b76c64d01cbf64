import { AsyncLocalStorage } from 'node:async_hooks';

/** Whether the work running now was started ahead of need, with no reader waiting for it. */
const background = new AsyncLocalStorage<true>();

/**
 * Runs `work` as background work: what it reads nobody waits for (a kept value made again
 * ahead of its end), so a scarce resource may turn it away rather than queue a reader behind it
 * ({@link inBackground}).
 */
export function asBackground<T>(work: () => T): T {
  return background.run(true, work);
}

/** Whether the caller runs inside {@link asBackground}. */
export function inBackground(): boolean {
  return background.getStore() === true;
}
