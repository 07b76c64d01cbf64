import { Module } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { ListQueryReader } from '../common/paging/list-query';
import { LinksPipe } from '../common/links/links.decorator';
import { VenuesController } from './venues.controller';
import { VenuesPresenter } from './venues.presenter';
import { VenuesRepository } from './venues.repository';
import { VenuesService } from './venues.service';

/** The venues aggregate. */
@Module({
  controllers: [VenuesController],
  providers: [VenuesService, VenuesRepository, VenuesPresenter, Clock, LinksPipe, ListQueryReader],
  exports: [VenuesService],
})
export class VenuesModule {}
