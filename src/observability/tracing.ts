import { trace, type Attributes, type Context, type Link, type SpanKind } from '@opentelemetry/api';
import type { NodeSDK } from '@opentelemetry/sdk-node';
import type { Sampler, SamplingResult } from '@opentelemetry/sdk-trace';
import { defaultEnvFile, mergedEnvironment } from '../config/load-config';

/** The service's name in traces when `OTEL_SERVICE_NAME` does not give another. */
export const TRACED_SERVICE_NAME = 'calendar-events';

/** Paths never traced: probes and scrapes, answered often and uneventfully. */
const UNTRACED_PATHS = new Set(['/health/live', '/health/ready', '/metrics']);

/**
 * Query parameters whose values a span never holds (OpenTelemetry's own list of signed-URL
 * parameters, and the service's secrets: an event's password, a token in a feed URL).
 */
const REDACTED_QUERY_PARAMETERS = [
  'sig',
  'Signature',
  'AWSAccessKeyId',
  'X-Goog-Signature',
  'X-Amz-Signature',
  'X-Amz-Credential',
  'X-Amz-Security-Token',
  'password',
  'token',
  'access_token',
];

/** The samplers of `@opentelemetry/sdk-trace`, loaded only when tracing starts. */
type Samplers = typeof import('@opentelemetry/sdk-trace');

/**
 * The sampler the standard variables name (`OTEL_TRACES_SAMPLER`, `OTEL_TRACES_SAMPLER_ARG`):
 * `parentbased_always_on` (the default), `always_on`, `always_off`, `traceidratio`,
 * `parentbased_always_off` or `parentbased_traceidratio`. An unknown name falls back to the default.
 */
export function samplerFromEnv(samplers: Samplers, env: Readonly<Record<string, string>>): Sampler {
  const { AlwaysOffSampler, AlwaysOnSampler, ParentBasedSampler, TraceIdRatioBasedSampler } =
    samplers;
  const given = Number(env['OTEL_TRACES_SAMPLER_ARG'] ?? '1');
  const ratio = Number.isFinite(given) && given >= 0 && given <= 1 ? given : 1;
  switch ((env['OTEL_TRACES_SAMPLER'] ?? '').trim().toLowerCase()) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/**
 * Samples as `inner` does, but never starts a trace with a database or Redis statement: the
 * statements of the background tasks' idle polls (webhook dispatcher, broker relay, change
 * retention), several a second, would each be a trace of their own. Statements inside a traced
 * request or task are children and sampled as their parent is.
 */
export class NoStatementRoots implements Sampler {
  constructor(
    private readonly inner: Sampler,
    private readonly notRecorded: SamplingResult,
  ) {}

  shouldSample(
    context: Context,
    traceId: string,
    name: string,
    kind: SpanKind,
    attributes: Attributes,
    links: Link[],
  ): SamplingResult {
    const statement = 'db.system' in attributes || 'db.system.name' in attributes;
    if (statement && trace.getSpan(context) === undefined) return this.notRecorded;
    return this.inner.shouldSample(context, traceId, name, kind, attributes, links);
  }

  toString(): string {
    return `NoStatementRoots{${this.inner.toString()}}`;
  }
}

/** The SDK this process started, if it started one. */
let started: NodeSDK | null = null;

/**
 * Whether the standard `OTEL_*` variables ask for traces: an OTLP endpoint
 * (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) or a traces exporter
 * (`OTEL_TRACES_EXPORTER`) other than `none`, and `OTEL_SDK_DISABLED` not `true`.
 */
export function tracingRequested(env: Readonly<Record<string, string>>): boolean {
  if (env['OTEL_SDK_DISABLED']?.trim().toLowerCase() === 'true') return false;
  const exporters = (env['OTEL_TRACES_EXPORTER'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  if (exporters.includes('none')) return false;
  return (
    exporters.length > 0 ||
    env['OTEL_EXPORTER_OTLP_ENDPOINT'] !== undefined ||
    env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'] !== undefined
  );
}

/**
 * Starts OpenTelemetry tracing when the `OTEL_*` variables ask for it (from the environment or
 * the `.env` file, as every other setting), and does nothing otherwise: the SDK and its
 * instrumentations are not even loaded. Must run before the service's modules load, so that
 * http, Express, mysql2, ioredis, amqplib and undici (fetch) are patched as they load (the
 * NestJS instrumentation stops short of Nest 12; Express's spans name each route's handler).
 * Everything else follows the standard variables (exporter, protocol, endpoint, sampler,
 * propagators, resource), but for statements outside any trace, which start none
 * ({@link NoStatementRoots}); only traces are sent unless `OTEL_METRICS_EXPORTER` or
 * `OTEL_LOGS_EXPORTER` ask for more (metrics are on `/metrics`, logs on standard output with
 * the trace's ids). Statement text reaches spans with its values masked, and secret query
 * parameters redacted.
 */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const settings = mergedEnvironment(env, defaultEnvFile(env));
  if (!tracingRequested(settings)) return false;
  // The SDK reads its settings from process.env: those only in the .env file are copied there.
  for (const [key, value] of Object.entries(settings)) {
    if (key.startsWith('OTEL_') && env[key] === undefined) env[key] = value;
  }
  env['OTEL_SERVICE_NAME'] ??= TRACED_SERVICE_NAME;
  env['OTEL_METRICS_EXPORTER'] ??= 'none';
  env['OTEL_LOGS_EXPORTER'] ??= 'none';

  const [sdk, samplers, http, express, mysql2, ioredis, amqplib, undici] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-mysql2'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@opentelemetry/instrumentation-amqplib'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  started = new sdk.NodeSDK({
    sampler: new NoStatementRoots(samplerFromEnv(samplers, settings), {
      decision: samplers.SamplingDecision.NOT_RECORD,
    }),
    instrumentations: [
      new http.HttpInstrumentation({
        ignoreIncomingRequestHook: (request) =>
          UNTRACED_PATHS.has((request.url ?? '').split('?', 1)[0] ?? ''),
        redactedQueryParams: REDACTED_QUERY_PARAMETERS,
        redactedQueryParamsServer: REDACTED_QUERY_PARAMETERS,
      }),
      // The route's handler only: a span for each of the ~15 middlewares of every request cut
      // warm reads from 0.58x to 0.37x of the untraced service's throughput (docs/benchmarks.md).
      new express.ExpressInstrumentation({
        ignoreLayersType: [express.ExpressLayerType.MIDDLEWARE, express.ExpressLayerType.ROUTER],
      }),
      new mysql2.MySQL2Instrumentation({ maskStatement: true }),
      new ioredis.IORedisInstrumentation(),
      new amqplib.AmqplibInstrumentation(),
      new undici.UndiciInstrumentation(),
    ],
  });
  started.start();
  return true;
}

/** Sends the spans still buffered and stops tracing (at shutdown); nothing when it is off. */
export async function stopTracing(): Promise<void> {
  const sdk = started;
  started = null;
  await sdk?.shutdown().catch(() => undefined);
}
