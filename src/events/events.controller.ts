import { requireSyncAlone } from '../changes/sync';
import { CreateSlugRule } from '../posts/slug-rule.decorator';
import { SlugRule } from '../posts/unique-slug';
import { ApiRead, ApiWrite } from '../common/openapi/route-docs';
import { ErrorKind } from '../common/errors/error-kinds';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { InvalidParamsError } from '../common/errors/domain-error';
import { asCalendar } from './feed/ical';
import { checkIfMatch, entityTag, IfMatch } from '../common/http/preconditions';
import { ApiTags } from '@nestjs/swagger';
import { CurrentViewer } from '../access/current-viewer.decorator';
import { RequiresPermission } from '../access/permission.decorator';
import { Viewer } from '../access/viewer';
import { Lang } from '../common/i18n/lang.decorator';
import { Language } from '../common/i18n/language';
import { cacheHints } from '../read-cache/cache-hints';
import { Links } from '../common/links/links.decorator';
import { ApiLinks, NAMESPACE } from '../common/links/links';
import { RouteIdPipe } from '../common/validation/route-id.pipe';
import { CreateEventDto } from './dto/create-event.dto';
import { EventListResponseDto, EventResponseDto } from './dto/event.response.dto';
import { EventQueryDto, EventUpdateQueryDto } from './dto/event-query.dto';
import { ListEventsQueryDto } from './dto/list-events.query.dto';
import { UpdateEventDto } from './dto/update-event.dto';
import { EventsPresenter } from './events.presenter';
import { EventsService } from './events.service';
import { EventReader } from './event-reader';
import { EventListService } from './listing/event-list.service';
import { EventListBody, EventView } from './events.mapper';
import { EventListQueries } from './listing/event-list-query';

/** What a read of one event may be refused for besides a bad id or slug. */
const READ_EVENT_ERRORS: readonly ErrorKind[] = [
  'eventNotAccessible',
  'eventPasswordProtected',
  'eventTrashed',
];

/** The events routes (docs/behaviour.md#ids-and-routes): list, create, and read/update/delete by id or slug. */
@ApiTags('events')
@Controller(`${NAMESPACE}/events`)
export class EventsController {
  constructor(
    private readonly events: EventsService,
    private readonly lists: EventListService,
    private readonly queries: EventListQueries,
    private readonly reader: EventReader,
    private readonly presenter: EventsPresenter,
  ) {}

  /** List events: upcoming by default, ordered by start then id. */
  @Get()
  @ApiRead({
    description: 'A page of events, by start then id.',
    type: EventListResponseDto,
    list: true,
    calendar: true,
    errors: ['eventPageNotFound'],
  })
  async list(
    @Query() dto: ListEventsQueryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<EventListBody | string> {
    // `Accept: text/calendar` (preferred to JSON) gets the same page as iCalendar.
    response.vary('Accept');
    const calendar = request.accepts(['application/json', 'text/calendar']) === 'text/calendar';
    const query = this.queries.of(dto);
    if (dto.sync_token !== undefined) {
      if (calendar) throw InvalidParamsError.of('sync_token');
      requireSyncAlone(dto);
      const { perPage } = query.paging;
      const changes = await this.lists.sync(
        dto.sync_token,
        perPage,
        language,
        viewer,
        dto.password,
      );
      return this.presenter.sync(changes, perPage, language, links);
    }
    const page = await this.lists.list(query, language, links, viewer);
    if (calendar) {
      asCalendar(response, page);
      return this.presenter.pageCalendar(page);
    }
    const state = cacheHints(request);
    if (page.stableUntil !== undefined) state.keepUntil = page.stableUntil;
    if (page.dependsOn) state.dependsOn = page.dependsOn;
    if (page.live) {
      state.live = {
        ...page.live,
        page: page.page,
        perPage: page.perPage,
        nextUrl: this.presenter.nextUrl(page, query, links),
      };
    }
    return this.presenter.page(page, query, links);
  }

  /** Create an event. */
  @Post()
  @RequiresPermission('event:create')
  @ApiWrite({
    status: 201,
    bodyExample: {
      title: 'Jazz on the roof',
      start_date: '2027-03-05 20:00',
      end_date: '2027-03-05 23:00',
      timezone: 'Europe/Madrid',
      cost: '15',
      description: '<p>A quartet from Lisbon.</p>',
      categories: ['Music'],
      tags: ['jazz'],
      venue: { venue: 'Terrat del Raval', city: 'Barcelona', country: 'Spain' },
      organizer: [{ organizer: 'Raval Jazz Club', email: 'hello@example.com' }],
    },
    ifNoneMatch: true,
    description: 'The event created.',
    type: EventResponseDto,
    body: CreateEventDto,
    errors: ['missingParams'],
  })
  async create(
    @Query() _query: EventQueryDto,
    @Body() body: CreateEventDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @CreateSlugRule() slugRule: SlugRule,
  ): Promise<EventResponseDto> {
    return this.presenter.one(
      await this.events.create(body, language, viewer, slugRule),
      language,
      links,
    );
  }

  /** Read an event by slug. */
  @Get('by-slug/:slug')
  @ApiRead({
    by: 'slug',
    description: 'The event, with `json_ld`.',
    type: EventResponseDto,
    errors: READ_EVENT_ERRORS,
  })
  async getBySlug(
    @Param('slug') slug: string,
    @Query() query: EventQueryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @Req() request: Request,
  ): Promise<EventResponseDto> {
    const view = await this.reader.getBySlug(slug, viewer, language, query.password);
    Object.assign(cacheHints(request), this.lists.singleReadHints(view, viewer));
    return this.presenter.one(view, language, links, true);
  }

  /** Update an event by slug (PUT and PATCH reach this route too). */
  @Post('by-slug/:slug')
  @HttpCode(200)
  @RequiresPermission('event:edit')
  @ApiWrite({
    by: 'slug',
    ifMatch: true,
    status: 200,
    description: 'The event updated.',
    type: EventResponseDto,
    body: UpdateEventDto,
    bodyExample: { title: 'Jazz on the roof, second night', cost: '18' },
  })
  async updateBySlug(
    @Param('slug') slug: string,
    @Query() query: EventUpdateQueryDto,
    @Body() body: UpdateEventDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @IfMatch() ifMatch: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<EventResponseDto> {
    await checkIfMatch(ifMatch, async () =>
      this.asRead(await this.reader.getBySlug(slug, viewer, language, undefined), language, links),
    );
    const event = await this.events.updateBySlug(slug, body, language, viewer, query.scope);
    response.setHeader('ETag', entityTag(this.asRead(event, language, links)));
    return this.presenter.one(event, language, links);
  }

  /** Move an event to the trash, by slug. */
  @Delete('by-slug/:slug')
  @RequiresPermission('event:delete')
  @ApiWrite({
    by: 'slug',
    ifMatch: true,
    status: 200,
    description: 'The event, now in the trash.',
    type: EventResponseDto,
    errors: ['eventAlreadyTrashed'],
  })
  async deleteBySlug(
    @Param('slug') slug: string,
    @Query() _query: EventQueryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<EventResponseDto> {
    await checkIfMatch(ifMatch, async () =>
      this.asRead(await this.reader.getBySlug(slug, viewer, language, undefined), language, links),
    );
    const event = await this.events.trashBySlug(slug, language, viewer);
    return this.presenter.one(event, language, links);
  }

  /** Read an event. */
  @Get(':id')
  @ApiRead({
    by: 'id',
    description: 'The event, with `json_ld`.',
    type: EventResponseDto,
    errors: ['eventMoved', 'notAnEvent', 'eventNotFound', ...READ_EVENT_ERRORS],
  })
  async get(
    @Param('id', RouteIdPipe) id: number,
    @Query() query: EventQueryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @Req() request: Request,
  ): Promise<EventResponseDto> {
    const view = await this.reader.readById(id, viewer, language, query.password);
    Object.assign(cacheHints(request), this.lists.singleReadHints(view, viewer));
    return this.presenter.one(view, language, links, true);
  }

  /** Update an event (PUT and PATCH reach this route too). Fields left out keep their values. */
  @Post(':id')
  @HttpCode(200)
  @RequiresPermission('event:edit')
  @ApiWrite({
    by: 'id',
    ifMatch: true,
    status: 200,
    description: 'The event updated.',
    type: EventResponseDto,
    body: UpdateEventDto,
    bodyExample: { title: 'Jazz on the roof, second night', cost: '18' },
    errors: ['notAnEvent', 'eventNotFound'],
  })
  async update(
    @Param('id', RouteIdPipe) id: number,
    @Query() query: EventUpdateQueryDto,
    @Body() body: UpdateEventDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @IfMatch() ifMatch: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<EventResponseDto> {
    await checkIfMatch(ifMatch, async () =>
      this.asRead(await this.reader.getById(id, viewer, language, undefined), language, links),
    );
    const event = await this.events.updateById(id, body, language, viewer, query.scope);
    response.setHeader('ETag', entityTag(this.asRead(event, language, links)));
    return this.presenter.one(event, language, links);
  }

  /** Move an event to the trash; a second delete is 410. */
  @Delete(':id')
  @RequiresPermission('event:delete')
  @ApiWrite({
    by: 'id',
    ifMatch: true,
    status: 200,
    description: 'The event, now in the trash.',
    type: EventResponseDto,
    errors: ['notAnEvent', 'eventNotFound', 'eventAlreadyTrashed'],
  })
  async delete(
    @Param('id', RouteIdPipe) id: number,
    @Query() _query: EventQueryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<EventResponseDto> {
    await checkIfMatch(ifMatch, async () =>
      this.asRead(await this.reader.getById(id, viewer, language, undefined), language, links),
    );
    return this.presenter.one(await this.events.trashById(id, language, viewer), language, links);
  }

  /**
   * `event` as a single read shows it (with `json_ld`): what its entity tag names, which an
   * update's answer carries and `If-Match` is checked against.
   */
  private asRead(event: EventView, language: Language, links: ApiLinks): EventResponseDto {
    return this.presenter.one(event, language, links, true);
  }
}
