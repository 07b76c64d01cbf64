// First: on an unsupported Node, one line and exit 1 before a native module loads.
import '../common/runtime/supported-node';
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { readFileSync } from 'node:fs';
import { readCommandLine, usageError } from '../common/cli/command-line';
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
 * Calendar site into the configured database (docs/importing.md).
 * Exits 0 when the import ran to the end (the report lists items that failed), 1 when it
 * stopped (run it again to continue), 2 on a usage error, 130 when interrupted.
 */

const COMMAND = {
  usage: 'npm run import:tec -- --from <site>/wp-json [options]',
  about:
    'Imports a The Events Calendar site (its venues, organizers, categories, tags and events)\n' +
    'into the configured database. Run it again to continue an import that stopped.',
  options: {
    from: { type: 'string', value: 'URL', help: "The site's REST root (https://site/wp-json)" },
    user: { type: 'string', value: 'NAME', help: 'A WordPress user: drafts, pending, private too' },
    'app-password': { type: 'string', value: 'PW', help: "The user's application password" },
    'app-password-file': { type: 'string', value: 'FILE', help: 'Read it from a file instead' },
    author: {
      type: 'string',
      value: 'ID',
      help: 'The user imported items belong to',
      default: '1',
    },
    language: { type: 'string', value: 'ca|en|es', help: "The site's language (DEFAULT_LANGUAGE)" },
    concurrency: { type: 'string', value: 'N', help: 'Requests at once, 1-16', default: '4' },
    'dry-run': { type: 'boolean', help: 'Read everything, tell what would change, write nothing' },
    prune: {
      type: 'boolean',
      help: 'Trash here what an earlier import brought and the site no longer has (needs --user)',
    },
  },
  notes:
    'Exit status: 0 done (the report lists items that failed), 1 stopped, 2 usage, 130 interrupted.',
} as const;

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

/** The application password in `file`, if one is named. */
function passwordFrom(file: string | undefined): string | undefined {
  if (file === undefined) return undefined;
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error: unknown) {
    const code = (error as { code?: unknown }).code;
    throw new UsageError(`--app-password-file ${file} cannot be read (${String(code ?? error)})`);
  }
}

function readOptions(argv: readonly string[]): Omit<ImportOptions, 'signal' | 'progress'> {
  const { values } = readCommandLine(COMMAND, argv);
  if (!values.from) throw new UsageError('--from is required');
  try {
    const url = new URL(values.from);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
  } catch {
    throw new UsageError('--from must be an http(s) URL, e.g. https://site.example/wp-json');
  }
  const appPassword = values['app-password'] ?? passwordFrom(values['app-password-file']);
  if ((values.user === undefined) !== (appPassword === undefined)) {
    throw new UsageError('--user and --app-password (or --app-password-file) go together');
  }
  if (values.prune === true && values.user === undefined) {
    throw new UsageError(
      '--prune needs --user: anonymously the site hides its drafts, pending and private items, which would be pruned',
    );
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
    dryRun: values['dry-run'] === true,
    prune: values.prune === true,
  };
}

async function main(): Promise<number> {
  let options: Omit<ImportOptions, 'signal' | 'progress'>;
  try {
    options = readOptions(process.argv.slice(2));
  } catch (error: unknown) {
    if (!(error instanceof UsageError)) throw error;
    return usageError(COMMAND, error.message);
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
