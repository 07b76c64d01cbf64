import { Module } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { LinksPipe } from '../common/links/links.decorator';
import { TermsModule } from '../terms/terms.module';
import { TagsController } from './tags.controller';

/** The `/tags` routes over the shared term logic. */
@Module({
  imports: [TermsModule],
  controllers: [TagsController],
  providers: [LinksPipe, Clock],
})
export class TagsModule {}
