import 'reflect-metadata';
import { loadConfig } from '../config/load-config';

/**
 * Asks the service on this host (at `PORT`) for a health route and exits 0 when it answers 2xx,
 * 1 otherwise or after three seconds. The container's HEALTHCHECK; needs nothing but the build.
 *
 *   node dist/health/probe.js [/health/live]
 */
async function probe(path: string): Promise<boolean> {
  try {
    const { PORT } = loadConfig();
    const response = await fetch(`http://127.0.0.1:${PORT}${path}`, {
      signal: AbortSignal.timeout(3000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

void probe(process.argv[2] ?? '/health/live').then((healthy) => {
  process.exitCode = healthy ? 0 : 1;
});
