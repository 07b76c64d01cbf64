import { Module } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { UnitOfWorkModule } from '../database/unit-of-work.module';
import { ObservabilityModule } from '../observability/observability.module';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { ReceiverAddressPolicy } from './receiver-address';
import { WebhooksService } from './webhooks.service';

/** Webhook subscriptions, their delivery logs, and the dispatcher that sends them. */
@Module({
  imports: [UnitOfWorkModule, ObservabilityModule],
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhooksRepository, WebhookDispatcher, ReceiverAddressPolicy, Clock],
})
export class WebhooksModule {}
