import { Module } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { LinksPipe } from '../common/links/links.decorator';
import { ListQueryReader } from '../common/paging/list-query';
import { EventsController } from './events.controller';
import { EventsFeedController } from './events-feed.controller';
import { EventsPresenter } from './events.presenter';
import { EventsRepository } from './events.repository';
import { EventListRepository } from './listing/event-list.repository';
import { EventsService } from './events.service';
import { EventReader } from './event-reader';
import { SearchEngine } from './search/engine/search-engine';
import { SearchLane } from './search/search-lane';
import { EventListService } from './listing/event-list.service';
import { EventRenderings } from './listing/event-renderings';
import { GoLives } from './listing/go-lives';
import { EventSeriesService } from './recurrence/event-series.service';
import { EventListQueries } from './listing/event-list-query';
import { EventLinksService } from './links/event-links.service';
import { SeriesHorizon } from './recurrence/series-horizon';
import { OrganizersModule } from '../organizers/organizers.module';
import { TermsModule } from '../terms/terms.module';
import { VenuesModule } from '../venues/venues.module';

/** The events aggregate and its links to venues, organizers, categories and tags. */
@Module({
  imports: [VenuesModule, OrganizersModule, TermsModule],
  // The feed routes first: `/events/{id}.ics` must not reach the `/events/{id}` route.
  controllers: [EventsFeedController, EventsController],
  providers: [
    EventsService,
    EventReader,
    EventListService,
    SearchLane,
    SearchEngine,
    EventRenderings,
    GoLives,
    EventSeriesService,
    EventsRepository,
    EventListRepository,
    EventLinksService,
    EventsPresenter,
    SeriesHorizon,
    EventListQueries,
    ListQueryReader,
    Clock,
    LinksPipe,
  ],
  exports: [EventsService],
})
export class EventsModule {}
