import type { Request } from 'express';
import { AppConfig } from '../../config/app-config';
import { requestState } from '../i18n/request-language';

export const NAMESPACE = 'calendar/events/v1';

/** The absolute addresses a response links to, fixed for one request. */
export interface ApiLinks {
  /** `{base}/calendar/events/v1`, no trailing slash. */
  readonly namespace: string;
  /** The public site (`url` of items is `{site}/event/{slug}/`), no trailing slash. */
  readonly site: string;
  /** Host (no port) and path of the site, as `global_id` shows it. */
  readonly globalIdBase: string;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** `{origin}{API_PREFIX}{segment}/calendar/events/v1`, no trailing slash. */
function namespaceUrl(origin: string, config: AppConfig, segment = ''): string {
  return `${trimSlash(origin)}${config.API_PREFIX}${segment}/${NAMESPACE}`;
}

/**
 * The namespace URL when no request names the host (webhook and broker messages):
 * `PUBLIC_URL`, else `http://localhost:{PORT}`.
 */
export function configuredNamespace(config: AppConfig): string {
  return namespaceUrl(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`, config);
}

/**
 * Builds the links of a request: `PUBLIC_URL` (else the request's own scheme and host), the
 * configured prefix, and the language segment if the request used one.
 */
export function linksFor(config: AppConfig, request: Request): ApiLinks {
  const origin = config.PUBLIC_URL ?? `${request.protocol}://${request.get('host')}`;
  const language = requestState(request).pathLanguage;
  const key = `${language ?? ''} ${origin}`;
  let links = madeLinks.get(key);
  if (links === undefined || madeFor !== config) {
    links = makeLinks(config, trimSlash(origin), language ? `/${language}` : '');
    if (madeFor !== config || madeLinks.size >= KEPT_LINKS) madeLinks.clear();
    madeFor = config;
    madeLinks.set(key, links);
  }
  return links;
}

/**
 * The links made per origin and language path, for one configuration: every answer needs
 * them, twice (its cache key, its body), and the origins a service is reached by are few.
 */
const madeLinks = new Map<string, ApiLinks>();
let madeFor: AppConfig | undefined;
/** The most kept in {@link madeLinks} (it starts over when full: a client names any host). */
const KEPT_LINKS = 256;

function makeLinks(config: AppConfig, origin: string, segment: string): ApiLinks {
  const site = trimSlash(config.SITE_URL ?? origin);
  const siteUrl = new URL(site);
  return Object.freeze({
    namespace: namespaceUrl(origin, config, segment),
    site,
    globalIdBase: `${siteUrl.hostname}${trimSlash(siteUrl.pathname)}`,
  });
}
