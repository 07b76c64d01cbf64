import { Injectable } from '@nestjs/common';
import { ChangeLog } from '../changes/change-log';
import { Clock } from '../common/clock/clock';
import { AppConfig } from '../config/app-config';
import { ImportedItems } from '../posts/imported-items';
import { PostRegistry } from '../posts/post-registry';
import { LinkedPostColumns, storedText } from '../linked-posts/linked-post';
import { LinkedPostRules, LinkedPostsService } from '../linked-posts/linked-posts.service';
import { VenueFieldsDto } from './dto/venue-fields.dto';
import { VenueEntity } from './entities/venue.entity';
import { VenueTranslationEntity } from './entities/venue-translation.entity';
import {
  VenueAlreadyTrashedError,
  VenueNotAccessibleError,
  VenuePageNotFoundError,
} from './venues.errors';
import { VenuePosition, VenuesRepository } from './venues.repository';
import { GeoBox } from '../common/geo/geo';
import { deriveStateProvince } from './state-province';

/** A venue with the rows needed to show it. */
export interface VenueView {
  readonly venue: VenueEntity;
  readonly translations: readonly VenueTranslationEntity[];
}

/** Address fields stored as given (`""` clears them). */
const ADDRESS_FIELDS = ['address', 'city', 'country', 'province', 'state', 'zip'] as const;

/**
 * The `stateprovince` to store: the one given; else derived from the state, province and
 * country as they will be, on a create or when an update changes one of them; else unchanged.
 */
function stateProvinceOnSave(
  dto: VenueFieldsDto,
  current: VenueEntity | undefined,
): string | null | undefined {
  if (dto.stateprovince !== undefined) return storedText(dto.stateprovince);
  const parts = ['state', 'province', 'country'] as const;
  if (current && parts.every((part) => dto[part] === undefined)) return undefined;
  const [state, province, country] = parts.map((part) =>
    dto[part] !== undefined ? (dto[part] ?? '') : (current?.[part] ?? ''),
  );
  return storedText(deriveStateProvince(state ?? '', province ?? '', country ?? ''));
}

function coordinate(value: number | string | null): number | null {
  return typeof value === 'number' ? value : null;
}

/** The venue-only columns a write sets; a create shows the map and its link unless told not to. */
function venueColumns(
  dto: VenueFieldsDto,
  current: VenueEntity | undefined,
): LinkedPostColumns<VenueEntity> {
  const columns: LinkedPostColumns<VenueEntity> = current
    ? {}
    : { showMap: true, showMapLink: true };
  for (const field of ADDRESS_FIELDS) {
    if (dto[field] !== undefined) columns[field] = storedText(dto[field]);
  }
  const stateprovince = stateProvinceOnSave(dto, current);
  if (stateprovince !== undefined) columns.stateprovince = stateprovince;
  if (dto.show_map !== undefined) columns.showMap = dto.show_map;
  if (dto.show_map_link !== undefined) columns.showMapLink = dto.show_map_link;
  if (dto.geo_lat !== undefined) columns.geoLat = coordinate(dto.geo_lat);
  if (dto.geo_lng !== undefined) columns.geoLng = coordinate(dto.geo_lng);
  return columns;
}

const VENUE_RULES: LinkedPostRules<VenueEntity, VenueTranslationEntity, VenueView, VenueFieldsDto> =
  {
    kind: 'venue',
    errors: {
      notAccessible: VenueNotAccessibleError,
      alreadyTrashed: VenueAlreadyTrashedError,
      pageNotFound: VenuePageNotFoundError,
    },
    nameOf: (dto) => dto.venue,
    columnsOf: venueColumns,
    viewOf: (venue, translations) => ({ venue, translations }),
  };

/**
 * The venues aggregate: the rules shared with organizers (visibility, languages, duplicates,
 * trash, lists) over the venue's own columns, with `stateprovince` derived as TEC does.
 */
@Injectable()
export class VenuesService extends LinkedPostsService<
  VenueEntity,
  VenueTranslationEntity,
  VenueView,
  VenueFieldsDto
> {
  constructor(
    private readonly venues: VenuesRepository,
    posts: PostRegistry,
    config: AppConfig,
    clock: Clock,
    changes: ChangeLog,
    imported: ImportedItems,
  ) {
    super(venues, posts, config, clock, VENUE_RULES, changes, imported);
  }

  /** Venues with coordinates inside `box` (the first step of a distance search). */
  findInBox(box: GeoBox): Promise<VenuePosition[]> {
    return this.venues.findInBox(box);
  }
}
