// First: on an unsupported Node, one line and exit 1 before a native module loads.
import './common/runtime/supported-node';
import { startTracing } from './observability/tracing';

/**
 * The service's entry point. Tracing starts first when the `OTEL_*` variables ask for it, so
 * that http, Express and the database, cache and broker clients load instrumented; the
 * service's own modules are loaded after it.
 */
async function main(): Promise<void> {
  await startTracing();
  const { serve } = await import('./serve');
  await serve();
}

void main();
