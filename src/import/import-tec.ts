import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ChangesModule } from '../changes/changes.module';
import { ReadCacheModule } from '../read-cache/read-cache.module';
import { isLanguage, Language } from '../common/i18n/language';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { ImportModule } from './import.module';
import { formatReport, ProgressDisplay } from './progress-display';
import { ImportOptions, TecImporter } from './tec-importer';
import { TecSourceError } from './tec-source';

/**
 * `npm run import:tec -- --from https://site.example/wp-json [options]`: imports a The Events
 * Calendar site into the configured database (README.md#moving-from-the-events-calendar).
 * Exits 0 when the import ran to the end (the report lists items that failed), 1 when it
 * stopped (run it again to continue), 2 on a usage error, 130 when interrupted.
 */

const USAGE = `Usage: npm run import:tec -- --from <site>/wp-json [options]

  --from URL               the site's REST root (e.g. https://site.example/wp-json)
  --user NAME              a WordPress user, with --app-password or --app-password-file:
  --app-password PW        drafts, pending, private and scheduled items come too
  --app-password-file F    read the application password from a file (not the process list)
  --author ID              the user id imported items belong to here (default 1)
  --language ca|en|es      the language the site's text is written in (default DEFAULT_LANGUAGE)
  --concurrency N          requests to the site and items written at once (default 4, 1-16)
  --dry-run                read everything and tell what would change, writing nothing
`;

/** The service's modules an import needs: no routes, no webhook or broker workers. */
@Module({ imports: [ConfigModule, DatabaseModule, ChangesModule, ReadCacheModule, ImportModule] })
class ImportCliModule {}

class UsageError extends Error {}

function positiveInteger(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 1) {
    throw new UsageError(`--${name} must be a positive integer`);
  }
  return parsed;
}

function readOptions(argv: readonly string[]): Omit<ImportOptions, 'signal' | 'progress'> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      from: { type: 'string' },
      user: { type: 'string' },
      'app-password': { type: 'string' },
      'app-password-file': { type: 'string' },
      author: { type: 'string' },
      language: { type: 'string' },
      concurrency: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) throw new UsageError('');
  if (!values.from) throw new UsageError('--from is required');
  try {
    const url = new URL(values.from);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
  } catch {
    throw new UsageError('--from must be an http(s) URL, e.g. https://site.example/wp-json');
  }
  const appPassword =
    values['app-password'] ??
    (values['app-password-file']
      ? readFileSync(values['app-password-file'], 'utf8').trim()
      : undefined);
  if ((values.user === undefined) !== (appPassword === undefined)) {
    throw new UsageError('--user and --app-password (or --app-password-file) go together');
  }
  let language: Language | undefined;
  if (values.language !== undefined) {
    if (!isLanguage(values.language)) throw new UsageError('--language must be ca, en or es');
    language = values.language;
  }
  return {
    from: values.from,
    user: values.user,
    appPassword,
    authorId: positiveInteger(values.author, 'author', 1),
    language,
    concurrency: Math.min(16, positiveInteger(values.concurrency, 'concurrency', 4)),
    dryRun: values['dry-run'],
  };
}

async function main(): Promise<number> {
  let options: Omit<ImportOptions, 'signal' | 'progress'>;
  try {
    options = readOptions(process.argv.slice(2));
  } catch (error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${message ? `${message}\n\n` : ''}${USAGE}`);
    return message ? 2 : 0;
  }
  const context = await NestFactory.createApplicationContext(ImportCliModule, {
    logger: ['error'],
  });
  const interrupt = new AbortController();
  const onSignal = (): void => {
    process.stderr.write('\nstopping after the items being written…\n');
    interrupt.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const display = new ProgressDisplay({
    write: (text) => process.stderr.write(text),
    isTTY: process.stderr.isTTY,
    columns: process.stderr.columns,
  });
  try {
    const report = await context
      .get(TecImporter)
      .run({ ...options, signal: interrupt.signal, progress: display });
    display.finishLine();
    process.stdout.write(formatReport(report));
    return 0;
  } catch (error: unknown) {
    display.finishLine();
    if (interrupt.signal.aborted) {
      process.stderr.write('Interrupted: run the same command again to continue.\n');
      return 130;
    }
    const message =
      error instanceof TecSourceError
        ? error.message
        : `The import stopped: ${error instanceof Error ? error.message : String(error)}. Run it again to continue.`;
    process.stderr.write(`${message}\n`);
    return 1;
  } finally {
    await context.close();
  }
}

void main().then((code) => {
  process.exitCode = code;
});
