import * as samplers from '@opentelemetry/sdk-trace';
import { ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import { NoStatementRoots, samplerFromEnv, tracingRequested } from './tracing';

describe('tracingRequested', () => {
  it.each([
    [{}, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, true],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }, true],
    [{ OTEL_TRACES_EXPORTER: 'console' }, true],
    [{ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }, false],
    [{ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }, false],
    [{ OTEL_SERVICE_NAME: 'calendar' }, false],
  ])('%j → %s', (env, expected) => {
    expect(tracingRequested(env)).toBe(expected);
  });
});

describe('samplerFromEnv', () => {
  it.each([
    [{}, 'ParentBased{root=AlwaysOnSampler'],
    [{ OTEL_TRACES_SAMPLER: 'always_off' }, 'AlwaysOffSampler'],
    [
      { OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.25' },
      'TraceIdRatioBased{0.25}',
    ],
    [
      { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '2' },
      'ParentBased{root=TraceIdRatioBased{1}',
    ],
    [{ OTEL_TRACES_SAMPLER: 'no-such-sampler' }, 'ParentBased{root=AlwaysOnSampler'],
  ])('%j → %s', (env, expected) => {
    expect(samplerFromEnv(samplers, env).toString()).toContain(expected);
  });
});

describe('NoStatementRoots', () => {
  const sampler = new NoStatementRoots(new samplers.AlwaysOnSampler(), {
    decision: samplers.SamplingDecision.NOT_RECORD,
  });
  const traceId = '0af7651916cd43dd8448eb211c80319c';
  const inRequest = trace.setSpanContext(ROOT_CONTEXT, {
    traceId,
    spanId: 'b7ad6b7169203331',
    traceFlags: 1,
  });
  const statement = { 'db.system.name': 'mysql' };

  it('starts no trace with a statement', () => {
    const result = sampler.shouldSample(
      ROOT_CONTEXT,
      traceId,
      'SELECT',
      SpanKind.CLIENT,
      statement,
      [],
    );
    expect(result.decision).toBe(samplers.SamplingDecision.NOT_RECORD);
  });

  it('samples a statement inside a trace, and any other root, as the inner sampler does', () => {
    const child = sampler.shouldSample(
      inRequest,
      traceId,
      'SELECT',
      SpanKind.CLIENT,
      statement,
      [],
    );
    const root = sampler.shouldSample(ROOT_CONTEXT, traceId, 'GET', SpanKind.SERVER, {}, []);
    expect(child.decision).toBe(samplers.SamplingDecision.RECORD_AND_SAMPLED);
    expect(root.decision).toBe(samplers.SamplingDecision.RECORD_AND_SAMPLED);
  });
});
