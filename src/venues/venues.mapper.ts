import { globalIdsOf } from '../posts/post-origin';
import { htmlToText } from '../common/text/html';
import { imageLd } from '../common/media/image';
import {
  languageKeysOf,
  linkedPostBody,
  linkedPostHead,
  LinkedPostMapping,
  linkedPostText,
  withoutEmpty,
} from '../linked-posts/linked-post.mapper';
import { VenueListResponseDto, VenueResponseDto } from './dto/venue.response.dto';
import { VenueEntity } from './entities/venue.entity';
import type { VenueView } from './venues.service';

export type { LinkedPostMapping } from '../linked-posts/linked-post.mapper';

/** Latitude and longitude, when both are known (TEC shows them only when both are non-zero). */
function coordinatesOf(venue: VenueEntity): { geo_lat: number; geo_lng: number } | undefined {
  return venue.geoLat && venue.geoLng
    ? { geo_lat: venue.geoLat, geo_lng: venue.geoLng }
    : undefined;
}

/** schema.org `Place`, as TEC's single venue shows it; empty address parts are left out. */
function jsonLd(venue: VenueEntity, name: string, description: string): Record<string, unknown> {
  const coordinates = coordinatesOf(venue);
  return {
    '@type': 'Place',
    name,
    description: htmlToText(description),
    ...imageLd(venue),
    url: '',
    address: {
      '@type': 'PostalAddress',
      ...withoutEmpty({
        streetAddress: venue.address,
        addressLocality: venue.city,
        addressRegion: venue.stateprovince,
        postalCode: venue.zip,
        addressCountry: venue.country,
      }),
    },
    ...withoutEmpty({ telephone: venue.phone, sameAs: venue.website }),
    ...(coordinates
      ? {
          geo: {
            '@type': 'GeoCoordinates',
            latitude: coordinates.geo_lat,
            longitude: coordinates.geo_lng,
          },
        }
      : {}),
  };
}

/**
 * Builds the wire shape of one venue (docs/behaviour.md#venues-and-organizers): the fields in TEC's order without the empty
 * ones, then `show_map`, `show_map_link`, the global ids and the language keys.
 */
export function toVenueResponse(view: VenueView, mapping: LinkedPostMapping): VenueResponseDto {
  const { venue } = view;
  const text = linkedPostText(venue, view.translations, mapping.language);
  const fields = withoutEmpty({
    ...linkedPostHead('venue', venue, mapping),
    venue: text.values.name,
    ...linkedPostBody(venue, text),
    address: venue.address,
    city: venue.city,
    country: venue.country,
    province: venue.province,
    state: venue.state,
    zip: venue.zip,
    phone: venue.phone,
    website: venue.website,
    stateprovince: venue.stateprovince,
    ...coordinatesOf(venue),
    json_ld: mapping.single ? jsonLd(venue, text.values.name, text.values.description) : undefined,
  });
  return {
    ...fields,
    show_map: venue.showMap,
    show_map_link: venue.showMapLink,
    ...globalIdsOf(venue, mapping.links),
    ...languageKeysOf(text),
  };
}

/** A page of venues as the list body shows it. */
export function toVenueListResponse(
  venues: VenueResponseDto[],
  tail: Omit<VenueListResponseDto, 'venues'>,
): VenueListResponseDto {
  return { venues, ...tail };
}
