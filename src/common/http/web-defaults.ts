import type { CorsOptions } from '@nestjs/common/interfaces/external/cors-options.interface';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Response headers a browser client may read: paging totals, the sync token, links, the entity
 * tag, the request id and when to retry after a 429.
 */
export const EXPOSED_HEADERS = [
  'X-TEC-Total',
  'X-TEC-TotalPages',
  'X-Sync-Token',
  'Link',
  'ETag',
  'X-Request-Id',
  'Retry-After',
];

const ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'Accept',
  'Accept-Language',
  'X-HTTP-Method-Override',
  'X-Request-Id',
  'If-None-Match',
  'If-Match',
];

/** The origins of `CORS_ORIGINS` (comma-separated), or none. */
export function corsOrigins(setting: string | undefined): string[] {
  return (setting ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin !== '');
}

/**
 * Cross-origin access for the origins of `CORS_ORIGINS`: `*` lets every origin read without
 * credentials; a list of origins lets those read with credentials. Unset: no CORS headers, so
 * browsers on other origins cannot read answers.
 */
export function corsOptions(setting: string | undefined): CorsOptions | null {
  const origins = corsOrigins(setting);
  if (origins.length === 0) return null;
  const anyOrigin = origins.includes('*');
  return {
    origin: anyOrigin ? '*' : origins,
    credentials: !anyOrigin,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  };
}

/**
 * Security headers (helmet). The content policy lets Swagger UI at `/docs` load its own
 * scripts and styles from this service only; JSON answers need nothing more. No
 * `upgrade-insecure-requests`: the service is often reached over plain HTTP inside a network.
 */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    frameguard: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
}
