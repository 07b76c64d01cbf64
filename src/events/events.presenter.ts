import { Injectable } from '@nestjs/common';
import { Zone } from 'luxon';
import { siteZoneOf } from '../common/clock/site-zone';
import { Clock } from '../common/clock/clock';
import { formatDateTime } from '../common/dates/format';
import { Language } from '../common/i18n/language';
import { ApiLinks } from '../common/links/links';
import { EchoedParam, listLinks } from '../common/paging/list-links';
import { SiteCurrency } from '../common/text/cost';
import { AppConfig } from '../config/app-config';
import { EventListResponseDto, EventResponseDto } from './dto/event.response.dto';
import {
  EventListBody,
  EventMapping,
  EventView,
  toEventListResponse,
  toListItem,
  toEventResponse,
} from './events.mapper';
import { SyncResult, syncTail } from '../changes/sync';
import { toICalendar } from './feed/ical';
import { SeriesParts } from './event-reader';
import { EventPage } from './listing/event-list.service';
import { EventListQuery } from './listing/event-list-query';
import { valueOf } from '../read-cache/live-answer';

/** Gives the mapper what it needs besides the events: links, zone, language, the time. */
@Injectable()
export class EventsPresenter {
  private readonly siteZone: Zone;
  private readonly currency: SiteCurrency;

  constructor(
    config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.siteZone = siteZoneOf(config);
    this.currency = {
      symbol: config.DEFAULT_CURRENCY_SYMBOL,
      position: config.DEFAULT_CURRENCY_POSITION,
    };
  }

  one(view: EventView, language: Language, links: ApiLinks, single = false): EventResponseDto {
    return toEventResponse(view, this.mapping(language, links, single));
  }

  /**
   * Events as a list shows them (a protected event the viewer has not unlocked redacted): the
   * renderings a page is assembled from (EventRenderings).
   */
  listItems(views: readonly EventView[], language: Language, links: ApiLinks): EventResponseDto[] {
    const mapping = this.mapping(language, links, false);
    return views.map((view) => toListItem(view, mapping));
  }

  page(page: EventPage, query: EventListQuery, links: ApiLinks): EventListBody {
    return toEventListResponse(page.items, {
      total: page.total,
      totalPages: page.totalPages,
      links: listLinks(`${links.namespace}/events/`, echo(page, query), page.page, page.totalPages),
    });
  }

  /** The link a page's `next_rest_url` has whenever there is a next page. */
  nextUrl(page: EventPage, query: EventListQuery, links: ApiLinks): string {
    const next = listLinks(
      `${links.namespace}/events/`,
      echo(page, query),
      page.page,
      page.page + 1,
    );
    return next.next_rest_url ?? '';
  }

  /** A sync answer: the changed events as a list shows them, then tombstones and the next token. */
  sync(
    result: SyncResult<EventView>,
    perPage: number,
    language: Language,
    links: ApiLinks,
  ): EventListResponseDto {
    return {
      events: this.listItems(result.views, language, links),
      ...syncTail(result, `${links.namespace}/events/`, perPage),
    };
  }

  /** A page of events (as a list shows them) as an iCalendar feed. */
  pageCalendar(page: EventPage): string {
    return toICalendar(page.items.map(valueOf), { name: 'Events' });
  }

  /** Events as an iCalendar feed (list views are redacted as a list shows them). */
  calendar(
    views: readonly EventView[],
    language: Language,
    links: ApiLinks,
    series?: SeriesParts,
  ): string {
    const mapping = this.mapping(language, links, false);
    const shown = (view: EventView): EventResponseDto => toListItem(view, mapping);
    return toICalendar(views.map(shown), {
      name: 'Events',
      ...(series
        ? {
            series: {
              excluded: series.excluded,
              overrides: series.changed.map(({ view, recurrenceId }) => ({
                event: shown(view),
                recurrenceId,
              })),
            },
          }
        : {}),
    });
  }

  private mapping(language: Language, links: ApiLinks, single: boolean): EventMapping {
    return {
      language,
      links,
      siteZone: this.siteZone,
      currency: this.currency,
      now: this.clock.now().toJSDate(),
      single,
    };
  }
}

/**
 * The effective query a list's links repeat: paging, the date window as read, the statuses the
 * viewer may see, then the filters given.
 */
function echo(page: EventPage, query: EventListQuery): EchoedParam[] {
  const { startFrom, endUntil } = query.window;
  return [
    ['per_page', String(page.perPage)],
    ...(startFrom ? [['start_date', formatDateTime(startFrom)] as const] : []),
    ...(endUntil ? [['end_date', formatDateTime(endUntil)] as const] : []),
    ['status', page.statuses.join(',')],
    ...query.echo,
  ];
}
