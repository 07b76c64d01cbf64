/**
 * A service started by npm (`npm start &`, then `kill %1` in a script) outlives npm: npm does not
 * pass SIGTERM on to the script it runs. The service started so (npm sets
 * `npm_lifecycle_event`) watches for the loss of its parent and then stops as on SIGTERM, with
 * its usual grace. `npm start` execs the service, so its parent is npm itself.
 */

/** How often the parent is looked at. */
const WATCH_INTERVAL_MS = 1_000;

/**
 * Calls `stop` once when this process's parent goes (it is adopted by another process), when it
 * was started by npm; does nothing otherwise. The timer does not keep the process alive.
 */
export function stopWhenNpmGoes(
  stop: () => void,
  env: NodeJS.ProcessEnv = process.env,
  intervalMs = WATCH_INTERVAL_MS,
): NodeJS.Timeout | null {
  if (env['npm_lifecycle_event'] === undefined) return null;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    stop();
  }, intervalMs);
  timer.unref();
  return timer;
}
