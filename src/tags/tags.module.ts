import { Module } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { ListQueryReader } from '../common/paging/list-query';
import { LinksPipe } from '../common/links/links.decorator';
import { TermsModule } from '../terms/terms.module';
import { TagsController } from './tags.controller';

/** The `/tags` routes over the shared term logic. */
@Module({
  imports: [TermsModule],
  controllers: [TagsController],
  providers: [LinksPipe, Clock, ListQueryReader],
})
export class TagsModule {}
