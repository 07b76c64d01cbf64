import { isIP } from 'node:net';
import type { Server } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import proxyAddr from 'proxy-addr';
import { DomainError } from '../errors/domain-error';

/** A request target (path and query) longer than `maxBytes` is 414 in the error shape. */
export function urlLengthLimit(maxBytes: number): RequestHandler {
  return (request: Request, _response: Response, next: NextFunction): void => {
    if (Buffer.byteLength(request.url) > maxBytes) {
      next(new DomainError('uriTooLong', { limit: maxBytes }));
      return;
    }
    next();
  };
}

/**
 * How long a client may take to send a request: its headers and its whole body must arrive
 * within `timeoutMs` (Node answers 408 and closes the connection otherwise). How long the app
 * may take to answer is the timeout interceptor's.
 */
export function limitRequestTime(server: Server, timeoutMs: number): void {
  server.requestTimeout = timeoutMs;
  server.headersTimeout = Math.min(timeoutMs, 60_000);
}

/**
 * Express's `trust proxy` from `TRUST_PROXY`: `false`, `true`, a number of hops, or a list of
 * addresses, subnets and the words `loopback`, `linklocal`, `uniquelocal`.
 */
/** Names Express (proxy-addr) takes in a `trust proxy` list besides addresses and subnets. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Whether `setting` is a `TRUST_PROXY` Express takes: `true`, `false`, a number of hops, or a
 * comma list of `loopback`, `linklocal`, `uniquelocal`, addresses and subnets (`10.0.0.0/8`,
 * `10.0.0.0/255.0.0.0`). Checked at start, so a bad entry is one line, not a crash in Express.
 */
export function isTrustProxySetting(setting: string): boolean {
  const value = setting.trim();
  if (value === 'true' || value === 'false' || /^\d+$/.test(value)) return true;
  return value.split(',').every((raw) => {
    const part = raw.trim();
    if (PROXY_NAMES.has(part)) return true;
    const [address = '', range, ...rest] = part.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    if (range === undefined) return true;
    if (/^\d+$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
    return family === 4 && isIP(range) === 4;
  });
}

/** Whether a proxy at `address` (the `hop`th from the service) may name the one before it. */
export type TrustProxy = (address: string | undefined, hop: number) => boolean;

/** The most addresses a {@link trustProxySetting} list remembers (it starts over when full). */
const KEPT_ADDRESSES = 1_024;

/**
 * Express's `trust proxy` from a checked `TRUST_PROXY` (see {@link isTrustProxySetting}):
 * `true`, `false` or a number of hops as they are; a list as a function that remembers its
 * answer per address. Express asks it at every `req.protocol` and `req.ip`, and the list's
 * own check parses the address each time (5% of the service's time in the read-only users'
 * workload, the links of every answer reading `req.protocol`); the peers are few.
 */
export function trustProxySetting(setting: string): boolean | number | TrustProxy {
  const value = setting.trim();
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  const trusts = proxyAddr.compile(value.split(',').map((part) => part.trim()));
  const known = new Map<string, boolean>();
  // A list's answer does not depend on the hop (proxy-addr's own check ignores it).
  return (address, hop) => {
    if (address === undefined) return false;
    let trusted = known.get(address);
    if (trusted === undefined) {
      trusted = trusts(address, hop);
      if (known.size >= KEPT_ADDRESSES) known.clear();
      known.set(address, trusted);
    }
    return trusted;
  };
}
