import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentViewer } from '../access/current-viewer.decorator';
import { RequiresPermission } from '../access/permission.decorator';
import { OwnUnitsOfWork } from '../database/unit-of-work.interceptor';
import { Viewer } from '../access/viewer';
import { Links } from '../common/links/links.decorator';
import { ApiLinks, NAMESPACE } from '../common/links/links';
import { ApiRead, ApiWrite } from '../common/openapi/route-docs';
import { PageRequest, pageOf, pageRequest, pageTail, PageTail } from '../common/paging/list-query';
import { LIST_SIZES } from '../common/paging/paging';
import { RouteIdPipe } from '../common/validation/route-id.pipe';
import { CreateWebhookDto } from './dto/create-webhook.dto';
import { UpdateWebhookDto } from './dto/update-webhook.dto';
import { WebhookListQueryDto, WebhookQueryDto } from './dto/webhook-query.dto';
import {
  WebhookDeliveryListResponseDto,
  WebhookListResponseDto,
  WebhookResponseDto,
} from './dto/webhook.response.dto';
import { toDeliveryResponse, toWebhookResponse } from './webhooks.mapper';
import { WebhooksService } from './webhooks.service';

/** A list's links: the page asked for, and its neighbours. */
function pageLinks(collection: string, paging: PageRequest, total: number): PageTail {
  return pageTail(collection, pageOf([], total, paging), [['per_page', String(paging.perPage)]]);
}

/**
 * Webhook subscriptions (docs/behaviour.md#webhooks): administrators only. Every change of the
 * five resources is POSTed to the subscriptions whose `event_types` name it, signed.
 */
@ApiTags('webhooks')
@Controller(`${NAMESPACE}/webhooks`)
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  /** The subscriptions, newest first. */
  @Get()
  @ApiRead({
    tokenRequired: true,
    description: 'A page of webhook subscriptions (administrators only).',
    type: WebhookListResponseDto,
    list: true,
    unsynced: true,
    errors: ['forbidden'],
  })
  async list(
    @Query() query: WebhookListQueryDto,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
  ): Promise<WebhookListResponseDto> {
    const paging = pageRequest(query, LIST_SIZES);
    const page = await this.webhooks.list(viewer, paging);
    return {
      ...pageLinks(`${links.namespace}/webhooks/`, paging, page.total),
      webhooks: page.rows.map((webhook) => toWebhookResponse(webhook)),
    };
  }

  /** Subscribe a URL to changes; the answer shows the signing secret, this once. */
  @Post()
  @RequiresPermission('webhook:manage')
  @OwnUnitsOfWork()
  @ApiWrite({
    status: 201,
    description: 'The subscription created, with its signing secret.',
    type: WebhookResponseDto,
    body: CreateWebhookDto,
    bodyExample: { url: 'https://receiver.example/calendar-hook', event_types: ['event.*'] },
    errors: ['missingParams'],
  })
  async create(
    @Query() _query: WebhookQueryDto,
    @Body() body: CreateWebhookDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<WebhookResponseDto> {
    return toWebhookResponse(await this.webhooks.create(viewer, body), true);
  }

  /** Read a subscription (without its secret). */
  @Get(':id')
  @ApiRead({
    tokenRequired: true,
    by: 'id',
    description: 'The subscription.',
    type: WebhookResponseDto,
    errors: ['forbidden', 'webhookNotFound'],
  })
  async get(
    @Param('id', RouteIdPipe) id: number,
    @Query() _query: WebhookQueryDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<WebhookResponseDto> {
    return toWebhookResponse(await this.webhooks.get(viewer, id));
  }

  /**
   * Update a subscription (PUT and PATCH reach this route too): fields left out keep their
   * values; `active: true` resumes one disabled after failures.
   */
  @Post(':id')
  @HttpCode(200)
  @RequiresPermission('webhook:manage')
  @OwnUnitsOfWork()
  @ApiWrite({
    by: 'id',
    status: 200,
    description: 'The subscription updated (with its secret when the update set one).',
    type: WebhookResponseDto,
    body: UpdateWebhookDto,
    bodyExample: { active: true },
    errors: ['webhookNotFound'],
  })
  async update(
    @Param('id', RouteIdPipe) id: number,
    @Query() _query: WebhookQueryDto,
    @Body() body: UpdateWebhookDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<WebhookResponseDto> {
    return toWebhookResponse(
      await this.webhooks.update(viewer, id, body),
      body.secret !== undefined,
    );
  }

  /** Delete a subscription and its delivery log; pending deliveries are dropped. */
  @Delete(':id')
  @RequiresPermission('webhook:manage')
  @ApiWrite({
    by: 'id',
    status: 200,
    description: 'The subscription as it was; it is deleted.',
    type: WebhookResponseDto,
    errors: ['webhookNotFound'],
  })
  async delete(
    @Param('id', RouteIdPipe) id: number,
    @Query() _query: WebhookQueryDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<WebhookResponseDto> {
    return toWebhookResponse(await this.webhooks.delete(viewer, id));
  }

  /** The subscription's delivery log, newest first. */
  @Get(':id/deliveries')
  @ApiRead({
    tokenRequired: true,
    by: 'id',
    description: 'A page of the subscription’s deliveries, newest first.',
    type: WebhookDeliveryListResponseDto,
    list: true,
    unsynced: true,
    errors: ['forbidden', 'webhookNotFound'],
  })
  async deliveries(
    @Param('id', RouteIdPipe) id: number,
    @Query() query: WebhookListQueryDto,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
  ): Promise<WebhookDeliveryListResponseDto> {
    const paging = pageRequest(query, LIST_SIZES);
    const page = await this.webhooks.deliveries(viewer, id, paging);
    return {
      ...pageLinks(`${links.namespace}/webhooks/${id}/deliveries`, paging, page.total),
      deliveries: page.rows.map((delivery) => toDeliveryResponse(delivery, page.epoch)),
    };
  }
}
