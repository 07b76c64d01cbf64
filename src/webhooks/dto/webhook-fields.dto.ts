import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsArray, IsIn, IsOptional, Matches, MaxLength, ValidateBy } from 'class-validator';
import { isHttpUrl } from '../../common/media/image';
import { toList } from '../../common/validation/convert';
import { BooleanParam, LanguageParam, StringParam } from '../../common/validation/decorators';
import { reportAs } from '../../common/validation/validate-input';
import { EVENT_TYPE_PATTERNS } from '../event-types';

const invalid = reportAs({ message: 'param.invalid' });

/** The writable fields of a webhook subscription (docs/behaviour.md#webhooks). */
export class WebhookFieldsDto {
  /** Where deliveries are POSTed: an `http` or `https` URL. */
  @ApiPropertyOptional({ type: 'string', format: 'uri', maxLength: 2048 })
  @IsOptional()
  @ValidateBy(
    {
      name: 'isHttpUrl',
      validator: { validate: (v: unknown) => typeof v === 'string' && isHttpUrl(v) },
    },
    invalid,
  )
  @MaxLength(2048, reportAs({ message: 'param.too-long' }))
  url?: string;

  /**
   * The changes to deliver: types such as `event.created` or `venue.trashed`, `<kind>.*` for
   * every action of a kind, or `*` for all; an array or a comma-separated string.
   */
  @ApiPropertyOptional({ type: 'string', isArray: true, enum: EVENT_TYPE_PATTERNS, minItems: 1 })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => toList(value))
  @IsArray(invalid)
  @IsIn(EVENT_TYPE_PATTERNS, { each: true, ...invalid })
  @ValidateBy(
    { name: 'notEmpty', validator: { validate: (v: unknown) => Array.isArray(v) && v.length > 0 } },
    invalid,
  )
  event_types?: string[];

  /**
   * The signing secret: `whsec_` and the base64 of 24 to 64 random bytes. Left out on a create,
   * one is made; either way the answer shows it this once.
   */
  @ApiPropertyOptional({ type: 'string', example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' })
  @IsOptional()
  @Matches(/^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/, invalid)
  secret?: string;

  /** A note for administrators: what the receiver is. */
  @StringParam({ allowEmpty: true })
  @MaxLength(255, reportAs({ message: 'param.too-long' }))
  description?: string;

  /**
   * Whether changes are delivered. `false` pauses the subscription (deliveries wait); `true`
   * resumes one paused or disabled after failures.
   */
  @BooleanParam()
  active?: boolean;

  /** Language of the answer: `ca`, `en` or `es`. */
  @LanguageParam()
  i18n_language?: string;
}
