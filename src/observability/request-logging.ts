import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import pino, { type Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import { AppConfig } from '../config/app-config';

/** The header a request id comes in (from a gateway) and is echoed in. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** A request id a caller may choose: short, and safe to log and echo. */
const USABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Nest's level names as pino's. */
const PINO_LEVELS = {
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
} as const satisfies Record<AppConfig['LOG_LEVEL'], pino.Level>;

/** Query parameters whose values never reach the log. */
const SECRET_PARAMETERS = /([?&](?:password|token|access_token)=)[^&]*/gi;

/** Probes and scrapes answered often and uneventfully; their requests are not logged. */
const QUIET_PATHS = new Set(['/health/live', '/health/ready', '/metrics']);

/** Longest path and query a log line keeps. */
const MAX_LOGGED_PATH = 2048;

/** The path and query of a request with secret values replaced, cut at 2,048 characters. */
export function loggedPath(url: string | undefined): string {
  const path = (url ?? '').replace(SECRET_PARAMETERS, '$1[Redacted]');
  return path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}…` : path;
}

/** The caller's request id when usable, else a new one; echoed in the response. */
function requestId(request: IncomingMessage, response: ServerResponse): string {
  const given = request.headers['x-request-id'];
  const id = typeof given === 'string' && USABLE_ID.test(given) ? given : randomUUID();
  response.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/**
 * One JSON logger for the process, and the request log on it: a line per answered request with
 * its id, method, path, status and duration. Headers and bodies are not logged, so tokens and
 * passwords cannot leak; secret query values are redacted.
 */
export class RequestLogging {
  readonly logger: Logger;
  readonly middleware: HttpLogger;

  /** Logs to standard output, or to `destination`. */
  constructor(config: AppConfig, destination: pino.DestinationStream = pino.destination(1)) {
    this.logger = pino(
      {
        level: PINO_LEVELS[config.LOG_LEVEL],
        base: { service: 'calendar-events' },
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
        redact: {
          paths: ['req.headers.authorization', 'req.headers.cookie'],
          censor: '[Redacted]',
        },
      },
      destination,
    );
    this.middleware = pinoHttp({
      logger: this.logger,
      genReqId: requestId,
      customAttributeKeys: { reqId: 'request_id', responseTime: 'duration_ms' },
      serializers: {
        req: (request: { method?: string; url?: string }) => ({
          method: request.method,
          path: loggedPath(request.url),
        }),
        res: (response: { statusCode?: number }) => ({ status: response.statusCode }),
      },
      customLogLevel: (_request, response, error) =>
        error !== undefined || response.statusCode >= 500 ? 'error' : 'info',
      customSuccessMessage: () => 'request completed',
      customErrorMessage: () => 'request failed',
      autoLogging: { ignore: (request) => QUIET_PATHS.has(request.url ?? '') },
      quietReqLogger: true,
    });
  }
}
