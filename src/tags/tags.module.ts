import { Module } from '@nestjs/common';
import { LinksPipe } from '../common/links/links.decorator';
import { TermsModule } from '../terms/terms.module';
import { TagsController } from './tags.controller';

/** The `/tags` routes over the shared term logic. */
@Module({
  imports: [TermsModule],
  controllers: [TagsController],
  providers: [LinksPipe],
})
export class TagsModule {}
