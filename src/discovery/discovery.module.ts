import { Module } from '@nestjs/common';
import { ApiDescription } from './api-description';
import { DiscoveryController } from './discovery.controller';

/** The namespace index and `/doc`, both read from the one generated OpenAPI document. */
@Module({
  controllers: [DiscoveryController],
  providers: [ApiDescription],
  exports: [ApiDescription],
})
export class DiscoveryModule {}
