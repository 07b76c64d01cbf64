import type { LoggerService } from '@nestjs/common';
import type { Level, Logger } from 'pino';

/**
 * Nest's own start-up lines (modules loaded, routes mapped, "starting", "started"): useful when
 * debugging the wiring, noise otherwise, so they are logged at `debug`.
 */
const FRAMEWORK_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
]);

/** The context Nest passes last among a log call's parameters, if it is a string. */
function contextOf(parameters: readonly unknown[]): string | undefined {
  const last = parameters.at(-1);
  return typeof last === 'string' ? last : undefined;
}

/** A message as the log line's `msg`; an Error goes to `err` too. */
function fieldsOf(
  message: unknown,
  context: string | undefined,
): [Record<string, unknown>, string] {
  const fields: Record<string, unknown> = context === undefined ? {} : { context };
  if (message instanceof Error) return [{ ...fields, err: message }, message.message];
  return [fields, typeof message === 'string' ? message : JSON.stringify(message)];
}

/**
 * Nest's logger from the first line of start-up to the moment the request-aware logger
 * (nestjs-pino) takes over, and for a start that fails: the same JSON lines as the rest of the
 * log, on the same logger settings, with Nest's own chatter at `debug`. An error's stack, which
 * Nest passes as a second string, is not logged as text: errors are logged as `err`.
 */
export class StartupLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...parameters: unknown[]): void {
    const context = contextOf(parameters);
    this.write(context !== undefined && FRAMEWORK_CONTEXTS.has(context) ? 'debug' : 'info', [
      message,
      ...parameters,
    ]);
  }

  error(...entry: unknown[]): void {
    this.write('error', entry);
  }

  warn(...entry: unknown[]): void {
    this.write('warn', entry);
  }

  debug(...entry: unknown[]): void {
    this.write('debug', entry);
  }

  verbose(...entry: unknown[]): void {
    this.write('trace', entry);
  }

  fatal(...entry: unknown[]): void {
    this.write('fatal', entry);
  }

  /** `entry`: the message, then Nest's optional parameters, the context last. */
  private write(level: Level, [message, ...parameters]: unknown[]): void {
    const [fields, text] = fieldsOf(message, contextOf(parameters));
    this.logger[level](fields, text);
  }
}
