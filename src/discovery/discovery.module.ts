import { Module } from '@nestjs/common';
import { ApiDescription } from './api-description';
import { ApiRootController } from './api-root.controller';
import { DiscoveryController } from './discovery.controller';

/**
 * The namespace index and `/doc`, both read from the one generated OpenAPI document, and the API
 * root's index that links to them.
 */
@Module({
  controllers: [DiscoveryController, ApiRootController],
  providers: [ApiDescription],
  exports: [ApiDescription],
})
export class DiscoveryModule {}
