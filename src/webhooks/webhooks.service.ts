import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { requireRight } from '../access/rights';
import { Viewer } from '../access/viewer';
import { ChangeLog } from '../changes/change-log';
import { Clock } from '../common/clock/clock';
import { PageRequest } from '../common/paging/list-query';
import { WebhookDeliveryEntity } from './entities/webhook-delivery.entity';
import { WebhookEntity } from './entities/webhook.entity';
import { WebhookFieldsDto } from './dto/webhook-fields.dto';
import { WebhookNotFoundError } from './webhooks.errors';
import { ReceiverAddressPolicy } from './receiver-address';
import { InvalidParamsError } from '../common/errors/domain-error';
import { RowPage, WebhooksRepository } from './webhooks.repository';
import { UnitOfWork } from '../database/unit-of-work';

/** A new signing secret: `whsec_` and the base64 of 32 random bytes (Standard Webhooks). */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** Only administrators manage webhooks: they see every change of every item. */
function requireAdministrator(viewer: Viewer): void {
  requireRight(viewer, viewer.role === 'administrator');
}

/** Webhook subscriptions and their delivery logs (docs/behaviour.md#webhooks). */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly changes: ChangeLog,
    private readonly clock: Clock,
    private readonly receivers: ReceiverAddressPolicy,
    private readonly unit: UnitOfWork,
  ) {}

  /**
   * Refuses a receiver URL that reaches this host or a private network (unless
   * `WEBHOOK_ALLOWED_NETWORKS` allows it). A host that does not resolve yet is taken: its
   * deliveries fail as `host not found` until it does, and are checked again each time.
   */
  private async requireOutward(url: string | undefined): Promise<void> {
    if (url === undefined) return;
    const refusal = await this.receivers.refusal(url);
    if (refusal?.kind !== 'inward') return;
    throw new InvalidParamsError([
      {
        param: 'url',
        message: 'param.invalid',
        reason: 'reason.webhook-url-inward',
        reasonArgs: { address: refusal.address },
      },
    ]);
  }

  async list(viewer: Viewer, paging: PageRequest): Promise<RowPage<WebhookEntity>> {
    requireAdministrator(viewer);
    return this.repository.page(paging.page, paging.perPage);
  }

  async get(viewer: Viewer, id: number): Promise<WebhookEntity> {
    requireAdministrator(viewer);
    const webhook = await this.repository.find(id);
    if (!webhook) throw new WebhookNotFoundError();
    return webhook;
  }

  /**
   * Creates a subscription (`url` and `event_types` are checked present by the DTO). The URL is
   * checked before the unit of work that writes it: its name lookup holds no transaction.
   */
  async create(viewer: Viewer, fields: WebhookFieldsDto): Promise<WebhookEntity> {
    requireAdministrator(viewer);
    await this.requireOutward(fields.url);
    const now = this.clock.now().toJSDate();
    return this.unit.run(() =>
      this.repository.create({
        url: fields.url ?? '',
        eventTypes: [...new Set(fields.event_types ?? [])].join(','),
        secret: fields.secret ?? newSecret(),
        description: fields.description ?? '',
        active: fields.active ?? true,
        disabledReason: null,
        failingSinceUtc: null,
        createdUtc: now,
        modifiedUtc: now,
      }),
    );
  }

  /**
   * Changes the fields given; making it active clears a disabling and its failures. A new URL is
   * checked before the unit of work, as at create.
   */
  async update(viewer: Viewer, id: number, fields: WebhookFieldsDto): Promise<WebhookEntity> {
    requireAdministrator(viewer);
    await this.requireOutward(fields.url);
    return this.unit.run(() => this.updateNow(viewer, id, fields));
  }

  private async updateNow(
    viewer: Viewer,
    id: number,
    fields: WebhookFieldsDto,
  ): Promise<WebhookEntity> {
    const webhook = await this.get(viewer, id);
    if (fields.url !== undefined) webhook.url = fields.url;
    if (fields.event_types !== undefined) {
      webhook.eventTypes = [...new Set(fields.event_types)].join(',');
    }
    if (fields.secret !== undefined) webhook.secret = fields.secret;
    if (fields.description !== undefined) webhook.description = fields.description;
    if (fields.active !== undefined) {
      if (fields.active && !webhook.active) webhook.failingSinceUtc = null;
      webhook.active = fields.active;
      webhook.disabledReason = null;
    }
    webhook.modifiedUtc = this.clock.now().toJSDate();
    return this.repository.save(webhook);
  }

  /** Deletes the subscription and its delivery log; answers it as it was. */
  async delete(viewer: Viewer, id: number): Promise<WebhookEntity> {
    const webhook = await this.get(viewer, id);
    await this.repository.delete(id);
    return webhook;
  }

  /** A page of the subscription's delivery log, and the change log's epoch for message ids. */
  async deliveries(
    viewer: Viewer,
    id: number,
    paging: PageRequest,
  ): Promise<RowPage<WebhookDeliveryEntity> & { readonly epoch: string }> {
    await this.get(viewer, id);
    const [page, head] = await Promise.all([
      this.repository.deliveriesOf(id, paging.page, paging.perPage),
      this.changes.head(),
    ]);
    return { ...page, epoch: head.epoch };
  }
}
