import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { AppConfig } from './config/app-config';
import { ConfigurationError, loadConfig } from './config/load-config';

async function bootstrap(): Promise<void> {
  const logger = new Logger('Bootstrap');
  let level: AppConfig['LOG_LEVEL'];
  try {
    level = loadConfig().LOG_LEVEL;
  } catch (error: unknown) {
    if (error instanceof ConfigurationError) {
      logger.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const levels = ['error', 'warn', 'log', 'debug', 'verbose'] as const;
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    bodyParser: false,
    logger: levels.slice(0, levels.indexOf(level) + 1),
  });
  configureApp(app);
  const config = app.get(AppConfig);
  await app.listen(config.PORT);
  logger.log(`Listening on ${await app.getUrl()}; Swagger UI at /docs`);
}

void bootstrap();
