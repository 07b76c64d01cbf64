import { EmbeddedTermDto } from '../../terms/dto/term.response.dto';
import { OrganizerResponseDto } from '../../organizers/dto/organizer.response.dto';
import { VenueResponseDto } from '../../venues/dto/venue.response.dto';
import { ImageDto } from '../../common/media/image';
/** Date parts as zero-padded strings, as TEC sends them. */
export class DateDetailsDto {
  year!: string;
  month!: string;
  day!: string;
  hour!: string;
  minutes!: string;
  seconds!: string;
}

/** Parsed cost. */
export class CostDetailsDto {
  currency_symbol!: string;
  currency_code!: string;
  currency_position!: 'prefix' | 'postfix' | '';
  values!: string[];
}

/** Featured image: what is known of it. */
export { ImageDto };

/** An event as the API shows it (TEC §1.1 key order). */
export class EventResponseDto {
  id!: number;
  global_id!: string;
  global_id_lineage!: string[];
  author!: string;
  status!: string;
  date!: string;
  date_utc!: string;
  modified!: string;
  modified_utc!: string;
  url!: string;
  rest_url!: string;
  title!: string;
  description!: string;
  excerpt!: string;
  slug!: string;
  image!: ImageDto | false;
  /** Null in a list for a password-protected event not unlocked (TEC §1.4), as are the flags below. */
  all_day!: boolean | null;
  start_date!: string;
  start_date_details!: DateDetailsDto;
  end_date!: string;
  end_date_details!: DateDetailsDto;
  utc_start_date!: string;
  utc_start_date_details!: DateDetailsDto;
  utc_end_date!: string;
  utc_end_date_details!: DateDetailsDto;
  timezone!: string;
  timezone_abbr!: string;
  cost!: string;
  cost_details!: CostDetailsDto;
  website!: string;
  show_map!: boolean | null;
  show_map_link!: boolean | null;
  hide_from_listings!: boolean | null;
  sticky!: boolean | null;
  featured!: boolean | null;
  post_parent!: number;
  /** Categories, ordered by name as the request language shows it. */
  categories!: EmbeddedTermDto[];
  /** Tags, ordered by name. */
  tags!: EmbeddedTermDto[];
  /** The venue, or `[]` when there is none. */
  venue!: VenueResponseDto | never[];
  /** The organizers in the order they were given; always a list. */
  organizer!: OrganizerResponseDto[];
  custom_fields!: unknown[] | Record<string, unknown>;
  /** schema.org Event; single reads only. */
  json_ld?: Record<string, unknown>;
  i18n_language!: string;
  i18n_translations!: string[];
}

/** A page of events (TEC §2.1 key order). */
export class EventListResponseDto {
  events!: EventResponseDto[];
  rest_url!: string;
  next_rest_url?: string;
  previous_rest_url?: string;
  total!: number;
  total_pages!: number;
}
