import 'reflect-metadata';
import { writeSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { Logger } from 'nestjs-pino';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { BytesExpressAdapter } from './common/http/bytes-adapter';
import { AppConfig } from './config/app-config';
import { ConfigurationError, loadConfig } from './config/load-config';
import { PendingMigrationsError } from './database/pending-migrations';
import { stopWhenNpmGoes } from './common/runtime/orphan-watch';
import { loggedError, processLogger } from './observability/request-logging';
import { StartupLogger } from './observability/startup-logger';
import { databaseIdentity } from './database/database-identity';
import { DataSource } from 'typeorm';

/** A port that cannot be listened on, said for the operator. */
function listenError(error: unknown): ConfigurationError | null {
  const { code, port } = (error ?? {}) as { code?: unknown; port?: unknown };
  if (code !== 'EADDRINUSE' && code !== 'EACCES') return null;
  const why = code === 'EADDRINUSE' ? 'another process uses it' : 'not allowed';
  return new ConfigurationError(`Cannot listen on port ${String(port)}: ${why} (set PORT)`);
}

/**
 * A reason the service cannot start, as one JSON line in the log's shape on standard output,
 * where every other log line goes, so it is always the last line read; then exit 1. Only
 * errors whose message is meant for the operator are shown in full.
 */
function refuseToStart(reason: unknown): never {
  const error = listenError(reason) ?? reason;
  const known = error instanceof ConfigurationError || error instanceof PendingMigrationsError;
  writeSync(
    1,
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

/** Why a deployment should set `SITE_URL`, when it runs outside development without it. */
function siteUrlWarning(config: AppConfig, nodeEnv: string | undefined): string | null {
  if (config.SITE_URL !== undefined || nodeEnv === 'development' || nodeEnv === 'test') return null;
  return (
    "SITE_URL is not set: links, url and global_id are built from each request's Host header, " +
    'so one event gets different ids through two host names. Set SITE_URL to the public base ' +
    'URL (NODE_ENV=development silences this).'
  );
}

/**
 * Starts the service: settings, the Nest application, the port. Loaded by `main.ts` once
 * tracing (when asked for) has started, so the modules it loads are instrumented.
 */
export async function serve(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error: unknown) {
    refuseToStart(error);
  }
  // JSON from the first line: Nest logs its start-up through the process logger, its own
  // chatter at debug, until the request-aware logger takes over.
  const startup = processLogger(config.LOG_LEVEL);
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule,
    new BytesExpressAdapter(),
    {
      bodyParser: false,
      logger: new StartupLogger(startup),
      // A failure to start is thrown here and reported as JSON, not printed and aborted by Nest.
      abortOnError: false,
    },
  ).catch(refuseToStart);
  configureApp(app);
  await app.init();
  // From here Nest logs through the request-aware logger (nestjs-pino), with request ids.
  app.useLogger(app.get(Logger));
  await app.listen(config.PORT).catch(refuseToStart);
  // Started by npm and npm is gone (killed): stop as on SIGTERM, with the usual grace.
  stopWhenNpmGoes(() => process.kill(process.pid, 'SIGTERM'));
  const warning = siteUrlWarning(config, process.env['NODE_ENV']);
  if (warning) startup.warn({ context: 'Bootstrap' }, warning);
  const url = await app.getUrl();
  const database = await databaseIdentity(app.get(DataSource));
  // The heap limit the runtime settings gave V8 (`npm start` and the image: docs/deployment.md#memory).
  const heapLimitMiB = Math.round(getHeapStatistics().heap_size_limit / 1048576);
  startup.info(
    {
      context: 'Bootstrap',
      url,
      database,
      replicas: config.DATABASE_REPLICA_URLS.length,
      heapLimitMiB,
    },
    `Listening on ${url} (Swagger UI at /docs) on ${database.kind} ${database.version}`,
  );
}
