import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { isSpanContextValid, trace } from '@opentelemetry/api';
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

/** What a logged error keeps: its kind, a masked message, driver codes and the stack's frames. */
export interface LoggedError {
  readonly type: string;
  readonly message: string;
  readonly code?: string;
  readonly errno?: number;
  readonly stack?: string;
}

/** Quoted literals in a message (`Duplicate entry 'secret' for key …`): values, masked. */
const QUOTED = /'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g;

/** Longest error message a log line keeps. */
const MAX_LOGGED_MESSAGE = 500;

/**
 * An error as a log line may carry it. Only its kind, its message (quoted values masked, cut),
 * the driver's code and number, and the stack's frames (not its first line, which repeats the
 * message) are kept: never the enumerable extras errors carry, such as the raw body of a body
 * parser error, or the SQL text and parameters of a failed query, which hold bodies, password
 * hashes and personal data.
 */
export function loggedError(value: unknown): LoggedError {
  // pino-http hands its error serializer pino's own serialised copy, with the error as `raw`.
  const error =
    typeof value === 'object' && value !== null && !(value instanceof Error) && 'raw' in value
      ? value.raw
      : value;
  if (!(error instanceof Error)) return { type: typeof error, message: '[not an Error]' };
  const fields = error as Error & { code?: unknown; errno?: unknown };
  const message = error.message.replace(QUOTED, "'?'");
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line));
  return {
    type: error.constructor.name,
    message:
      message.length > MAX_LOGGED_MESSAGE ? `${message.slice(0, MAX_LOGGED_MESSAGE)}…` : message,
    ...(typeof fields.code === 'string' ? { code: fields.code } : {}),
    ...(typeof fields.errno === 'number' ? { errno: fields.errno } : {}),
    ...(frames && frames.length > 0 ? { stack: frames.join('\n') } : {}),
  };
}

/**
 * The ids of the trace span a line is logged in, when tracing is on (`observability/tracing.ts`)
 * and the line belongs to a traced request or task; nothing otherwise.
 */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (span === undefined) return {};
  const context = span.spanContext();
  return isSpanContextValid(context) ? { trace_id: context.traceId, span_id: context.spanId } : {};
}

/**
 * The process's JSON logger at `level` (Nest's name for it): one line per entry on standard
 * output (or `destination`), with the level's name, an ISO time, the service's name and, in a
 * traced request, the trace's and span's ids, errors
 * reduced by {@link loggedError}, credentials in headers redacted. Written synchronously (pino's
 * destination is asynchronous by default since pino 10), so no line is lost when the process
 * dies and lines keep the order they were logged in.
 */
export function processLogger(
  level: AppConfig['LOG_LEVEL'],
  destination: pino.DestinationStream = pino.destination({ dest: 1, sync: true }),
): Logger {
  return pino(
    {
      level: PINO_LEVELS[level],
      base: { service: 'calendar-events' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: traceFields,
      serializers: { err: loggedError, error: loggedError },
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie'],
        censor: '[Redacted]',
      },
    },
    destination,
  );
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
  constructor(
    config: AppConfig,
    destination: pino.DestinationStream = pino.destination({ dest: 1, sync: true }),
  ) {
    this.logger = processLogger(config.LOG_LEVEL, destination);
    this.middleware = pinoHttp({
      logger: this.logger,
      genReqId: requestId,
      customAttributeKeys: { reqId: 'request_id', responseTime: 'duration_ms' },
      // Our serializers take the request and response as they are: wrapped, pino-http first
      // copies each request whole (headers, address, and its query parsed: 2% of a kept
      // answer's CPU) to keep two fields of it.
      wrapSerializers: false,
      serializers: {
        req: (request: { method?: string; url?: string; originalUrl?: string }) => ({
          method: request.method,
          path: loggedPath(request.originalUrl ?? request.url),
        }),
        res: (response: { statusCode?: number }) => ({ status: response.statusCode }),
        err: loggedError,
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
