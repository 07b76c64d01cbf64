import { Module } from '@nestjs/common';
import { LinksPipe } from '../common/links/links.decorator';
import { TermsModule } from '../terms/terms.module';
import { CategoriesController } from './categories.controller';

/** The `/categories` routes over the shared term logic. */
@Module({
  imports: [TermsModule],
  controllers: [CategoriesController],
  providers: [LinksPipe],
})
export class CategoriesModule {}
