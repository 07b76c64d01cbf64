import { Module } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { ListQueryReader } from '../common/paging/list-query';
import { LinksPipe } from '../common/links/links.decorator';
import { TermsModule } from '../terms/terms.module';
import { CategoriesController } from './categories.controller';

/** The `/categories` routes over the shared term logic. */
@Module({
  imports: [TermsModule],
  controllers: [CategoriesController],
  providers: [LinksPipe, Clock, ListQueryReader],
})
export class CategoriesModule {}
