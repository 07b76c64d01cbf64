import pino, { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { ConfigurationError, loadConfig } from '../config/load-config';
import { resolveDataSourceOptions } from './data-source.options';

/**
 * Runs a one-shot task (`migrate`, `reindex`) on the configured database with JSON log lines,
 * then lets the process exit: code 0 when `work` succeeded, 1 when it or the connection failed
 * (logged under `failed`).
 */
export async function runDatabaseTask(
  task: string,
  failed: string,
  work: (dataSource: DataSource, logger: Logger) => Promise<void>,
): Promise<void> {
  const logger = pino({
    base: { service: 'calendar-events', task },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
  try {
    const dataSource = new DataSource(await resolveDataSourceOptions(loadConfig()));
    await dataSource.initialize();
    try {
      await work(dataSource, logger);
    } finally {
      await dataSource.destroy();
    }
  } catch (error: unknown) {
    logger.error(error instanceof ConfigurationError ? error.message : { err: error }, failed);
    process.exitCode = 1;
  }
}
