import { setTimeout as sleep } from 'node:timers/promises';
import { Gate } from '../common/runtime/gate';

/** How the import reaches a The Events Calendar site. */
export interface TecSourceOptions {
  /** The site's REST root (`https://site.example/wp-json`). */
  readonly root: string;
  /** A WordPress user and application password; without them, only what anonymous readers see. */
  readonly user?: string;
  readonly appPassword?: string;
  /** Requests in flight at once. */
  readonly concurrency: number;
  /** How long one request may take before it is abandoned and tried again. */
  readonly timeoutMs: number;
  /** Attempts of one request (the first included) before the import stops. */
  readonly attempts: number;
  /** The first retry waits about this long; each next one twice as long (with jitter). */
  readonly backoffMs: number;
  /** The longest wait a `Retry-After` may ask for before the import gives up instead. */
  readonly maxRetryAfterMs: number;
  /** Stops waiting and fetching when aborted (an interrupted import). */
  readonly signal?: AbortSignal;
  /** Told about each retry, for the progress display. */
  readonly onRetry?: (retry: SourceRetry) => void;
}

/** A request tried again, and why. */
export interface SourceRetry {
  readonly path: string;
  readonly attempt: number;
  readonly reason: string;
  readonly waitMs: number;
}

/** Why the source cannot be imported from, in words for the operator. */
export class TecSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TecSourceError';
  }
}

/** One page of a collection: its items (JSON as the site sent it) and the collection's size. */
export interface SourcePage {
  readonly items: readonly unknown[];
  readonly total: number;
  readonly totalPages: number;
}

/** A site's answer, its body read whole (inside the request's time limit and retries). */
interface SourceAnswer {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: Headers;
  readonly text: string;
}

/** The TEC namespace every request goes to. */
export const TEC_NAMESPACE = 'tribe/events/v1';

/** WordPress's own routes for TEC's post types (`wp/v2/<type>`). */
export type WordPressType = 'tribe_events' | 'tribe_venue' | 'tribe_organizer';

/** The page size WordPress's routes allow at most. */
export const WORDPRESS_PAGE_SIZE = 100;

/** A WordPress route this client cannot read, and why, in words for the report. */
export interface Unavailable {
  readonly unavailable: string;
}

/** Statuses a TEC site answers 5xx-style for a moment; worth another attempt. */
const TRANSIENT_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

/** A request's outcome that is worth another attempt, with the wait the site asked for. */
class TransientFailure extends Error {
  constructor(
    readonly reason: string,
    readonly retryAfterMs: number | null,
  ) {
    super(reason);
  }
}

/** `Retry-After` (seconds or an HTTP date) in milliseconds from now, or null when absent. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * A client of a TEC site's `tribe/events/v1` API: paged reads with the totals TEC sends, a limit
 * on requests in flight, and retries with backoff on rate limits (429, honouring `Retry-After`),
 * server errors and timeouts. Anything else the site answers stops the import with a reason.
 */
export class TecSource {
  private readonly root: string;
  private readonly base: string;
  private readonly authorization: string | undefined;
  private readonly gate: Gate;

  constructor(private readonly options: TecSourceOptions) {
    this.root = options.root.replace(/\/+$/, '');
    this.base = `${this.root}/${TEC_NAMESPACE}`;
    this.authorization =
      options.user !== undefined && options.appPassword !== undefined
        ? `Basic ${Buffer.from(`${options.user}:${options.appPassword}`).toString('base64')}`
        : undefined;
    this.gate = new Gate(Math.max(1, options.concurrency));
  }

  /** Whether the import sends credentials (and so asks for unpublished items too). */
  get signedIn(): boolean {
    return this.authorization !== undefined;
  }

  /**
   * Checks that the site answers the TEC namespace with JSON; else says what is in the way (no
   * WordPress REST API, the API blocked, TEC absent or too old, credentials refused).
   */
  async checkNamespace(): Promise<void> {
    const response = await this.request('');
    if (response.ok) {
      this.json(response, '');
      return;
    }
    const status = response.status;
    if (status === 401 || status === 403) {
      throw new TecSourceError(
        `The site refused the request (${status}): ${this.authorization ? 'check --user and --app-password' : 'its REST API is closed to anonymous readers; pass --user and --app-password'}.`,
      );
    }
    if (status === 404) {
      throw new TecSourceError(
        response.text.includes('rest_no_route')
          ? `The site has no ${TEC_NAMESPACE} namespace: The Events Calendar is not active there, or its REST API is turned off.`
          : `Nothing answers ${this.base}: check --from (the site's REST root, e.g. https://site.example/wp-json).`,
      );
    }
    throw new TecSourceError(`The site answered ${status} to ${this.base}.`);
  }

  /** Page `page` of `collection` with `query`; a page past the end is empty. */
  async page(
    collection: string,
    query: Readonly<Record<string, string>>,
    page: number,
  ): Promise<SourcePage> {
    const search = new URLSearchParams({ ...query, page: String(page) });
    const path = `/${collection}?${search.toString()}`;
    const response = await this.request(path);
    // TEC answers a page past the last one 404 (tec-site's README).
    if (response.status === 404 && page > 1) return { items: [], total: 0, totalPages: 0 };
    if (!response.ok) {
      throw new TecSourceError(`The site answered ${response.status} to ${this.base}${path}.`);
    }
    const body = this.json(response, path);
    const items = (body as Record<string, unknown>)[collection];
    if (!Array.isArray(items)) {
      throw new TecSourceError(`The answer to ${path} has no "${collection}" list.`);
    }
    const total = Number(
      response.headers.get('x-tec-total') ?? (body as { total?: unknown }).total,
    );
    const totalPages = Number(
      response.headers.get('x-tec-totalpages') ?? (body as { total_pages?: unknown }).total_pages,
    );
    return {
      items,
      total: Number.isFinite(total) ? total : items.length,
      totalPages: Number.isFinite(totalPages) ? totalPages : 1,
    };
  }

  /**
   * One item of `collection` by id (`/events/1122`), as TEC serves a single read; null when the
   * site has none this client may see (gone, trashed, or not readable without more rights).
   */
  async single(collection: string, id: number): Promise<unknown> {
    const path = `/${collection}/${id}`;
    const response = await this.request(path);
    if ([400, 401, 403, 404, 410].includes(response.status)) return null;
    if (!response.ok) {
      throw new TecSourceError(`The site answered ${response.status} to ${this.base}${path}.`);
    }
    return this.json(response, path);
  }

  /**
   * Page `page` of WordPress's own route for `type`, ordered by id (stable, unlike TEC's lists),
   * every status and the edit context (post passwords) when signed in. A site that does not
   * serve the route to this client (no route, closed to anonymous readers, the user may not
   * edit) answers {@link Unavailable}; a page past the end is empty.
   */
  async wordPressPage(type: WordPressType, page: number): Promise<SourcePage | Unavailable> {
    const search = new URLSearchParams({
      per_page: String(WORDPRESS_PAGE_SIZE),
      page: String(page),
      orderby: 'id',
      order: 'asc',
      ...(this.signedIn ? { context: 'edit', status: 'any' } : {}),
    });
    const path = `/wp/v2/${type}?${search.toString()}`;
    const response = await this.request(path, this.root);
    if (response.status === 400 && page > 1) return { items: [], total: 0, totalPages: 0 };
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) {
      return { unavailable: `answered ${response.status}` };
    }
    const body = this.json(response, path, this.root);
    if (!Array.isArray(body)) return { unavailable: 'not a list' };
    const total = Number(response.headers.get('x-wp-total'));
    const totalPages = Number(response.headers.get('x-wp-totalpages'));
    return {
      items: body,
      total: Number.isFinite(total) ? total : body.length,
      totalPages: Number.isFinite(totalPages) ? totalPages : 1,
    };
  }

  private json(response: SourceAnswer, path: string, under: string = this.base): unknown {
    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('json')) {
      throw new TecSourceError(
        `The site answered ${under}${path} with ${type || 'no content type'}, not JSON: a security plugin, a firewall or a login page is in front of its REST API.`,
      );
    }
    try {
      return JSON.parse(response.text) as unknown;
    } catch {
      throw new TecSourceError(`The answer to ${under}${path} is not valid JSON.`);
    }
  }

  /** A GET of `path` under the namespace (or `under`), tried again on transient failures. */
  private async request(path: string, under: string = this.base): Promise<SourceAnswer> {
    const { attempts, backoffMs, maxRetryAfterMs, signal } = this.options;
    for (let attempt = 1; ; attempt += 1) {
      signal?.throwIfAborted();
      try {
        return await this.gate.run(() => this.once(path, under));
      } catch (error: unknown) {
        if (!(error instanceof TransientFailure) || attempt >= attempts) {
          if (error instanceof TransientFailure) {
            throw new TecSourceError(
              `${under}${path} failed ${attempts} times (last: ${error.reason}); run the import again to continue.`,
            );
          }
          throw error;
        }
        const backoff = backoffMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2);
        const waitMs = error.retryAfterMs ?? backoff;
        if (waitMs > maxRetryAfterMs) {
          throw new TecSourceError(
            `The site asks to wait ${Math.ceil(waitMs / 1000)} s before ${path || 'the namespace'} (Retry-After); run the import again later.`,
          );
        }
        this.options.onRetry?.({ path, attempt, reason: error.reason, waitMs });
        await sleep(waitMs, undefined, { signal });
      }
    }
  }

  /**
   * One GET of `path`, its body read whole within the time limit: a timeout or a broken
   * connection while the body arrives is a transient failure, like one before the headers.
   */
  private async once(path: string, under: string): Promise<SourceAnswer> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const signal = this.options.signal ? AbortSignal.any([timeout, this.options.signal]) : timeout;
    const failed = (error: unknown): TransientFailure => {
      this.options.signal?.throwIfAborted();
      const reason = timeout.aborted ? 'timed out' : `network error (${networkReason(error)})`;
      return new TransientFailure(reason, null);
    };
    let response: Response;
    try {
      response = await fetch(`${under}${path}`, {
        headers: {
          accept: 'application/json',
          'user-agent': 'calendar-events-service import:tec',
          ...(this.authorization ? { authorization: this.authorization } : {}),
        },
        redirect: 'follow',
        signal,
      });
    } catch (error: unknown) {
      const lasting = lastingFailure(networkReason(error));
      if (lasting !== null && !timeout.aborted) {
        this.options.signal?.throwIfAborted();
        throw new TecSourceError(`${under}${path}: ${lasting}`);
      }
      throw failed(error);
    }
    if (TRANSIENT_STATUSES.has(response.status)) {
      await response.body?.cancel();
      throw new TransientFailure(
        `status ${response.status}`,
        retryAfterMs(response.headers.get('retry-after')),
      );
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error: unknown) {
      throw failed(error);
    }
    return { status: response.status, ok: response.ok, headers: response.headers, text };
  }
}

/**
 * What to do about a failure that another attempt cannot mend (a refused connection, a host
 * that does not exist, a port fetch never opens, a certificate that does not verify), or null
 * for one that may pass (a timeout, a reset, a name server that did not answer).
 */
function lastingFailure(reason: string): string | null {
  if (reason === 'ECONNREFUSED') {
    return 'the connection was refused: nothing listens there. Check the host and port of --from, or start the site, and run the import again.';
  }
  if (reason === 'ENOTFOUND') {
    return 'no such host. Check the host name of --from and run the import again.';
  }
  if (reason === 'bad port') {
    return 'fetch never opens this port (it is on the list browsers block). Serve the site on another port and run the import again.';
  }
  if (reason === 'EACCES' || reason === 'EPERM') {
    return `the system refused the connection (${reason}). Check --from and run the import again.`;
  }
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(reason)) {
    return `the site's TLS certificate does not verify (${reason}). Fix the certificate, or point NODE_EXTRA_CA_CERTS at its authority, and run the import again.`;
  }
  return null;
}

/** The innermost cause of a failed fetch, in a few words. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : 'unknown';
}
