import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { OrganizersModule } from '../organizers/organizers.module';
import { TermsModule } from '../terms/terms.module';
import { VenuesModule } from '../venues/venues.module';
import { ImportProgress } from './import-progress';
import { ImportPruner } from './import-pruner';
import { ImportedEventPages } from './imported-events';
import { ImportedPostWriter } from './imported-post-writer';
import { TecImporter } from './tec-importer';

/**
 * Importing a The Events Calendar site (`npm run import:tec`): the importer writes through the
 * resources' services, so it is not part of the service's routes.
 */
@Module({
  imports: [EventsModule, VenuesModule, OrganizersModule, TermsModule],
  providers: [TecImporter, ImportProgress, ImportPruner, ImportedPostWriter, ImportedEventPages],
  exports: [TecImporter],
})
export class ImportModule {}
