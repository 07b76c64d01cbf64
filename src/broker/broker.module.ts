import { Module } from '@nestjs/common';
import { UnitOfWorkModule } from '../database/unit-of-work.module';
import { ObservabilityModule } from '../observability/observability.module';
import { BrokerRelay } from './broker-relay';

/** Publishing the change log to a message broker (`EVENTS_BROKER_URL`). */
@Module({
  imports: [UnitOfWorkModule, ObservabilityModule],
  providers: [BrokerRelay],
})
export class BrokerModule {}
