import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentViewer } from '../access/current-viewer.decorator';
import { Viewer } from '../access/viewer';
import { InvalidParamsError } from '../common/errors/domain-error';
import { Lang } from '../common/i18n/lang.decorator';
import { Language } from '../common/i18n/language';
import { ApiLinks, NAMESPACE } from '../common/links/links';
import { Links } from '../common/links/links.decorator';
import { ApiFeed } from '../common/openapi/route-docs';
import { FEED_SIZES } from '../common/paging/paging';
import { RouteIdPipe } from '../common/validation/route-id.pipe';
import { EventQueryDto } from './dto/event-query.dto';
import { ListEventsQueryDto } from './dto/list-events.query.dto';
import { EventsPresenter } from './events.presenter';
import { EventReader } from './event-reader';
import { EventListService } from './listing/event-list.service';
import { asCalendar } from './feed/ical';
import { EventListQueries } from './listing/event-list-query';

/**
 * The events as iCalendar feeds (docs/behaviour.md#icalendar-feeds): an events query, whatever its filters, as a
 * calendar a calendar app subscribes to, and one event as a calendar of one.
 */
@ApiTags('events')
@Controller(NAMESPACE)
export class EventsFeedController {
  constructor(
    private readonly lists: EventListService,
    private readonly queries: EventListQueries,
    private readonly reader: EventReader,
    private readonly presenter: EventsPresenter,
  ) {}

  /** Events as iCalendar: every filter of the events list, 50 a page by default (at most 200). */
  @Get('events.ics')
  @ApiFeed({
    description: 'A page of events as an iCalendar (RFC 5545) calendar.',
    list: true,
    errors: ['eventPageNotFound'],
  })
  async feed(
    @Query() dto: ListEventsQueryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    if (dto.sync_token !== undefined) throw InvalidParamsError.of('sync_token');
    const query = this.queries.of(dto, FEED_SIZES);
    const page = await this.lists.list(query, language, links, viewer);
    asCalendar(response, page);
    return this.presenter.pageCalendar(page);
  }

  /** One event as iCalendar; a recurring series' first occurrence as the whole series. */
  @Get('events/:id.ics')
  @ApiFeed({
    by: 'id',
    description: 'The event as an iCalendar (RFC 5545) calendar of one event.',
    errors: [
      'eventMoved',
      'notAnEvent',
      'eventNotFound',
      'eventNotAccessible',
      'eventPasswordProtected',
      'eventTrashed',
      'forbidden',
    ],
  })
  async one(
    @Param('id', RouteIdPipe) id: number,
    @Query() query: EventQueryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const view = await this.reader.readById(id, viewer, language, query.password);
    asCalendar(response);
    // A series' first occurrence is the series: one VEVENT with its rule and exceptions.
    const series =
      view.event.seriesId === view.event.id && (view.event.recurrence ?? []).length > 0
        ? await this.reader.seriesParts(view.event.id, viewer, language)
        : undefined;
    return this.presenter.calendar([view], language, links, series);
  }
}
