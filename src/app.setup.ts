import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { languagePathMiddleware } from './common/i18n/language-path.middleware';
import { bodyParsers } from './common/http/body-parsing';
import { methodOverrideMiddleware } from './common/http/method-override.middleware';
import { corsOptions, securityHeaders } from './common/http/web-defaults';
import { updateVerbsMiddleware } from './common/http/update-verbs.middleware';
import { NAMESPACE } from './common/links/links';
import { AppConfig } from './config/app-config';
import { ApiDescription } from './discovery/api-description';

/**
 * Everything about the app that is not a provider: body parsing, path rewriting, the interface
 * description and shutdown. Shared by main.ts and the e2e tests so both run the same pipeline.
 * The app must be created with `bodyParser: false`.
 */
export function configureApp(app: NestExpressApplication): void {
  const config = app.get(AppConfig);
  const prefix = config.API_PREFIX;
  app.set('query parser', 'extended');
  app.set('trust proxy', false);
  app.disable('x-powered-by');
  app.use(securityHeaders());
  const cors = corsOptions(config.CORS_ORIGINS);
  if (cors) app.enableCors(cors);
  app.use(languagePathMiddleware(prefix));
  app.use(methodOverrideMiddleware());
  app.use(updateVerbsMiddleware(prefix));
  for (const parser of bodyParsers()) app.use(parser);
  if (prefix) app.setGlobalPrefix(prefix.replace(/^\//, ''));
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Calendar Events API')
      .setDescription(
        'Events, venues, organizers, categories and tags; wire-compatible with The Events Calendar REST API v1.',
      )
      .setVersion('1.0.0')
      .addBearerAuth({
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'A JWT with the numeric user id in `sub` and a role claim (see the README).',
      })
      .build(),
  );
  const description = app.get(ApiDescription);
  description.set(document, prefix);
  SwaggerModule.setup('docs', app, description.forServer(`${prefix}/${NAMESPACE}`), {
    raw: false,
    customSiteTitle: 'Calendar Events API',
  });
  app.enableShutdownHooks();
}
