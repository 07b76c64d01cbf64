import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { RequestLogging } from './request-logging';

/** The process's JSON logger and its request log. */
@Global()
@Module({
  providers: [
    {
      provide: RequestLogging,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new RequestLogging(config),
    },
  ],
  exports: [RequestLogging],
})
export class RequestLoggingModule {}
