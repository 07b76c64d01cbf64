import { Module } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { TermLinks } from './term-links';
import { TermsRepository } from './terms.repository';
import { TermsService } from './terms.service';

/** Categories and tags: the shared term logic. The categories and tags modules add routes. */
@Module({
  providers: [TermsService, TermsRepository, TermLinks, Clock],
  // Other modules reach terms through the service, and the events side through TermLinks
  // (and term-catalog.ts inside its own unit of work); the repository stays inside.
  exports: [TermsService, TermLinks],
})
export class TermsModule {}
