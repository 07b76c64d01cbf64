import { globalIdsOf } from '../posts/post-origin';
import { DateTime, Zone } from 'luxon';
import { dateDetails, formatDateTime, formatIso } from '../common/dates/format';
import { resolveZone, zoneAbbreviation } from '../common/dates/zones';
import { Language } from '../common/i18n/language';
import { showText } from '../common/i18n/translated-text';
import { ApiLinks } from '../common/links/links';
import { CostDescription, SiteCurrency, describeCost } from '../common/text/cost';
import { autoParagraph, htmlToText } from '../common/text/html';
import { EventListResponseDto, EventResponseDto } from './dto/event.response.dto';
import { imageOf } from '../common/media/image';
import { EventEntity } from './entities/event.entity';
import { EventTranslationEntity } from './entities/event-translation.entity';
import { effectiveStatus } from '../posts/post-status';
import { EventLinks } from './links/event-links.service';
import { toEmbeddedTerm } from '../terms/terms.mapper';
import { EmbeddedTermDto } from '../terms/dto/term.response.dto';
import { Taxonomy } from '../terms/taxonomy';
import { toVenueResponse } from '../venues/venues.mapper';
import { toOrganizerResponse } from '../organizers/organizers.mapper';
import type { Rendered } from '../read-cache/live-answer';

/** An event with the rows needed to show it. */
export interface EventView {
  readonly event: EventEntity;
  readonly translations: readonly EventTranslationEntity[];
  readonly links: EventLinks;
  /** Password-protected and not unlocked for the viewer: shown redacted (docs/behaviour.md#password-protected-events). */
  readonly locked?: boolean;
}

/** What the mapper needs besides the event. */
export interface EventMapping {
  readonly language: Language;
  readonly links: ApiLinks;
  readonly siteZone: Zone;
  /** The currency a cost that names none is shown with (`DEFAULT_CURRENCY_SYMBOL`…). */
  readonly currency: SiteCurrency;
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
  places: Pick<EventResponseDto, 'venue' | 'organizer'>,
): Record<string, unknown> {
  const image = imageOf(event);
  // The lowest amount (values hold TEC's words too, of which `free` is 0), as a plain number.
  const values = cost.details.values;
  const amount = values.find((value) => /^(?:\d+\.?\d*|\.\d+)$/.test(value));
  const lowest =
    amount !== undefined
      ? amount.replace(/^\./, '0.').replace(/\.$/, '')
      : values.includes('free')
        ? '0'
        : undefined;
  const symbol = cost.details.currency_symbol;
  const currency =
    cost.details.currency_code ||
    CURRENCY_CODES[symbol] ||
    (/^[A-Z]{3}$/.test(symbol) ? symbol : undefined);
  return {
    '@context': 'http://schema.org',
    '@type': 'Event',
    name: text.title,
    description: text.excerpt
      ? htmlToText(text.excerpt)
      : trimWords(htmlToText(text.description), EXCERPT_WORDS),
    ...(image && image.url ? { image: image.url } : {}),
    url,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    startDate: formatIso(DateTime.fromJSDate(event.startUtc, { zone })),
    endDate: formatIso(DateTime.fromJSDate(event.endUtc, { zone })),
    ...linkedJsonLd(places),
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

/**
 * Words TEC keeps of a description when it makes the `json_ld` excerpt of it: 30 (its views set
 * WordPress's `excerpt_length`), as the recorded TEC 6.3.7 site shows (docs/behaviour.md#wire-format).
 */
const EXCERPT_WORDS = 30;

/** `text` cut to its first `count` words, followed by ` […]` when longer (`wp_trim_words`). */
export function trimWords(text: string, count: number): string {
  const words = text.split(/\s+/).filter((word) => word !== '');
  return words.length > count ? `${words.slice(0, count).join(' ')} […]` : text;
}

/**
 * schema.org `location` and `organizer` of an event. `organizer` is one object, the event's first
 * organizer, even when it has several, as TEC gives it: TEC clients read it as an object, and
 * the event's `organizer` field lists them all.
 */
function linkedJsonLd(
  places: Pick<EventResponseDto, 'venue' | 'organizer'>,
): Record<string, unknown> {
  const location = Array.isArray(places.venue) ? undefined : places.venue.json_ld;
  const organizers = places.organizer.flatMap((organizer) =>
    organizer.json_ld ? [organizer.json_ld] : [],
  );
  return {
    ...(location ? { location } : {}),
    ...(organizers[0] ? { organizer: organizers[0] } : {}),
  };
}

/**
 * The embedded categories, tags, venue and organizers (docs/behaviour.md#links-on-events).
 * `withJsonLd` (single reads) gives the venue and organizers their own `json_ld`, as TEC embeds
 * them and as the event's own `json_ld` uses them; in lists they carry none.
 */
function linkedItems(
  links: EventLinks,
  mapping: EventMapping,
  withJsonLd = false,
): Pick<EventResponseDto, 'categories' | 'tags' | 'venue' | 'organizer'> {
  const nested = {
    language: mapping.language,
    links: mapping.links,
    siteZone: mapping.siteZone,
    single: withJsonLd,
  };
  const terms = (taxonomy: Taxonomy): EmbeddedTermDto[] =>
    links.terms
      .filter((view) => view.term.taxonomy === taxonomy)
      .map((view) => toEmbeddedTerm(view, nested));
  return {
    categories: terms('tribe_events_cat'),
    tags: terms('post_tag'),
    venue: links.venue ? toVenueResponse(links.venue, nested) : [],
    organizer: links.organizers.map((view) => toOrganizerResponse(view, nested)),
  };
}

/** Builds the wire shape of one event (key order: docs/behaviour.md#wire-format, then the language keys). */
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
  // An imported event shows the cost its source showed; any other, TEC's reading of its text.
  const cost = event.costShown ?? describeCost(event.cost ?? [], mapping.currency);
  const url = `${links.site}/event/${event.slug}/`;
  // A single read embeds its venue and organizers with their own `json_ld`, as TEC does.
  const linked = linkedItems(view.links, mapping, mapping.single);
  const response: EventResponseDto = {
    id: event.id,
    ...globalIdsOf(event, links),
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
    ...linked,
    custom_fields: [],
    is_recurring: event.seriesId !== null,
    series_id: event.seriesId ?? 0,
    recurrence: event.recurrence ?? [],
    i18n_language: text.language,
    i18n_translations: text.translations,
  };
  if (mapping.single) {
    const { i18n_language, i18n_translations, ...rest } = response;
    return {
      ...rest,
      json_ld: jsonLd(event, text.values, cost, url, zone, linked),
      i18n_language,
      i18n_translations,
    };
  }
  return response;
}

/**
 * A password-protected event as a list shows it to a viewer who has not unlocked it (docs/behaviour.md#password-protected-events):
 * title, dates, time zone, slug, links and status stay; content, flags and links are emptied.
 */
export function redactProtected(response: EventResponseDto): EventResponseDto {
  return {
    ...response,
    description: '',
    excerpt: '',
    image: false,
    all_day: null,
    cost: '',
    cost_details: { currency_symbol: '', currency_code: '', currency_position: '', values: [] },
    website: '',
    show_map: null,
    show_map_link: null,
    hide_from_listings: null,
    sticky: null,
    featured: null,
    categories: [],
    tags: [],
    venue: [],
    organizer: [],
    custom_fields: [],
  };
}

/** An event as a list shows it: redacted when the viewer has not unlocked it. */
export function toListItem(view: EventView, mapping: EventMapping): EventResponseDto {
  const response = toEventResponse(view, mapping);
  return view.locked ? redactProtected(response) : response;
}

/**
 * A list body of events as the route answers it: {@link EventListResponseDto}, whose events
 * kept from before are still their kept bytes (serialised as the events they stand for).
 */
export type EventListBody = Omit<EventListResponseDto, 'events'> & {
  events: Rendered<EventResponseDto>[];
};

/** A page of events (each as a list shows it) as the list body shows it. */
export function toEventListResponse(
  items: readonly Rendered<EventResponseDto>[],
  page: {
    total: number;
    totalPages: number;
    links: Pick<EventListResponseDto, 'rest_url' | 'next_rest_url' | 'previous_rest_url'>;
  },
): EventListBody {
  return {
    events: [...items],
    ...page.links,
    total: page.total,
    total_pages: page.totalPages,
  };
}
