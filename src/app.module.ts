import { Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { AccessModule } from './access/access.module';
import { CategoriesModule } from './categories/categories.module';
import { ChangesModule } from './changes/changes.module';
import { SyncTokenInterceptor } from './changes/sync-token.interceptor';
import { ApiExceptionFilter } from './common/errors/api-exception.filter';
import { LanguageInterceptor } from './common/i18n/language.interceptor';
import { ListHeadersInterceptor } from './common/paging/list-headers.interceptor';
import { TimeoutInterceptor } from './common/http/timeout.interceptor';
import { InputValidationPipe } from './common/validation/input-validation.pipe';
import { ConfigModule } from './config/config.module';
import { ReadCacheModule } from './read-cache/read-cache.module';
import { ReadCacheInterceptor } from './read-cache/read-cache.interceptor';
import { DatabaseModule } from './database/database.module';
import { UnitOfWorkInterceptor } from './database/unit-of-work.interceptor';
import { DiscoveryModule } from './discovery/discovery.module';
import { EventsModule } from './events/events.module';
import { HealthModule } from './health/health.module';
import { ObservabilityModule } from './observability/observability.module';
import { OrganizersModule } from './organizers/organizers.module';
import { TagsModule } from './tags/tags.module';
import { VenuesModule } from './venues/venues.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { BrokerModule } from './broker/broker.module';

/**
 * Configuration, logs and metrics, database, health, access, the request pipeline, and one
 * module per aggregate.
 */
@Module({
  imports: [
    ConfigModule,
    ObservabilityModule,
    DatabaseModule,
    ChangesModule,
    ReadCacheModule,
    HealthModule,
    AccessModule,
    DiscoveryModule,
    EventsModule,
    CategoriesModule,
    TagsModule,
    VenuesModule,
    OrganizersModule,
    WebhooksModule,
    BrokerModule,
  ],
  providers: [
    { provide: APP_PIPE, useClass: InputValidationPipe },
    { provide: APP_FILTER, useClass: ApiExceptionFilter },
    { provide: APP_INTERCEPTOR, useClass: LanguageInterceptor },
    // Next: a cache hit skips the other interceptors, the pipes and the route.
    { provide: APP_INTERCEPTOR, useClass: ReadCacheInterceptor },
    // Inside the cache, so a kept list keeps the sync token of its own reading.
    { provide: APP_INTERCEPTOR, useClass: SyncTokenInterceptor },
    { provide: APP_INTERCEPTOR, useClass: ListHeadersInterceptor },
    { provide: APP_INTERCEPTOR, useClass: TimeoutInterceptor },
    // Innermost: a write request's pipes and handler run as one unit of work.
    { provide: APP_INTERCEPTOR, useClass: UnitOfWorkInterceptor },
  ],
})
export class AppModule {}
