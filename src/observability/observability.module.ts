import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { MetricsController } from './metrics.controller';
import { Metrics } from './metrics';
import { RequestLogging } from './request-logging';
import { RequestLoggingModule } from './request-logging.module';
import { TracingShutdown } from './tracing-shutdown';

/**
 * Logs, metrics and traces: the JSON request log (installed first by `configureApp`), Nest's own
 * logs on the same logger with the request's id (and the trace's, when tracing is on),
 * Prometheus metrics at `/metrics`, and the spans tracing holds sent at shutdown.
 */
@Module({
  imports: [
    RequestLoggingModule,
    LoggerModule.forRootAsync({
      imports: [RequestLoggingModule],
      inject: [RequestLogging],
      useFactory: (logging: RequestLogging) => ({
        pinoHttp: { logger: logging.logger },
        useExisting: true as const,
      }),
    }),
  ],
  controllers: [MetricsController],
  providers: [Metrics, TracingShutdown],
  exports: [RequestLoggingModule, Metrics],
})
export class ObservabilityModule {}
