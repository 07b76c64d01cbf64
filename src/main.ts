import 'reflect-metadata';
import { Logger } from 'nestjs-pino';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { AppConfig } from './config/app-config';
import { ConfigurationError, loadConfig } from './config/load-config';
import { PendingMigrationsError } from './database/pending-migrations';
import { loggedError } from './observability/request-logging';

/**
 * A reason the service cannot start, as one JSON line on standard error in the log's shape,
 * and exit 1. Only errors whose message is meant for the operator are shown in full.
 */
function refuseToStart(error: unknown): never {
  const known = error instanceof ConfigurationError || error instanceof PendingMigrationsError;
  process.stderr.write(
    `${JSON.stringify({
      level: 'fatal',
      time: new Date().toISOString(),
      service: 'calendar-events',
      context: 'Bootstrap',
      msg: known ? error.message : 'The service could not start',
      ...(known ? {} : { err: loggedError(error) }),
    })}\n`,
  );
  process.exit(1);
}

async function bootstrap(): Promise<void> {
  try {
    loadConfig();
  } catch (error: unknown) {
    refuseToStart(error);
  }
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    bodyParser: false,
    bufferLogs: true,
    // A failure to start is thrown here and reported as JSON, not printed and aborted by Nest.
    abortOnError: false,
  }).catch(refuseToStart);
  const logger = app.get(Logger);
  app.useLogger(logger);
  configureApp(app);
  const config = app.get(AppConfig);
  await app.listen(config.PORT);
  logger.log(`Listening on ${await app.getUrl()}; Swagger UI at /docs`, 'Bootstrap');
}

void bootstrap();
