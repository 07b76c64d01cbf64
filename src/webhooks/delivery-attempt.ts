import { AttemptOutcome } from './webhooks.repository';

/** How one POST to a receiver ended. */
export interface AttemptResult extends AttemptOutcome {
  readonly delivered: boolean;
}

/** The `name` and `cause` of a thrown value (checked by shape: fetch's errors may come from another realm). */
function describe(error: unknown): { name: string; code: string } {
  const record =
    typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const cause = record['cause'];
  const code =
    typeof cause === 'object' && cause !== null ? (cause as Record<string, unknown>)['code'] : '';
  const name = record['name'];
  return { name: typeof name === 'string' ? name : '', code: typeof code === 'string' ? code : '' };
}

/** A few words on why a request got no answer (never the receiver's body). */
function networkError(error: unknown): string {
  const { name, code } = describe(error);
  if (name === 'TimeoutError' || name === 'AbortError') return 'timeout';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connection reset';
  return code ? `network error (${code})` : 'network error';
}

/**
 * POSTs `body` to `url` with `headers`, following no redirect; a 2xx answer delivers it.
 * `signal` ends the attempt (the delivery timeout, or the dispatcher stopping).
 */
export async function attempt(
  url: string,
  body: string,
  headers: Readonly<Record<string, string>>,
  signal: AbortSignal,
): Promise<AttemptResult> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      body,
      headers,
      redirect: 'manual',
      signal,
    });
    await response.body?.cancel().catch(() => undefined);
    const delivered = response.status >= 200 && response.status < 300;
    return {
      delivered,
      statusCode: response.status,
      error: delivered ? null : `HTTP ${response.status}`,
    };
  } catch (error) {
    return { delivered: false, statusCode: null, error: networkError(error) };
  }
}
