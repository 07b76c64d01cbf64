import { Global, Module } from '@nestjs/common';
import { AppConfig } from './app-config';
import { loadConfig } from './load-config';

/** Provides the validated configuration to every module. */
@Global()
@Module({
  providers: [{ provide: AppConfig, useFactory: (): AppConfig => loadConfig() }],
  exports: [AppConfig],
})
export class ConfigModule {}
