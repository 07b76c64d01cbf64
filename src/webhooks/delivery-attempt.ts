import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { AttemptOutcome } from './webhooks.repository';

/** How one POST to a receiver ended. */
export interface AttemptResult extends AttemptOutcome {
  readonly delivered: boolean;
}

/** The `name` and `code` of a thrown value, the code read on it or on its `cause`. */
function describe(error: unknown): { name: string; code: string } {
  const record =
    typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const cause = record['cause'];
  const own = record['code'];
  const inner =
    typeof cause === 'object' && cause !== null ? (cause as Record<string, unknown>)['code'] : '';
  const code = typeof own === 'string' ? own : inner;
  const name = record['name'];
  return { name: typeof name === 'string' ? name : '', code: typeof code === 'string' ? code : '' };
}

/** A few words on why a request got no answer (never the receiver's body). */
function networkError(error: unknown): string {
  const { name, code } = describe(error);
  if (name === 'TimeoutError' || name === 'AbortError' || code === 'ABORT_ERR') return 'timeout';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connection reset';
  if (code === 'ERR_ADDRESS_NOT_ALLOWED' && error instanceof Error) return error.message;
  return code ? `network error (${code})` : 'network error';
}

/**
 * POSTs `body` to `url` with `headers`, following no redirect; a 2xx answer delivers it.
 * `signal` ends the attempt (the delivery timeout, or the dispatcher stopping). `lookup` resolves
 * the receiver's name for the connection itself, so the address connected to is the one checked
 * (receiver-address.ts), not one a second lookup might give.
 */
export function attempt(
  url: string,
  body: string,
  headers: Readonly<Record<string, string>>,
  signal: AbortSignal,
  lookup?: LookupFunction,
): Promise<AttemptResult> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const answered = (response: IncomingMessage): void => {
      // The receiver's body is never read: its status says all.
      response.resume();
      const status = response.statusCode ?? 0;
      const delivered = status >= 200 && status < 300;
      resolve({ delivered, statusCode: status, error: delivered ? null : `HTTP ${status}` });
    };
    const outgoing = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        signal,
        ...(lookup ? { lookup } : {}),
      },
      answered,
    );
    outgoing.on('error', (error) =>
      resolve({ delivered: false, statusCode: null, error: networkError(error) }),
    );
    outgoing.end(body);
  });
}
