import { StatusListParam } from '../../posts/status-list.param';
import { ModifiedOrderParamsDto } from '../../common/paging/change-params.dto';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { DEFAULT_RADIUS_KM } from '../../common/geo/geo';
import { PageParam, PerPageParam } from '../../common/paging/paging-params';
import { Transform } from 'class-transformer';
import { reportAs } from '../../common/validation/validate-input';
import { IsOptional, ValidateBy } from 'class-validator';
import { toBoolean } from '../../common/validation/convert';
import {
  BooleanParam,
  DateParam,
  IdListParam,
  IdOrSlugListParam,
  IntegerParam,
  LanguageParam,
  NumberParam,
  StringParam,
} from '../../common/validation/decorators';

/** Query of `GET /events` (docs/behaviour.md#lists). */
export class ListEventsQueryDto extends ModifiedOrderParamsDto {
  /** Page of results, from 1. */
  @PageParam()
  page?: number;

  /** Events per page: default 10, at most 50 (larger values are clamped). */
  @PerPageParam()
  per_page?: number;

  /** Events starting on or after this date (whole day unless `strict_dates`). */
  @DateParam('today')
  start_date?: string;

  /** Events ending on or before this date (whole day unless `strict_dates`). */
  @DateParam('+3 months')
  end_date?: string;

  /** Events starting before this date. */
  @DateParam()
  starts_before?: string;

  /** Events starting after this date. */
  @DateParam()
  starts_after?: string;

  /** Events ending before this date. */
  @DateParam()
  ends_before?: string;

  /** Events ending after this date. */
  @DateParam()
  ends_after?: string;

  /** Use the given times as they are instead of whole days. */
  @BooleanParam(false)
  strict_dates?: boolean;

  /**
   * Every word must begin a word of the title, description or excerpt a reader of the request's
   * language sees (case and accents ignored; full-text index).
   */
  @StringParam()
  search?: string;

  /** Only featured (`true`) or only not featured (`false`) events. */
  @BooleanParam()
  featured?: boolean;

  /** Shows the password-protected events with this password unredacted. */
  @StringParam()
  password?: string;

  /** Statuses to list, as a list or comma-separated; anonymous callers may ask for `publish` only. */
  @StatusListParam()
  status?: string[];

  /** Only these event ids (list or comma-separated); the date window is then ignored. */
  @IdListParam()
  include?: string[];

  /** Events in any of these categories (ids or slugs; a category includes its subcategories). */
  @IdOrSlugListParam()
  categories?: string[];

  /** Events with any of these tags (ids or slugs). */
  @IdOrSlugListParam()
  tags?: string[];

  /** Events at any of these venues (ids). */
  @IdListParam()
  venue?: string[];

  /** Events with any of these organizers (ids). */
  @IdListParam()
  organizer?: string[];

  /** `true`: events whose venue has coordinates; `false`: the others, events without a venue included. */
  @BooleanParam()
  geoloc?: boolean;

  /** Latitude of the centre of a distance search; needs `geoloc_lng`. */
  @NumberParam(-90, 90, 'param.bad-latitude')
  geoloc_lat?: number;

  /** Longitude of the centre of a distance search; needs `geoloc_lat`. */
  @NumberParam(-180, 180, 'param.bad-longitude')
  geoloc_lng?: number;

  /** Radius of the distance search in kilometres. */
  @NumberParam(0.001, 20_000, 'param.bad-radius')
  @ApiPropertyOptional({ default: DEFAULT_RADIUS_KM })
  geoloc_radius?: number;

  /**
   * Of each recurring series, only its first occurrence in the list's window (TEC Pro's
   * parameter; docs/behaviour.md#recurring-events).
   */
  @BooleanParam(false)
  hide_subsequent_recurrences?: boolean;

  /** Only children of this event. */
  @IntegerParam(1)
  post_parent?: number;

  /** Ticketing is not available: `true` is refused, `false` changes nothing. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => toBoolean(value))
  @ValidateBy(
    { name: 'ticketed', validator: { validate: (v: unknown) => v === false } },
    reportAs({ message: 'param.ticketed-unavailable', detailCode: 'event-tickets-not-active' }),
  )
  ticketed?: boolean;

  /** Language of the answer: `ca`, `en` or `es`. */
  @LanguageParam()
  i18n_language?: string;
}
