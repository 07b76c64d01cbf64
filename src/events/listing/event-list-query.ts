import { Injectable } from '@nestjs/common';
import { DateTime, Zone } from 'luxon';
import { Clock } from '../../common/clock/clock';
import { siteZoneOf } from '../../common/clock/site-zone';
import { isFixedDate, readDateParam } from '../../common/dates/parse-date';
import { defaultListWindow, endOfDay, startOfDay } from '../../common/dates/window';
import { InvalidParamsError } from '../../common/errors/domain-error';
import { DEFAULT_RADIUS_KM } from '../../common/geo/geo';
import { EchoSpec, ListQuery, ListQueryReader } from '../../common/paging/list-query';
import { PageSizes } from '../../common/paging/paging';
import { AppConfig } from '../../config/app-config';
import { ListEventsQueryDto } from '../dto/list-events.query.dto';
import { LinkFilterQuery, NearQuery } from '../links/event-links.service';

/** The date bounds of an event list, as instants in the site's zone. */
export interface EventDateBounds {
  readonly startFrom?: DateTime;
  readonly endUntil?: DateTime;
  readonly startsBefore?: DateTime;
  readonly startsAfter?: DateTime;
  readonly endsBefore?: DateTime;
  readonly endsAfter?: DateTime;
  /**
   * When the window next moves with the clock (ms since the epoch): where the default window
   * fills a bound (it depends on the day alone), the next midnight in the site's zone; where
   * every bound is a fixed date (`2026-12-01`), never (infinite). Absent when a bound moves
   * with the clock at any moment (`now`, `+1 week`).
   */
  readonly windowMovesAt?: number;
}

/** The filters of an event list besides its window, search and order; present when given. */
export interface EventListFilters extends LinkFilterQuery {
  readonly include?: readonly number[];
  readonly postParent?: number;
  readonly featured?: boolean;
  readonly geoloc?: boolean;
  /** A distance search (`geoloc_lat`, `geoloc_lng` and `geoloc_radius`). */
  readonly near?: NearQuery;
  /** `hide_subsequent_recurrences`: of each series, only its first occurrence in the window. */
  readonly firstOfSeries?: true;
}

/**
 * An events list request (`GET /events`, `events.ics`), read once from its validated query:
 * everything the list engine and the answer's links need, and nothing read again later.
 */
export interface EventListQuery extends ListQuery {
  readonly window: EventDateBounds;
  readonly filters: EventListFilters;
  /** The search's words, as given (empty: no search). */
  readonly words: readonly string[];
  /** `orderby=modified`, with its direction; absent: by start, then id. */
  readonly byModified?: { readonly descending: boolean };
  /** The statuses asked for, before the viewer's rights decide. */
  readonly statuses?: readonly string[];
  readonly password?: string;
}

/**
 * The events list's parameters its links repeat as given, in that order; paging, the window's
 * `start_date`/`end_date` (repeated as read) and the status list (as the viewer may see it) are
 * written by the presenter, and a password, `ticketed` and a sync token never.
 */
const EVENT_ECHO = {
  page: 'skip',
  per_page: 'skip',
  start_date: 'skip',
  end_date: 'skip',
  starts_before: 'echo',
  starts_after: 'echo',
  ends_before: 'echo',
  ends_after: 'echo',
  strict_dates: 'echo',
  search: 'echo',
  featured: 'echo',
  hide_subsequent_recurrences: 'echo',
  include: 'echo',
  post_parent: 'echo',
  categories: 'echo',
  tags: 'echo',
  venue: 'echo',
  organizer: 'echo',
  geoloc: 'echo',
  geoloc_lat: 'echo',
  geoloc_lng: 'echo',
  geoloc_radius: 'echo',
  modified_after: 'echo',
  modified_before: 'echo',
  orderby: 'echo',
  order: 'echo',
  i18n_language: 'echo',
  password: 'skip',
  status: 'skip',
  ticketed: 'skip',
  sync_token: 'skip',
} as const satisfies EchoSpec<ListEventsQueryDto>;

const RELATIVE_BOUNDS = ['starts_before', 'starts_after', 'ends_before', 'ends_after'] as const;
const DATE_PARAMS = ['start_date', 'end_date', ...RELATIVE_BOUNDS] as const;

/**
 * The date bounds of an events query (docs/behaviour.md#lists): naive inputs are read in the
 * site's zone; without `strict_dates` `start_date` means the start of its day and every other
 * bound the end of its day; with none of `starts_*`/`ends_*` the default window (yesterday to 24
 * months ahead) fills a missing `start_date`/`end_date`; `include` drops the window entirely.
 */
export function readEventWindow(
  query: ListEventsQueryDto,
  zone: Zone,
  now: DateTime,
): EventDateBounds {
  if (query.include !== undefined && query.include.length > 0) return {};
  const strict = query.strict_dates === true;
  const read = (name: (typeof DATE_PARAMS)[number]): DateTime | undefined =>
    readDateParam({ [name]: query[name] }, name, zone, now)?.setZone(zone);
  const dayEnd = (value: DateTime | undefined): DateTime | undefined =>
    value && !strict ? endOfDay(value) : value;
  const usesRelative = RELATIVE_BOUNDS.some((name) => query[name] !== undefined);
  const defaults = usesRelative ? undefined : defaultListWindow(now, zone);
  const start = read('start_date');
  const fixed = DATE_PARAMS.every((name) => {
    const value = query[name];
    return value === undefined || isFixedDate(value, zone, now);
  });
  const defaulted = defaults !== undefined && (start === undefined || query.end_date === undefined);
  const windowMovesAt = !fixed
    ? undefined
    : defaulted
      ? now.setZone(zone).startOf('day').plus({ days: 1 }).toMillis()
      : Number.POSITIVE_INFINITY;
  return {
    windowMovesAt,
    startFrom: start ? (strict ? start : startOfDay(start)) : defaults?.start,
    endUntil: dayEnd(read('end_date')) ?? defaults?.end,
    startsBefore: dayEnd(read('starts_before')),
    startsAfter: dayEnd(read('starts_after')),
    endsBefore: dayEnd(read('ends_before')),
    endsAfter: dayEnd(read('ends_after')),
  };
}

/** A distance search's centre and radius, or undefined when none was asked for. */
function nearOf(query: ListEventsQueryDto): NearQuery | undefined {
  const { geoloc_lat: lat, geoloc_lng: lng } = query;
  if (lat === undefined && lng === undefined) return undefined;
  if (lat === undefined || lng === undefined) {
    const missing = lat === undefined ? 'geoloc_lat' : 'geoloc_lng';
    throw InvalidParamsError.of(missing, 'param.geoloc-pair');
  }
  return { center: { lat, lng }, radiusKm: query.geoloc_radius ?? DEFAULT_RADIUS_KM };
}

/** Builds an {@link EventListQuery} from a validated `ListEventsQueryDto`: the one place it is read. */
@Injectable()
export class EventListQueries {
  private readonly siteZone: Zone;

  constructor(
    config: AppConfig,
    private readonly clock: Clock,
    private readonly lists: ListQueryReader,
  ) {
    this.siteZone = siteZoneOf(config);
  }

  /** The list request `query` makes, with pages of `sizes` (the JSON list's or a feed's). */
  of(query: ListEventsQueryDto, sizes?: PageSizes): EventListQuery {
    const orderby = query.orderby?.trim().toLowerCase();
    return {
      ...this.lists.read(query, EVENT_ECHO, sizes ? { sizes } : {}),
      window: readEventWindow(query, this.siteZone, this.clock.now()),
      filters: {
        categories: query.categories,
        tags: query.tags,
        venues: query.venue?.map(Number),
        organizers: query.organizer?.map(Number),
        include: query.include?.map(Number),
        postParent: query.post_parent,
        featured: query.featured,
        geoloc: query.geoloc,
        near: nearOf(query),
        firstOfSeries: query.hide_subsequent_recurrences === true ? true : undefined,
      },
      words: query.search?.split(/\s+/).filter((word) => word !== '') ?? [],
      ...(orderby === 'modified'
        ? { byModified: { descending: query.order?.trim().toLowerCase() === 'desc' } }
        : {}),
      ...(query.status !== undefined ? { statuses: query.status } : {}),
      ...(query.password !== undefined ? { password: query.password } : {}),
    };
  }
}
