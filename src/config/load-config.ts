import { plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';
import { parse } from 'dotenv';
import { existsSync, readFileSync } from 'node:fs';
import { AppConfig } from './app-config';

/** Raised when the environment holds a value the service cannot start with. */
export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';
}

function describe(errors: ValidationError[], raw: Record<string, string | undefined>): string {
  return errors
    .map((error) => {
      const reasons = Object.values(error.constraints ?? {}).join('; ');
      const given = raw[error.property];
      const shown = given !== undefined ? ` (got "${given}")` : '';
      return `${error.property}${shown}: ${reasons}`;
    })
    .join('\n');
}

/** The variables that hold something: an empty or blank value counts as unset. */
function setValues(variables: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(variables).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && entry[1].trim() !== '',
    ),
  );
}

/** The `.env` file read by default: `ENV_FILE` when set (`ENV_FILE=` empty: none), else `.env`. */
export function defaultEnvFile(env: Record<string, string | undefined>): string | null {
  return env['ENV_FILE'] === undefined ? '.env' : env['ENV_FILE'] || null;
}

/**
 * The variables that hold something, from `env` and, where `env` leaves a gap, from the file at
 * `envFile`: what {@link loadConfig} validates, and where the tracing set-up finds `OTEL_*`.
 */
export function mergedEnvironment(
  env: Record<string, string | undefined>,
  envFile: string | null,
): Record<string, string> {
  const fromFile = envFile && existsSync(envFile) ? parse(readFileSync(envFile)) : {};
  return { ...setValues(fromFile), ...setValues(env) };
}

/**
 * Builds the configuration from a set of variables. Values in `env` win over those of the
 * `.env` file at `envFile` (by default `ENV_FILE` when set, else `.env`; `ENV_FILE=` empty reads
 * none, as the tests' processes do), which only fills the gaps. A variable set to an empty value
 * is unset, so its default applies (as `KEY: ${KEY:-}` in a compose file gives).
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  envFile: string | null = defaultEnvFile(env),
): AppConfig {
  const merged: Record<string, string | undefined> = mergedEnvironment(env, envFile);
  const known = Object.keys(new AppConfig());
  const raw = Object.fromEntries(known.map((key) => [key, merged[key]]));
  const config = plainToInstance(AppConfig, raw, { exposeDefaultValues: true });
  const errors = validateSync(config, { forbidUnknownValues: false });
  if (errors.length > 0) {
    throw new ConfigurationError(`Invalid configuration:\n${describe(errors, raw)}`);
  }
  if (config.DATABASE_REPLICA_URLS.length > 0 && !config.DATABASE_URL) {
    throw new ConfigurationError(
      'Invalid configuration:\nDATABASE_REPLICA_URLS: replicas need their primary in DATABASE_URL',
    );
  }
  if (config.SEARCH_ENGINE_URL && !config.DATABASE_URL) {
    throw new ConfigurationError(
      'Invalid configuration:\nSEARCH_ENGINE_URL: the search engine serves MySQL/MariaDB; SQLite searches its own index',
    );
  }
  return config;
}
