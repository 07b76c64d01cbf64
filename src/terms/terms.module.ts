import { Module } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { TermsRepository } from './terms.repository';
import { TermsService } from './terms.service';

/** Categories and tags: the shared term logic. The categories and tags modules add routes. */
@Module({
  providers: [TermsService, TermsRepository, Clock],
  // The events repository moves term counts through the repository in its unit of work.
  exports: [TermsService, TermsRepository],
})
export class TermsModule {}
