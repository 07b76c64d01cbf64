// First: on an unsupported Node, one line and exit 1 before a native module loads.
import './common/runtime/supported-node';
import { writeSync } from 'node:fs';
import { startTracing } from './observability/tracing';

/** Tracing that cannot start is said in one warning line; the service starts without it. */
function tracingFailed(error: unknown): boolean {
  const reason = error instanceof Error ? error.message : String(error);
  writeSync(
    1,
    `${JSON.stringify({
      level: 'warn',
      time: new Date().toISOString(),
      service: 'calendar-events',
      context: 'Bootstrap',
      msg: `OpenTelemetry tracing could not start, the service runs without it: ${reason}`,
    })}\n`,
  );
  return false;
}

/**
 * The service's entry point. Tracing starts first when the `OTEL_*` variables ask for it, so
 * that http, Express and the database, cache and broker clients load instrumented; the
 * service's own modules are loaded after it.
 */
async function main(): Promise<void> {
  await startTracing().catch(tracingFailed);
  const { serve } = await import('./serve');
  await serve();
}

void main();
