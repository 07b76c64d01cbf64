import { Module } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { LinksPipe } from '../common/links/links.decorator';
import { EventsController } from './events.controller';
import { EventsPresenter } from './events.presenter';
import { EventsRepository } from './events.repository';
import { EventsService } from './events.service';
import { EventDatesPipe } from './pipes/event-dates.pipe';

/** The events aggregate. */
@Module({
  controllers: [EventsController],
  providers: [EventsService, EventsRepository, EventsPresenter, EventDatesPipe, Clock, LinksPipe],
  exports: [EventsService],
})
export class EventsModule {}
