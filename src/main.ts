import 'reflect-metadata';
import { ConsoleLogger } from '@nestjs/common';
import { Logger } from 'nestjs-pino';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { AppConfig } from './config/app-config';
import { ConfigurationError, loadConfig } from './config/load-config';

async function bootstrap(): Promise<void> {
  try {
    loadConfig();
  } catch (error: unknown) {
    if (error instanceof ConfigurationError) {
      new ConsoleLogger('Bootstrap').error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    bodyParser: false,
    bufferLogs: true,
  });
  const logger = app.get(Logger);
  app.useLogger(logger);
  configureApp(app);
  const config = app.get(AppConfig);
  await app.listen(config.PORT);
  logger.log(`Listening on ${await app.getUrl()}; Swagger UI at /docs`, 'Bootstrap');
}

void bootstrap();
