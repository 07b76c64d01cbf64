import { DateTime, Zone } from 'luxon';
import { dateDetails, formatDateTime, formatIso } from '../common/dates/format';
import { resolveZone, zoneAbbreviation } from '../common/dates/zones';
import { Language } from '../common/i18n/language';
import { showText } from '../common/i18n/translated-text';
import { ApiLinks } from '../common/links/links';
import { CostDescription, describeCost } from '../common/text/cost';
import { autoParagraph, toPlainText } from '../common/text/html';
import { EventListResponseDto, EventResponseDto } from './dto/event.response.dto';
import { imageOf } from '../common/media/image';
import { EventEntity } from './entities/event.entity';
import { EventTranslationEntity } from './entities/event-translation.entity';
import { effectiveStatus } from './event-status';

/** An event with the rows needed to show it. */
export interface EventView {
  readonly event: EventEntity;
  readonly translations: readonly EventTranslationEntity[];
}

/** What the mapper needs besides the event. */
export interface EventMapping {
  readonly language: Language;
  readonly links: ApiLinks;
  readonly siteZone: Zone;
  readonly now: Date;
  /** Single-item reads carry `json_ld`. */
  readonly single: boolean;
}

const TEXT_FIELDS = ['title', 'description', 'excerpt'] as const;

const CURRENCY_CODES: Readonly<Record<string, string>> = {
  $: 'USD',
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '₹': 'INR',
};

function eventZone(event: EventEntity, siteZone: Zone): Zone {
  return resolveZone(event.timezone) ?? siteZone;
}

function jsonLd(
  event: EventEntity,
  text: Record<(typeof TEXT_FIELDS)[number], string>,
  cost: CostDescription,
  url: string,
  zone: Zone,
): Record<string, unknown> {
  const image = imageOf(event);
  const lowest = cost.details.values[0];
  const currency =
    cost.details.currency_code || CURRENCY_CODES[cost.details.currency_symbol] || undefined;
  return {
    '@context': 'http://schema.org',
    '@type': 'Event',
    name: text.title,
    description: toPlainText(text.excerpt || text.description),
    ...(image && image.url ? { image: image.url } : {}),
    url,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    startDate: formatIso(DateTime.fromJSDate(event.startUtc, { zone })),
    endDate: formatIso(DateTime.fromJSDate(event.endUtc, { zone })),
    ...(lowest !== undefined
      ? {
          offers: {
            '@type': 'Offer',
            price: lowest,
            ...(currency ? { priceCurrency: currency } : {}),
            url,
            category: 'primary',
            availability: 'inStock',
            validFrom: formatIso(DateTime.fromJSDate(event.dateUtc, { zone })),
          },
        }
      : {}),
    performer: 'Organization',
  };
}

/** Builds the wire shape of one event (TEC §1.1 key order, then the language keys). */
export function toEventResponse(view: EventView, mapping: EventMapping): EventResponseDto {
  const { event } = view;
  const { links, siteZone } = mapping;
  const text = showText(
    view.translations,
    TEXT_FIELDS,
    'title',
    mapping.language,
    event.originalLanguage,
  );
  const zone = eventZone(event, siteZone);
  const start = DateTime.fromJSDate(event.startUtc, { zone });
  const end = DateTime.fromJSDate(event.endUtc, { zone });
  const startUtc = start.toUTC();
  const endUtc = end.toUTC();
  const published = DateTime.fromJSDate(event.dateUtc, { zone: siteZone });
  const modified = DateTime.fromJSDate(event.modifiedUtc, { zone: siteZone });
  const cost = describeCost(event.cost ?? []);
  const url = `${links.site}/event/${event.slug}/`;
  const globalId = `${links.globalIdBase}?id=${event.id}`;
  const response: EventResponseDto = {
    id: event.id,
    global_id: globalId,
    global_id_lineage: [globalId],
    author: String(event.author),
    status: effectiveStatus(event, mapping.now),
    date: formatDateTime(published),
    date_utc: formatDateTime(published.toUTC()),
    modified: formatDateTime(modified),
    modified_utc: formatDateTime(modified.toUTC()),
    url,
    rest_url: `${links.namespace}/events/${event.id}`,
    title: text.values.title,
    description: autoParagraph(text.values.description),
    excerpt: autoParagraph(text.values.excerpt),
    slug: event.slug,
    image: imageOf(event),
    all_day: event.allDay,
    start_date: formatDateTime(start),
    start_date_details: dateDetails(start),
    end_date: formatDateTime(end),
    end_date_details: dateDetails(end),
    utc_start_date: formatDateTime(startUtc),
    utc_start_date_details: dateDetails(startUtc),
    utc_end_date: formatDateTime(endUtc),
    utc_end_date_details: dateDetails(endUtc),
    timezone: event.timezone,
    timezone_abbr: zoneAbbreviation(event.timezone, start),
    cost: cost.cost,
    cost_details: cost.details,
    website: event.website || url,
    show_map: event.showMap,
    show_map_link: event.showMapLink,
    hide_from_listings: event.hideFromListings,
    sticky: event.sticky,
    featured: event.featured,
    post_parent: event.postParent ?? 0,
    categories: [],
    tags: [],
    venue: [],
    organizer: [],
    custom_fields: [],
    i18n_language: text.language,
    i18n_translations: text.translations,
  };
  if (mapping.single) {
    const { i18n_language, i18n_translations, ...rest } = response;
    return {
      ...rest,
      json_ld: jsonLd(event, text.values, cost, url, zone),
      i18n_language,
      i18n_translations,
    };
  }
  return response;
}

/** A page of events as the list body shows it. */
export function toEventListResponse(
  views: readonly EventView[],
  mapping: EventMapping,
  page: {
    total: number;
    totalPages: number;
    links: Pick<EventListResponseDto, 'rest_url' | 'next_rest_url' | 'previous_rest_url'>;
  },
): EventListResponseDto {
  return {
    events: views.map((view) => toEventResponse(view, mapping)),
    ...page.links,
    total: page.total,
    total_pages: page.totalPages,
  };
}
