import type { Request } from 'express';
import { asRecord } from '../validation/convert';
import { Language } from './language';
import { resolveLanguage } from './resolve-language';

/** What the service keeps on a request it is handling. */
export interface RequestState {
  /** The language segment the path carried (`/es/calendar/...`), removed before routing. */
  pathLanguage?: Language;
  /** The language resolved for the request. */
  language?: Language;
  /**
   * Set by the access guard: whether the request's viewer reads what a caller without a token
   * reads (no token, or a token whose role may not write), so its reads may share kept answers.
   */
  sharedReader?: boolean;
}

const states = new WeakMap<Request, RequestState>();

/** The state kept for `request`, created on first use. */
export function requestState(request: Request): RequestState {
  let state = states.get(request);
  if (!state) {
    state = {};
    states.set(request, state);
  }
  return state;
}

/** Resolves the language of `request` from its query, body, path and headers. */
export function resolveRequestLanguage(request: Request, fallback: Language): Language {
  const fromQuery = asRecord(request.query)['i18n_language'];
  return resolveLanguage(
    {
      parameter: fromQuery !== undefined ? fromQuery : asRecord(request.body)['i18n_language'],
      pathSegment: requestState(request).pathLanguage,
      acceptLanguage: request.headers['accept-language'],
    },
    fallback,
  );
}
