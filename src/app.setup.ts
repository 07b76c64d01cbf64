import { RequestMethod } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import type { Request } from 'express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { languagePathMiddleware } from './common/i18n/language-path.middleware';
import { bodyParsers } from './common/http/body-parsing';
import { cacheHeaders } from './common/http/cache-headers';
import { limitRequestTime, trustProxySetting, urlLengthLimit } from './common/http/limits';
import { methodOverrideMiddleware } from './common/http/method-override.middleware';
import { corsOptions, securityHeaders } from './common/http/web-defaults';
import { updateVerbsMiddleware } from './common/http/update-verbs.middleware';
import { linksFor, NAMESPACE } from './common/links/links';
import { AppConfig } from './config/app-config';
import { queryParsedOnce } from './common/http/query-once';
import { readRoutingMiddleware } from './database/read-routing';
import { QueryCancellation } from './database/statement-deadline';
import { ApiDescription } from './discovery/api-description';
import { downloadUrlPlugin, swaggerUiPlugin } from './discovery/swagger-ui-plugin';
import { Metrics } from './observability/metrics';
import { RequestLogging } from './observability/request-logging';

/** The introduction of the OpenAPI document (Markdown, shown by Swagger UI). */
const API_INTRODUCTION = [
  'Events, venues, organizers, categories and tags; wire-compatible with The Events Calendar REST API v1 under the namespace `calendar/events/v1`.',
  '',
  '- **Access**: reads are public; a bearer token (JWT: numeric user id in `sub`, a WordPress role) shows more to editors and authors and is required for writes. Use *Authorize*.',
  '- **Languages** (`ca`, `en`, `es`): `i18n_language`, else a path segment (`/es/calendar/events/v1/...`), else `Accept-Language`, else the default. Text falls back to the item’s original language; `Content-Language` names the request’s.',
  '- **Dates** in parameters and bodies: `YYYY-MM-DD HH:MM:SS`, `YYYY-MM-DD`, ISO 8601 with or without offset, Unix timestamps, or relative forms (`tomorrow 9am`, `next friday 8pm`, `+2 days`), read in the event’s (or site’s) time zone.',
  '- **Lists**: `page` and `per_page` (10 by default, at most 50); totals in `X-TEC-Total` and `X-TEC-TotalPages`.',
  '- **Errors**: `{code, message, data: {status, ...}}` with The Events Calendar’s codes; each response below lists its codes.',
].join('\n');

/** Operational routes: outside the API's prefix, namespace and document. */
const OPERATIONAL_ROUTES = ['health/live', 'health/ready', 'metrics'].map((path) => ({
  path,
  method: RequestMethod.GET,
}));

/**
 * Everything about the app that is not a provider: the request log and metrics, limits, body
 * parsing, path rewriting, caching headers, read routing, the interface description and
 * shutdown. Shared by serve.ts and the e2e tests so both run the same pipeline. The app must be
 * created with `bodyParser: false`.
 */
export function configureApp(app: NestExpressApplication): void {
  const config = app.get(AppConfig);
  const prefix = config.API_PREFIX;
  app.set('query parser', 'extended');
  // Strong tags: a tag names these exact bytes, so `If-Match` may compare them (preconditions.ts).
  app.set('etag', 'strong');
  app.set('trust proxy', trustProxySetting(config.TRUST_PROXY));
  app.disable('x-powered-by');
  // First, so that every request has an id, a log line and its metrics, refused ones included.
  app.use(app.get(RequestLogging).middleware);
  app.use(app.get(Metrics).middleware);
  app.use(urlLengthLimit(config.MAX_URL_BYTES));
  app.use(securityHeaders());
  const cors = corsOptions(config.CORS_ORIGINS);
  if (cors) app.enableCors(cors);
  app.use(languagePathMiddleware(prefix));
  app.use(methodOverrideMiddleware());
  app.use(updateVerbsMiddleware(prefix));
  app.use(readRoutingMiddleware);
  app.use(queryParsedOnce);
  app.use(app.get(QueryCancellation).middleware);
  app.use(cacheHeaders(prefix, config.CACHE_MAX_AGE));
  for (const parser of bodyParsers(config.MAX_BODY_BYTES)) app.use(parser);
  if (prefix) app.setGlobalPrefix(prefix.replace(/^\//, ''), { exclude: OPERATIONAL_ROUTES });
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Calendar Events API')
      .setDescription(API_INTRODUCTION)
      .setVersion('1.0.0')
      .addBearerAuth({
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: [
          'A JWT with the numeric user id in `sub` and a WordPress role in `role`. With `AUTH_JWT_SECRET` set in `.env`, sign one with `npm run token -- --sub 1 --role administrator` and paste it here (without `Bearer `).',
          '',
          'Reads work without one and show no padlock: a token given here is still sent with them and shows an editor or author more (drafts, private items). Operations that need a token show a padlock, open until you authorize.',
        ].join('\n'),
      })
      .build(),
  );
  const description = app.get(ApiDescription);
  description.set(document, prefix);
  // Swagger UI, from the installed swagger-ui-dist (no CDN), with the document whose server is
  // the caller's absolute namespace URL, as /doc gives it.
  SwaggerModule.setup('docs', app, description.forServer(`${prefix}/${NAMESPACE}`), {
    raw: false,
    customSiteTitle: 'Calendar Events API',
    patchDocumentOnRequest: <TRequest>(request: TRequest) =>
      description.forServer(linksFor(config, request as Request).namespace),
    swaggerOptions: {
      displayRequestDuration: true,
      plugins: [downloadUrlPlugin, swaggerUiPlugin],
    },
  });
  limitRequestTime(app.getHttpServer(), config.REQUEST_TIMEOUT_MS);
  app.enableShutdownHooks();
}
