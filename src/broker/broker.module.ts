import { Module } from '@nestjs/common';
import { UnitOfWorkModule } from '../database/unit-of-work.module';
import { BrokerRelay } from './broker-relay';

/** Publishing the change log to a message broker (`EVENTS_BROKER_URL`). */
@Module({
  imports: [UnitOfWorkModule],
  providers: [BrokerRelay],
})
export class BrokerModule {}
