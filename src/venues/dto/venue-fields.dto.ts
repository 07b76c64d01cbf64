import { BooleanParam, NumberParam } from '../../common/validation/decorators';
import { LinkedPostFieldsDto } from '../../linked-posts/dto/linked-post-fields.dto';
import { NameParam, ShortTextParam } from '../../linked-posts/dto/linked-post-params';

/** The writable fields of a venue (docs/behaviour.md#venues-and-organizers); on update every one is optional. */
export class VenueFieldsDto extends LinkedPostFieldsDto {
  /** Venue name (plain text, at most 255 characters). */
  @NameParam()
  venue?: string;

  /** Show a map of the venue; `true` when a create leaves it out. */
  @BooleanParam()
  show_map?: boolean;

  /** Show a link to the venue's map; `true` when a create leaves it out. */
  @BooleanParam()
  show_map_link?: boolean;

  /** Street address; `""` clears it. */
  @ShortTextParam()
  address?: string | null;

  /** City; `""` clears it. */
  @ShortTextParam()
  city?: string | null;

  /** Country; `""` clears it. */
  @ShortTextParam()
  country?: string | null;

  /** Province; `""` clears it. */
  @ShortTextParam()
  province?: string | null;

  /** State; `""` clears it. */
  @ShortTextParam()
  state?: string | null;

  /** Postal code; `""` clears it. */
  @ShortTextParam()
  zip?: string | null;

  /**
   * State or province as shown; when left out it is derived from `state` (United States or no
   * country) or `province`.
   */
  @ShortTextParam()
  stateprovince?: string | null;

  /** Latitude in degrees, -90 to 90 (a number or numeric string); `""` or null clears it. */
  @NumberParam(-90, 90, 'param.bad-latitude', { allowEmpty: true })
  geo_lat?: number | string | null;

  /** Longitude in degrees, -180 to 180 (a number or numeric string); `""` or null clears it. */
  @NumberParam(-180, 180, 'param.bad-longitude', { allowEmpty: true })
  geo_lng?: number | string | null;
}
