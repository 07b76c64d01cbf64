/**
 * A recorded The Events Calendar site served over HTTP: every request the recording holds is
 * answered with its recorded status, headers and body bytes, `{{origin}}` and `{{host}}` replaced
 * by this server's. Two recordings: `test/fixtures/tec-site/` (a copy of `shared/reference/
 * tec-site`, anonymous, TEC's namespace only) and `test/fixtures/tec-site-2/` (a copy of
 * `shared/reference/tec-site-2`: edge cases, WordPress's own routes, and answers recorded signed
 * in, served to a request that signs in with {@link SIGNED_IN}). The import's tests and benchmark
 * read them as they would a live site; hooks add faults (rate limits, outages) and changes.
 */
import { readFileSync } from 'node:fs';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';

/** Where the recording is: `TEC_SITE_DIR`, else the copy in `test/fixtures/tec-site`. */
export function recordingDir(): string {
  return resolve(process.env['TEC_SITE_DIR'] ?? join(__dirname, '../../test/fixtures/tec-site'));
}

/** The second recording: edge cases, WordPress's routes, signed-in answers. */
export function secondRecordingDir(): string {
  return resolve(join(__dirname, '../../test/fixtures/tec-site-2'));
}

/**
 * The WordPress user and application password the server takes for the signed-in answers of a
 * recording that has them (any other credentials are refused, as WordPress refuses them).
 */
export const SIGNED_IN = {
  user: 'importer',
  appPassword: 'abcd efgh ijkl mnop qrst uvwx',
} as const;

/** An answer: status, headers and body (placeholders allowed). */
export interface Recorded {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** A request the site received. */
export interface SiteRequest {
  /** The path below the namespace (`/events`), `''` for the namespace itself. */
  readonly route: string;
  readonly query: Readonly<Record<string, string>>;
  readonly page: number;
  readonly authorization: string | undefined;
  /** When it arrived (ms since the epoch). */
  readonly at: number;
}

/** What a fault hook answers instead of the recording. */
export interface FaultAnswer {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Hold the answer this long first (a slow site). */
  readonly delayMs?: number;
  /** Send the headers and half the body, then hold the rest this long (a stalled transfer). */
  readonly bodyDelayMs?: number;
}

export interface TecSiteOptions {
  /** The recording to serve (default {@link recordingDir}). */
  readonly dir?: string;
  /** The port to listen on (default: any free one). */
  readonly port?: number;
  /** The host `global_id` shows (`{{host}}`). */
  readonly host?: string;
  /** Answers a request differently (a fault), or undefined to serve the recording. */
  readonly fault?: (request: SiteRequest) => FaultAnswer | undefined;
  /** Rewrites a recorded body (after the origin and host are filled in). */
  readonly transform?: (request: SiteRequest, body: string) => string;
  /** Query parameters some of the recording's requests lack, ignored where they do (`status`). */
  readonly ignoreParams?: readonly string[];
  /** Answers a request instead of the recording (e.g. synthesised pages), or undefined. */
  readonly answer?: (request: SiteRequest) => Recorded | undefined;
}

export interface TecSite {
  /** The REST root to import from (`http://127.0.0.1:port/wp-json`). */
  readonly root: string;
  readonly origin: string;
  readonly host: string;
  /** Every request received, in order. */
  readonly requests: SiteRequest[];
  /** Replaces the fault hook (undefined: none). */
  setFault(fault: TecSiteOptions['fault']): void;
  setTransform(transform: TecSiteOptions['transform']): void;
  close(): Promise<void>;
}

const NAMESPACE_PATH = '/wp-json/tribe/events/v1';

/** A request's key: its path without a trailing slash and its sorted query. */
function keyOf(path: string, query: URLSearchParams): string {
  const sorted = [...query.entries()].sort(([a], [b]) => a.localeCompare(b));
  return `${path.replace(/\/+$/, '')}?${new URLSearchParams(sorted).toString()}`;
}

/** One entry of a recording's `index.json`. */
interface IndexEntry {
  readonly request: string;
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
  /** How it was asked: `none` (anonymous), or signed in (`application-password`). */
  readonly auth?: string;
}

/** The entries of a recording's index: a list (first recording) or `{ entries }` (second). */
export function recordingIndex(dir: string = recordingDir()): IndexEntry[] {
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as
    IndexEntry[] | { entries: IndexEntry[] };
  return Array.isArray(index) ? index : index.entries;
}

/** A recording's answers by request key, anonymous and signed in, bodies with placeholders. */
export interface Recording {
  readonly anonymous: Map<string, Recorded>;
  readonly signedIn: Map<string, Recorded>;
}

export function loadRecordings(dir: string = recordingDir()): Recording {
  const recording: Recording = { anonymous: new Map(), signedIn: new Map() };
  for (const entry of recordingIndex(dir)) {
    const url = new URL(entry.request.replace(/^GET /, ''), 'http://recorded');
    const answers =
      entry.auth === undefined || entry.auth === 'none' ? recording.anonymous : recording.signedIn;
    answers.set(keyOf(url.pathname, url.searchParams), {
      status: entry.status,
      headers: entry.headers,
      body: readFileSync(join(dir, entry.body), 'utf8'),
    });
  }
  return recording;
}

/** The recording's anonymous answers by request key, bodies as text with placeholders. */
export function loadRecording(dir: string = recordingDir()): Map<string, Recorded> {
  return loadRecordings(dir).anonymous;
}

const NO_ROUTE = JSON.stringify({
  code: 'rest_no_route',
  message: 'No route was found matching the URL and request method.',
  data: { status: 404 },
});

/** What WordPress answers an application password it does not know. */
const INCORRECT_PASSWORD = JSON.stringify({
  code: 'incorrect_password',
  message: 'The provided password is an invalid application password.',
  data: { status: 401 },
});

const SIGNED_IN_AUTHORIZATION = `Basic ${Buffer.from(`${SIGNED_IN.user}:${SIGNED_IN.appPassword}`).toString('base64')}`;

export async function startTecSite(options: TecSiteOptions = {}): Promise<TecSite> {
  const recording = loadRecordings(options.dir);
  const hasSignedIn = recording.signedIn.size > 0;
  const requests: SiteRequest[] = [];
  let fault = options.fault;
  let transform = options.transform;
  const host = options.host ?? 'events.example.org';
  let origin = '';

  const handle = async (incoming: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(incoming.url ?? '/', origin);
    const route = url.pathname.startsWith(NAMESPACE_PATH)
      ? url.pathname.slice(NAMESPACE_PATH.length).replace(/\/+$/, '')
      : url.pathname;
    const request: SiteRequest = {
      route,
      query: Object.fromEntries(url.searchParams),
      page: Number(url.searchParams.get('page') ?? 1),
      authorization: incoming.headers.authorization,
      at: Date.now(),
    };
    requests.push(request);
    const faulty = fault?.(request);
    if (faulty) {
      if (faulty.delayMs) await new Promise((done) => setTimeout(done, faulty.delayMs));
      response.writeHead(faulty.status, {
        'content-type': 'application/json; charset=UTF-8',
        ...faulty.headers,
      });
      const body = faulty.body ?? '{}';
      if (faulty.bodyDelayMs) {
        const half = Math.ceil(body.length / 2);
        response.write(body.slice(0, half));
        await new Promise((done) => setTimeout(done, faulty.bodyDelayMs));
        if (!response.destroyed) response.end(body.slice(half));
        return;
      }
      response.end(body);
      return;
    }
    const stripped = new URLSearchParams(url.searchParams);
    for (const name of options.ignoreParams ?? []) stripped.delete(name);
    // A recording with signed-in answers refuses other credentials, as WordPress does, and
    // serves the signed-in answer where it has one.
    const authorization = incoming.headers.authorization;
    if (hasSignedIn && authorization !== undefined && authorization !== SIGNED_IN_AUTHORIZATION) {
      response.writeHead(401, { 'content-type': 'application/json; charset=UTF-8' });
      response.end(INCORRECT_PASSWORD);
      return;
    }
    // The request as made, else without the parameters the recording's requests lack.
    const keys = [keyOf(url.pathname, url.searchParams), keyOf(url.pathname, stripped)];
    const find = (answers: Map<string, Recorded>): Recorded | undefined =>
      keys.map((key) => answers.get(key)).find((answer) => answer !== undefined);
    const recorded =
      options.answer?.(request) ??
      (authorization === undefined ? undefined : find(recording.signedIn)) ??
      find(recording.anonymous);
    if (!recorded) {
      response.writeHead(404, { 'content-type': 'application/json; charset=UTF-8' });
      response.end(NO_ROUTE);
      return;
    }
    const fill = (text: string): string =>
      text.replaceAll('{{origin}}', origin).replaceAll('{{host}}', host);
    const filled = fill(recorded.body);
    const body = transform ? transform(request, filled) : filled;
    response.writeHead(
      recorded.status,
      Object.fromEntries(
        Object.entries(recorded.headers).map(([name, value]) => [name, fill(value)]),
      ),
    );
    response.end(body);
  };

  const server: Server = createServer((incoming, response) => {
    handle(incoming, response).catch(() => {
      response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((ready) => server.listen(options.port ?? 0, '127.0.0.1', ready));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    root: `${origin}/wp-json`,
    origin,
    host,
    requests,
    setFault: (next) => {
      fault = next;
    },
    setTransform: (next) => {
      transform = next;
    },
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
