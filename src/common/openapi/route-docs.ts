import { applyDecorators, Type } from '@nestjs/common';
import {
  ApiBody,
  ApiExtraModels,
  getSchemaPath,
  ApiConsumes,
  ApiHeader,
  ApiParam,
  ApiResponse,
  ApiSecurity,
  type ApiResponseOptions,
  type HeaderObject,
  type HeadersObject,
} from '@nestjs/swagger';
import { errorExample } from '../errors/error-examples';
import { ERROR_KINDS, ErrorKind } from '../errors/error-kinds';
import { ErrorResponseDto } from '../errors/error.response.dto';
import { LANGUAGES } from '../i18n/language';

/** The bearer scheme's name in the document. */
export const BEARER = 'bearer';

/**
 * Errors every route may give: no route (a method override naming a verb the route lacks), a
 * bad parameter (`i18n_language` at least), a bad token, too long a URL, too many requests, a
 * fault, a busy or unreachable database, no answer in time.
 */
const EVERY_ROUTE: readonly ErrorKind[] = [
  'routeNotFound',
  'invalidParams',
  'notAuthenticated',
  'uriTooLong',
  'tooManyRequests',
  'internal',
  'responseTimeout',
  'serviceBusy',
  'databaseUnavailable',
];

/** Errors of reading a request body. */
const BODY_ERRORS: readonly ErrorKind[] = [
  'invalidJson',
  'invalidBody',
  'payloadTooLarge',
  'tooManyFields',
  'unsupportedMediaType',
  'jsonSentAsForm',
];

/** Media types every write body is accepted in. */
export const BODY_MEDIA_TYPES = ['application/json', 'application/x-www-form-urlencoded'] as const;

const REQUEST_ID: HeaderObject = {
  description: 'The request’s id: the one sent in `X-Request-Id`, or a new one. Logs carry it.',
  required: true,
  schema: { type: 'string' },
};

/** The tag an update's answer carries: that of the item as a single read now shows it. */
const UPDATED_ETAG: HeaderObject = {
  description:
    'The entity tag of the item as a single read now shows it (with `json_ld`): send it in `If-Match` with the next write.',
  required: true,
  schema: { type: 'string' },
};

const ETAG: HeaderObject = {
  description: 'The entity tag of the body; send it in `If-None-Match` to get 304 while it holds.',
  required: true,
  schema: { type: 'string' },
};

/** Headers of every answer. */
const EVERY_ANSWER: HeadersObject = {
  'Content-Language': {
    description: 'The language of the request, which the text and messages are in.',
    required: true,
    schema: { type: 'string', enum: [...LANGUAGES] },
  },
  'X-Request-Id': REQUEST_ID,
  'Cache-Control': {
    description:
      'Anonymous reads: `public, max-age=N` (`CACHE_MAX_AGE`) or `public, no-cache`; reads with a token: `private, no-cache`; writes and errors: `no-store`.',
    required: true,
    schema: { type: 'string' },
  },
};

/** Headers of a successful answer while rate limiting is on. */
const RATE_LIMIT: HeadersObject = {
  'X-RateLimit-Limit': {
    description: 'Requests a client may make per window.',
    schema: { type: 'integer', minimum: 1 },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in this window.',
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Reset': {
    description: 'Seconds until the window starts again.',
    schema: { type: 'integer', minimum: 0 },
  },
};

/** Headers of a successful read, which caches may keep. */
const CACHEABLE: HeadersObject = {
  ETag: ETAG,
  Vary: {
    description: 'The request headers that change the answer.',
    required: true,
    schema: { type: 'string', example: 'Accept-Language, Authorization' },
  },
};

const LOCATION: HeadersObject = {
  Location: {
    description: 'Where the item is: this path and query with the id it has here.',
    required: true,
    schema: { type: 'string' },
  },
};

const RETRY_AFTER: HeadersObject = {
  'Retry-After': {
    description:
      'Seconds to wait before trying again: until the client’s window allows requests again (429), or until the service is likely to answer (503).',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
};

const LIST_HEADERS: HeadersObject = {
  'X-TEC-Total': {
    description: 'Items matching the filters (the body’s `total`).',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  'X-TEC-TotalPages': {
    description: 'Pages of this size (the body’s `total_pages`).',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  'X-Sync-Token': {
    description:
      'The body’s `next_sync_token`: send it back as `sync_token` to get what changed after this answer. On every JSON list answer (an iCalendar answer has none).',
    required: false,
    schema: { type: 'string' },
  },
};

/** The path parameter of item routes: an id (up to 2^53 - 1; longer digits are no route) or a slug. */
const PATH_PARAMETERS = {
  id: ApiParam({
    name: 'id',
    description: 'The id.',
    schema: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
  }),
  slug: ApiParam({
    name: 'slug',
    description: 'The slug.',
    schema: { type: 'string', minLength: 1 },
  }),
} as const;

/** One response per status among `kinds`, listing its codes, with an example of each. */
function errorResponses(kinds: readonly ErrorKind[]): MethodDecorator[] {
  const byStatus = new Map<number, ErrorKind[]>();
  for (const kind of new Set(kinds)) {
    const status = ERROR_KINDS[kind].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), kind]);
  }
  return [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, group]) => {
      const codes = [...new Set(group.map((kind) => `\`${ERROR_KINDS[kind].code}\``))];
      return ApiResponse({
        status,
        description: `Error: ${codes.join(', ')}.`,
        type: ErrorResponseDto,
        headers: {
          ...EVERY_ANSWER,
          ...(status === 429 || status === 503 ? RETRY_AFTER : {}),
          ...(status === 301 ? LOCATION : {}),
        },
        examples: Object.fromEntries(
          group.map((kind) => [
            kind,
            { summary: ERROR_KINDS[kind].code, value: errorExample(kind) },
          ]),
        ),
      });
    });
}

/** What a route answers when it succeeds, and which errors it adds to those of every route. */
export interface RouteDocs {
  /** What the success response is, in a few words. */
  readonly description: string;
  /** The success body. */
  readonly type: Type<unknown>;
  /** Errors the route may give besides a bad parameter, a bad token and an unexpected fault. */
  readonly errors?: readonly ErrorKind[];
  /** An item route's path parameter. */
  readonly by?: keyof typeof PATH_PARAMETERS;
  /** An item write that honours `If-Match` (preconditions.ts). */
  readonly ifMatch?: boolean;
  /** A create that honours `If-None-Match: *` (posts/slug-rule.decorator.ts). */
  readonly ifNoneMatch?: boolean;
}

/** `If-Match` on an item write, and its 412. */
const IF_MATCH = ApiHeader({
  name: 'If-Match',
  required: false,
  description:
    'Optimistic concurrency: the `ETag` of the item as you last read it (a single read, or an update’s answer). When the item has changed since, the write is refused with 412 `rest_precondition_failed` and changes nothing. `*` only asks that the item exist.',
  schema: { type: 'string' },
});

/** `If-None-Match: *` on a create, and its 412. */
const IF_NONE_MATCH = ApiHeader({
  name: 'If-None-Match',
  required: false,
  description:
    '`*` creates a new item only: the item takes its slug (the `slug` sent, or the one made from the title or name) exactly, and when an item of its kind already has that slug (trashed ones included) — or, for venues and organizers, the same name, which would otherwise be reused — the create is refused with 412 `rest_precondition_failed` and changes nothing. Safe to retry: a repeated create cannot make a second item. Other values are ignored.',
  schema: { type: 'string' },
});

function pathParameter(docs: RouteDocs): MethodDecorator[] {
  return docs.by ? [PATH_PARAMETERS[docs.by]] : [];
}

function success(
  status: 200 | 201,
  docs: RouteDocs,
  headers: HeadersObject = {},
): ApiResponseOptions {
  return {
    status,
    description: docs.description,
    type: docs.type,
    headers: { ...EVERY_ANSWER, ...RATE_LIMIT, ...headers },
  };
}

/** An iCalendar answer (RFC 5545), as the feeds give it. */
const CALENDAR_CONTENT = {
  'text/calendar': {
    schema: {
      type: 'string',
      example:
        'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//calendar-events//calendar-events-service//EN\r\n…\r\nBEGIN:VEVENT\r\nUID:calendar.example?id=12\r\n…\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
    },
  },
} as const;

/** Headers of an iCalendar list: its totals, as a JSON list gives them. */
const FEED_LIST_HEADERS: HeadersObject = {
  'X-TEC-Total': LIST_HEADERS['X-TEC-Total'] as HeaderObject,
  'X-TEC-TotalPages': LIST_HEADERS['X-TEC-TotalPages'] as HeaderObject,
};

/** 304 to a read whose `If-None-Match` names the current entity tag. */
const NOT_MODIFIED: ApiResponseOptions = {
  status: 304,
  description: 'Not modified: the `If-None-Match` sent names the current `ETag`; no body.',
  headers: { ETag: ETAG, 'X-Request-Id': REQUEST_ID },
};

/**
 * A read anyone may make; a token may show more (an editor's drafts), so the bearer scheme is
 * optional. Lists carry `X-TEC-Total` and `X-TEC-TotalPages`.
 */
export function ApiRead(
  docs: RouteDocs & {
    readonly list?: boolean;
    /** A list that takes no `sync_token` (webhooks), so no 410. */
    readonly unsynced?: boolean;
    /** A read that needs a token (webhooks: administrators only); others take one optionally. */
    readonly tokenRequired?: boolean;
    /** The route also answers `Accept: text/calendar` with iCalendar. */
    readonly calendar?: boolean;
  },
): MethodDecorator {
  const answer = success(200, docs, { ...CACHEABLE, ...(docs.list ? LIST_HEADERS : {}) });
  return applyDecorators(
    ...pathParameter(docs),
    ...(docs.tokenRequired ? [] : [ApiSecurity({})]),
    ApiSecurity(BEARER),
    ...(docs.calendar
      ? [
          ApiExtraModels(docs.type),
          ApiResponse({
            status: 200,
            description: `${docs.description} With \`Accept: text/calendar\`, the same page as iCalendar.`,
            headers: answer.headers,
            content: {
              'application/json': { schema: { $ref: getSchemaPath(docs.type) } },
              ...CALENDAR_CONTENT,
            },
          }),
        ]
      : [ApiResponse(answer)]),
    ApiResponse(NOT_MODIFIED),
    ...errorResponses([
      ...EVERY_ROUTE,
      // A list's sync_token may be expired or foreign (docs/behaviour.md#sync).
      ...(docs.list && !docs.unsynced ? (['syncTokenExpired'] as const) : []),
      ...(docs.errors ?? []),
    ]),
  );
}

/**
 * A read answered as iCalendar (`text/calendar`, docs/behaviour.md#icalendar-feeds); errors
 * stay JSON in the error shape.
 */
export function ApiFeed(
  docs: Omit<RouteDocs, 'type'> & { readonly list?: boolean },
): MethodDecorator {
  return applyDecorators(
    ...pathParameter({ ...docs, type: Object }),
    ApiSecurity({}),
    ApiSecurity(BEARER),
    ApiResponse({
      status: 200,
      description: docs.description,
      content: CALENDAR_CONTENT,
      headers: {
        ...EVERY_ANSWER,
        ...RATE_LIMIT,
        ...CACHEABLE,
        ...(docs.list ? FEED_LIST_HEADERS : {}),
      },
    }),
    ApiResponse(NOT_MODIFIED),
    ...errorResponses([...EVERY_ROUTE, ...(docs.errors ?? [])]),
  );
}

/**
 * A write: it needs a token with the right (the bearer scheme comes with `RequiresPermission`),
 * and its body, if any, is accepted as JSON or form-encoded.
 */
export function ApiWrite(
  docs: RouteDocs & {
    readonly status: 200 | 201;
    readonly body?: Type<unknown>;
    /** A body that succeeds as it is: Swagger UI's "Try it out" starts from it. */
    readonly bodyExample?: Readonly<Record<string, unknown>>;
  },
): MethodDecorator {
  const body = docs.body;
  const examples = docs.bodyExample
    ? { examples: { example: { summary: 'A body that works as it is', value: docs.bodyExample } } }
    : {};
  return applyDecorators(
    ...pathParameter(docs),
    ...(body
      ? [ApiConsumes(...BODY_MEDIA_TYPES), ApiBody({ type: body, required: true, ...examples })]
      : []),
    ...(docs.ifMatch ? [IF_MATCH] : []),
    ...(docs.ifNoneMatch ? [IF_NONE_MATCH] : []),
    ApiResponse(success(docs.status, docs, docs.ifMatch && body ? { ETag: UPDATED_ETAG } : {})),
    ...errorResponses([
      ...EVERY_ROUTE,
      'forbidden',
      'commitUnknown',
      ...(docs.ifMatch ? (['preconditionFailed'] as const) : []),
      ...(docs.ifNoneMatch ? (['itemExists'] as const) : []),
      ...(body ? BODY_ERRORS : []),
      ...(docs.errors ?? []),
    ]),
  );
}
