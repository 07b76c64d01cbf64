import { Global, Module } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { UnitOfWorkModule } from '../database/unit-of-work.module';
import { ChangeFeed } from './change-feed';
import { ChangeLog } from './change-log';
import { ChangeRetention } from './change-retention';

/**
 * The change log, which every resource writes to and sync, webhooks and brokers read; its
 * readers' cursors, and its pruning.
 */
@Global()
@Module({
  imports: [UnitOfWorkModule],
  providers: [ChangeLog, ChangeFeed, ChangeRetention, Clock],
  exports: [ChangeLog, ChangeFeed, ChangeRetention],
})
export class ChangesModule {}
