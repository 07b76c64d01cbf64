import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { MetricsController } from './metrics.controller';
import { Metrics } from './metrics';
import { RequestLogging } from './request-logging';
import { RequestLoggingModule } from './request-logging.module';

/**
 * Logs and metrics: the JSON request log (installed first by `configureApp`), Nest's own logs on
 * the same logger with the request's id, and Prometheus metrics at `/metrics`.
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
  providers: [Metrics],
  exports: [RequestLoggingModule, Metrics],
})
export class ObservabilityModule {}
