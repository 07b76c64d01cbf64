import { Module } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { ListQueryReader } from '../common/paging/list-query';
import { LinksPipe } from '../common/links/links.decorator';
import { OrganizersController } from './organizers.controller';
import { OrganizersPresenter } from './organizers.presenter';
import { OrganizersRepository } from './organizers.repository';
import { OrganizersService } from './organizers.service';

/** The organizers aggregate. */
@Module({
  controllers: [OrganizersController],
  providers: [
    OrganizersService,
    OrganizersRepository,
    OrganizersPresenter,
    Clock,
    LinksPipe,
    ListQueryReader,
  ],
  exports: [OrganizersService],
})
export class OrganizersModule {}
