import { ApiExtraModels, ApiPropertyOptional } from '@nestjs/swagger';
import { CreateOrganizerDto } from '../../organizers/dto/create-organizer.dto';
import { CreateVenueDto } from '../../venues/dto/create-venue.dto';
import { reportAs } from '../../common/validation/validate-input';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, ValidateBy } from 'class-validator';
import { notGivenIfNull } from '../../common/validation/convert';
import { resolveZone } from '../../common/dates/zones';
import { normaliseCostInput } from '../../common/text/cost';
import {
  BooleanParam,
  DateParam,
  ImageParam,
  IntegerParam,
  LanguageParam,
  RichTextParam,
  StringParam,
  WebsiteParam,
} from '../../common/validation/decorators';
import { POST_STATUSES, PostStatus } from '../entities/event.entity';
import { readOrganizerInput, readTermInput, readVenueInput } from '../links/link-inputs';
import {
  COST_INPUT,
  LinkByIdDto,
  ORGANIZER_INPUT,
  TERMS_INPUT,
  VENUE_INPUT,
} from './link-inputs.schema';

/** The writable fields of an event (docs/behaviour.md#writes); on update every one is optional. */
@ApiExtraModels(LinkByIdDto, CreateVenueDto, CreateOrganizerDto)
export class EventFieldsDto {
  /** Author user id. */
  @IntegerParam(1)
  author?: number;

  /** Publication date, in the site's time zone unless it carries an offset. */
  @DateParam()
  date?: string;

  /** Publication date in UTC. */
  @DateParam()
  date_utc?: string;

  /** Event title (plain text). */
  @StringParam()
  @ApiPropertyOptional({ maxLength: 255, example: 'Jazz on the roof' })
  @ValidateBy(
    {
      name: 'maxTitle',
      validator: { validate: (v: unknown) => typeof v !== 'string' || v.length <= 255 },
    },
    reportAs({ message: 'param.too-long' }),
  )
  title?: string;

  /** Event description (safe HTML is kept); `""` clears it. */
  @RichTextParam()
  description?: string | null;

  /** Event slug; made unique by adding `-2`, `-3`, ... */
  @StringParam()
  slug?: string;

  /** Event excerpt (safe HTML is kept); `""` clears it. */
  @RichTextParam()
  excerpt?: string | null;

  /** Password that protects the event's content; `""` removes it. */
  @StringParam({ allowEmpty: true })
  @ApiPropertyOptional({ maxLength: 255 })
  @ValidateBy(
    {
      name: 'maxPassword',
      validator: { validate: (v: unknown) => typeof v !== 'string' || v.length <= 255 },
    },
    reportAs({ message: 'param.too-long' }),
  )
  password?: string;

  /** Post status. */
  @IsOptional()
  @Transform(notGivenIfNull)
  @IsIn(POST_STATUSES, reportAs({ message: 'param.invalid' }))
  status?: PostStatus;

  /** IANA time zone (`Europe/Madrid`) or offset (`UTC+2`); empty means the site's zone. */
  @ApiPropertyOptional({ type: 'string', example: 'Europe/Madrid' })
  @IsOptional()
  @Transform(notGivenIfNull)
  @ValidateBy(
    {
      name: 'isZone',
      validator: {
        validate: (v: unknown) =>
          typeof v === 'string' && (v.trim() === '' || resolveZone(v.trim()) !== null),
      },
    },
    reportAs({ message: 'param.invalid' }),
  )
  timezone?: string;

  /** The event lasts whole days. */
  @BooleanParam()
  all_day?: boolean;

  /** Start date and time, in the event's time zone unless it carries an offset. */
  @DateParam('2027-03-05 20:00')
  start_date?: string;

  /** End date and time, in the event's time zone unless it carries an offset. */
  @DateParam('2027-03-05 23:00')
  end_date?: string;

  /** Featured image: an http(s) URL or a positive integer id; `""` removes it. */
  @ImageParam()
  image?: string | number | null;

  /** Cost: a string such as `$23` or `10 - 20 €`, a number, or a list of them; `""` clears it. */
  @ApiPropertyOptional(COST_INPUT)
  @IsOptional()
  @ValidateBy(
    { name: 'isCost', validator: { validate: (v: unknown) => normaliseCostInput(v) !== null } },
    reportAs({ message: 'param.bad-cost' }),
  )
  cost?: unknown;

  /** Event website (http or https URL); `""` removes it. */
  @WebsiteParam()
  website?: string | null;

  /** Show a map of the venue. */
  @BooleanParam()
  show_map?: boolean;

  /** Show a link to the venue's map. */
  @BooleanParam()
  show_map_link?: boolean;

  /** Leave the event out of lists (it stays readable by id and slug). */
  @BooleanParam()
  hide_from_listings?: boolean;

  /** Sticky in calendar views. */
  @BooleanParam()
  sticky?: boolean;

  /** Featured event. */
  @BooleanParam()
  featured?: boolean;

  /** Categories: ids, slugs or names (unknown names are created), as a list or comma list; empty clears. */
  @ApiPropertyOptional(TERMS_INPUT)
  @IsOptional()
  @ValidateBy(
    { name: 'isTermList', validator: { validate: (v: unknown) => readTermInput(v) !== null } },
    reportAs({ message: 'param.invalid' }),
  )
  categories?: unknown;

  /** Tags: ids, slugs or names (unknown names are created), as a list or comma list; empty clears. */
  @ApiPropertyOptional(TERMS_INPUT)
  @IsOptional()
  @ValidateBy(
    { name: 'isTermList', validator: { validate: (v: unknown) => readTermInput(v) !== null } },
    reportAs({ message: 'param.invalid' }),
  )
  tags?: unknown;

  /** Venue: an id, `{"id": n}`, a venue object (created, or reused when one has the same name), or empty to unlink. */
  @ApiPropertyOptional(VENUE_INPUT)
  @IsOptional()
  @ValidateBy(
    { name: 'isVenueLink', validator: { validate: (v: unknown) => readVenueInput(v) !== null } },
    reportAs({ message: 'param.invalid' }),
  )
  venue?: unknown;

  /** Organizers in order: ids, `{"id": n}` objects, organizer objects, or a mix; empty unlinks all. */
  @ApiPropertyOptional(ORGANIZER_INPUT)
  @IsOptional()
  @ValidateBy(
    {
      name: 'isOrganizerLink',
      validator: { validate: (v: unknown) => readOrganizerInput(v) !== null },
    },
    reportAs({ message: 'param.invalid' }),
  )
  organizer?: unknown;

  /** Parent event id; `0` for none. */
  @IntegerParam(0)
  post_parent?: number;

  /**
   * Makes the event a recurring series (docs/behaviour.md#recurring-events): RFC 5545 `RRULE`,
   * `RDATE` and `EXDATE` lines, as a list or one text, read in the event's time zone. On an
   * update of the series `""` or `[]` ends it after its first occurrence.
   */
  @ApiPropertyOptional({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, maxItems: 1000 }],
  })
  @IsOptional()
  @Transform(notGivenIfNull)
  @ValidateBy(
    {
      name: 'isRecurrence',
      validator: {
        validate: (v: unknown) =>
          typeof v === 'string' ||
          (Array.isArray(v) && v.length <= 1000 && v.every((line) => typeof line === 'string')),
      },
    },
    reportAs({ message: 'param.invalid' }),
  )
  recurrence?: string | string[];

  /** Language the text of this request is written in (the query parameter wins). */
  @LanguageParam()
  i18n_language?: string;
}
