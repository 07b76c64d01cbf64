import { Global, Module } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { UnitOfWorkModule } from '../database/unit-of-work.module';
import { ChangeLog } from './change-log';

/** The change log, which every resource writes to and sync, webhooks and brokers read. */
@Global()
@Module({
  imports: [UnitOfWorkModule],
  providers: [ChangeLog, Clock],
  exports: [ChangeLog],
})
export class ChangesModule {}
