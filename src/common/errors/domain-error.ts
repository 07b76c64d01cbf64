import { MessageArgs, MessageKey } from '../i18n/messages';
import { ErrorKind } from './error-kinds';

/**
 * An error a caller can be told about. Services throw these, never HTTP exceptions; the one
 * filter turns them into the contract's body.
 */
export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly args: MessageArgs = {},
    /** Extra members of the body's `data`, after `status` (e.g. `term_id`). */
    readonly data: Readonly<Record<string, string | number>> = {},
  ) {
    super(kind);
    this.name = new.target.name;
  }
}

/** What is wrong with one parameter: a message key for data.params, and an optional detail code. */
export interface ParamProblem {
  readonly param: string;
  readonly message: MessageKey;
  /** A code for data.details (WordPress gives one for type errors); default `rest_invalid_param`. */
  readonly detailCode?: string;
  /** Why, in data.details (in the request's language); without it and a code, no detail. */
  readonly reason?: MessageKey;
  readonly reasonArgs?: MessageArgs;
}

/** 400 rest_invalid_param: one or more parameters did not pass validation. */
export class InvalidParamsError extends DomainError {
  constructor(readonly problems: readonly ParamProblem[]) {
    super('invalidParams', { params: problems.map((p) => p.param).join(', ') });
  }

  static of(
    param: string,
    message: MessageKey = 'param.invalid',
    reason?: MessageKey,
  ): InvalidParamsError {
    return new InvalidParamsError([{ param, message, ...(reason ? { reason } : {}) }]);
  }
}

/** 400 rest_missing_callback_param: required parameters were not sent. */
export class MissingParamsError extends DomainError {
  constructor(readonly params: readonly string[]) {
    super('missingParams', { params: params.join(', ') });
  }
}

/**
 * 301: the item a read names is at another id here (an imported event whose source id was taken,
 * docs/behaviour.md#importing-from-the-events-calendar). The filter answers with `Location`: the
 * request's path and query with its id segment replaced by `id`.
 */
export class MovedError extends DomainError {
  constructor(
    kind: ErrorKind,
    readonly from: number,
    readonly to: number,
  ) {
    super(kind, { id: to });
  }

  /** Where the item is: `path` (a request's path and query) naming `to` instead of `from`. */
  location(path: string): string {
    const [route = '', query] = path.split(/\?(.*)/s, 2);
    const moved = route.replace(new RegExp(`/${this.from}(\\.ics)?(/?)$`), `/${this.to}$1$2`);
    return query === undefined ? moved : `${moved}?${query}`;
  }
}

/** 404 rest_no_route: the path or method names no route. */
export class RouteNotFoundError extends DomainError {
  constructor() {
    super('routeNotFound');
  }
}

/** 413: the body is larger than the service accepts. */
export class PayloadTooLargeError extends DomainError {
  constructor(limitBytes: number) {
    super('payloadTooLarge', { limit: readableSize(limitBytes) });
  }
}

/** `1 MB`, `512 KB` or `1000 bytes`: the largest unit that states `bytes` exactly. */
function readableSize(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / 1024 / 1024} MB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/** 400 rest_invalid_json: the body was declared JSON but did not parse. */
export class InvalidJsonError extends DomainError {
  constructor(readonly detail: string) {
    super('invalidJson');
  }
}

/** Why credentials were refused, as RFC 6750 names it and in words for the caller. */
export interface CredentialProblem {
  /** `invalid_request` (not a bearer token) or `invalid_token`; none when none were sent. */
  readonly error?: 'invalid_request' | 'invalid_token';
  readonly reason: MessageKey;
  readonly reasonArgs?: MessageArgs;
}

/**
 * 401 `rest_forbidden` with TEC's message, the reason in `data.details.authorization`, and a
 * `WWW-Authenticate: Bearer` challenge naming the RFC 6750 error (api-exception.filter.ts).
 */
export class NotAuthenticatedError extends DomainError {
  constructor(readonly problem: CredentialProblem) {
    super('notAuthenticated');
  }
}
