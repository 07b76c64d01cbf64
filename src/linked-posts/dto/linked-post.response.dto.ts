import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LANGUAGES } from '../../common/i18n/language';
import { ImageDto } from '../../common/media/image.dto';
import { POST_STATUSES } from '../../posts/post-status';

/**
 * What venues and organizers show alike. Empty values are left out of the body (TEC filters
 * them), so every field but the language keys may be missing.
 */
export class LinkedPostResponseDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1 })
  id?: number;
  /** Author user id, as a string. */
  author?: string;
  @ApiPropertyOptional({ enum: POST_STATUSES })
  status?: string;
  /** Publication date in the site's time zone, `YYYY-MM-DD HH:MM:SS`. */
  date?: string;
  /** Publication date in UTC. */
  date_utc?: string;
  /** Last change in the site's time zone. */
  modified?: string;
  /** Last change in UTC. */
  modified_utc?: string;
  /** The public page. */
  @ApiPropertyOptional({ format: 'uri' })
  url?: string;
  /** HTML, in paragraphs. */
  description?: string;
  slug?: string;
  image?: ImageDto;
  phone?: string;
  /** The website as given (an http or https URL). */
  @ApiPropertyOptional({ format: 'uri' })
  website?: string;
  /** schema.org description; single reads only: its own, and inside a single event (as TEC). */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  json_ld?: Record<string, unknown>;
  /** `<host><path>?id=<id>`. */
  global_id?: string;
  global_id_lineage?: string[];
  /** The language of the name shown. */
  @ApiProperty({ enum: LANGUAGES })
  i18n_language!: string;
  /** Languages the item has text in. */
  @ApiProperty({ enum: LANGUAGES, isArray: true })
  i18n_translations!: string[];
}
