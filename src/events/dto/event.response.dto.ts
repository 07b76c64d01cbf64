import {
  ApiExtraModels,
  ApiProperty,
  ApiPropertyOptional,
  ApiSchema,
  getSchemaPath,
} from '@nestjs/swagger';
import { LANGUAGES } from '../../common/i18n/language';
import { EmbeddedTermDto } from '../../terms/dto/term.response.dto';
import { OrganizerResponseDto } from '../../organizers/dto/organizer.response.dto';
import { VenueResponseDto } from '../../venues/dto/venue.response.dto';
import { ImageDto, IMAGE_OR_FALSE } from '../../common/media/image.dto';
import { POST_STATUSES } from '../../posts/post-status';
import { ListTailDto } from '../../common/paging/list-tail.dto';

/** Date parts as zero-padded strings, as TEC sends them. */
@ApiSchema({ name: 'DateDetails', description: 'Parts of a date, as zero-padded strings.' })
export class DateDetailsDto {
  @ApiProperty({ pattern: '^\\d{4}$' })
  year!: string;
  @ApiProperty({ pattern: '^\\d{2}$' })
  month!: string;
  @ApiProperty({ pattern: '^\\d{2}$' })
  day!: string;
  @ApiProperty({ pattern: '^\\d{2}$' })
  hour!: string;
  @ApiProperty({ pattern: '^\\d{2}$' })
  minutes!: string;
  @ApiProperty({ pattern: '^\\d{2}$' })
  seconds!: string;
}

/** Parsed cost. */
@ApiSchema({
  name: 'CostDetails',
  description: 'The cost as The Events Calendar parses it: currency and values.',
})
export class CostDetailsDto {
  /** The currency symbol the cost names (`$` of `20$`); `""` when it names none or several. */
  currency_symbol!: string;
  /** ISO 4217 code: `""` for costs written here, as TEC's API leaves it; an import keeps TEC's. */
  currency_code!: string;
  /** Where the symbol stands in the cost as written; `""` when there is none or it varies. */
  @ApiProperty({ enum: ['prefix', 'postfix', ''] })
  currency_position!: 'prefix' | 'postfix' | '';
  /**
   * Every amount (thousands separator dropped, decimals after a `.` as written: `1000`,
   * `12.50`) and every word as a slug (`free`, `pay-what-you-can`), in numeric order, words
   * counting as 0 (docs/behaviour.md#events).
   */
  @ApiProperty({ type: 'string', isArray: true, pattern: '^[a-z0-9.%-]*$' })
  values!: string[];
}

/** An event as the API shows it (key order: docs/behaviour.md#wire-format). */
@ApiSchema({ name: 'Event', description: 'An event, keys in the order of The Events Calendar.' })
@ApiExtraModels(VenueResponseDto)
export class EventResponseDto {
  @ApiProperty({ type: 'integer' })
  id!: number;
  /** `<host><path>?id=<id>` of the public site. */
  global_id!: string;
  global_id_lineage!: string[];
  /** Author user id, as a string. */
  author!: string;
  /** A scheduled (`future`) event whose date has passed shows as `publish`. */
  @ApiProperty({ enum: POST_STATUSES })
  status!: string;
  /** Publication date in the site's time zone, `YYYY-MM-DD HH:MM:SS`. */
  date!: string;
  /** Publication date in UTC. */
  date_utc!: string;
  /** Last change in the site's time zone. */
  modified!: string;
  /** Last change in UTC. */
  modified_utc!: string;
  /** The public page: `{site}/event/{slug}/`. */
  @ApiProperty({ format: 'uri' })
  url!: string;
  @ApiProperty({ format: 'uri' })
  rest_url!: string;
  /** Plain text, in the request's language (or the original one). */
  title!: string;
  /** HTML, in paragraphs; `""` in a list for a protected event not unlocked. */
  description!: string;
  /** HTML, in paragraphs. */
  excerpt!: string;
  slug!: string;
  /** The featured image, or `false` when there is none. */
  @ApiProperty(IMAGE_OR_FALSE)
  image!: ImageDto | false;
  /** Null in a list for a password-protected event not unlocked (docs/behaviour.md#password-protected-events), as are the flags below. */
  all_day!: boolean | null;
  /** Start in the event's time zone, `YYYY-MM-DD HH:MM:SS`. */
  start_date!: string;
  start_date_details!: DateDetailsDto;
  /** End in the event's time zone. */
  end_date!: string;
  end_date_details!: DateDetailsDto;
  /** Start in UTC. */
  utc_start_date!: string;
  utc_start_date_details!: DateDetailsDto;
  /** End in UTC. */
  utc_end_date!: string;
  utc_end_date_details!: DateDetailsDto;
  /** IANA name (`Europe/Madrid`) or offset (`UTC+2`). */
  timezone!: string;
  /** Abbreviation at the start (`CET`, `CEST`, `UTC+2`). */
  timezone_abbr!: string;
  /** The lowest and highest amount joined with ` – `, with the currency (`Free – 30$`); or the cost's word. */
  cost!: string;
  cost_details!: CostDetailsDto;
  /** The event's website; the public page when it has none (`""` when redacted). */
  website!: string;
  show_map!: boolean | null;
  show_map_link!: boolean | null;
  hide_from_listings!: boolean | null;
  sticky!: boolean | null;
  featured!: boolean | null;
  /** Parent event id, `0` for none. */
  @ApiProperty({ type: 'integer', minimum: 0 })
  post_parent!: number;
  /** Categories, ordered by name as the request language shows it. */
  categories!: EmbeddedTermDto[];
  /** Tags, ordered by name. */
  tags!: EmbeddedTermDto[];
  /** The venue, or `[]` when there is none. */
  @ApiProperty({
    oneOf: [{ $ref: getSchemaPath(VenueResponseDto) }, { type: 'array', maxItems: 0, items: {} }],
  })
  venue!: VenueResponseDto | never[];
  /** The organizers in the order they were given; always a list. */
  organizer!: OrganizerResponseDto[];
  /** Always empty: custom fields are not supported. */
  @ApiProperty({ type: 'array', maxItems: 0, items: {} })
  custom_fields!: never[];
  /** Whether the event is an occurrence of a recurring series (its first one included). */
  is_recurring!: boolean;
  /** The series' id (its first occurrence's), `0` for an event that does not recur. */
  @ApiProperty({ type: 'integer', minimum: 0 })
  series_id!: number;
  /** The series' `RRULE`, `RDATE` and `EXDATE` lines, on its first occurrence; `[]` on others. */
  recurrence!: string[];
  /** schema.org Event; single reads only. */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  json_ld?: Record<string, unknown>;
  /** The language of the title shown. */
  @ApiProperty({ enum: LANGUAGES })
  i18n_language!: string;
  /** Languages the event has text in. */
  @ApiProperty({ enum: LANGUAGES, isArray: true })
  i18n_translations!: string[];
}

/** A page of events (key order: docs/behaviour.md#lists). */
@ApiSchema({ name: 'EventList', description: 'A page of events.' })
export class EventListResponseDto extends ListTailDto {
  events!: EventResponseDto[];
}
