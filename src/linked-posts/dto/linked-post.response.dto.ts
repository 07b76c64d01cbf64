import { ImageDto } from '../../common/media/image';

/**
 * What venues and organizers show alike. Empty values are left out of the body (TEC filters
 * them), so every field but the language keys may be missing.
 */
export class LinkedPostResponseDto {
  id?: number;
  /** Author user id, as a string. */
  author?: string;
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
  url?: string;
  /** HTML, in paragraphs. */
  description?: string;
  slug?: string;
  image?: ImageDto;
  phone?: string;
  website?: string;
  /** schema.org description; single reads only. */
  json_ld?: Record<string, unknown>;
  /** `<host><path>?id=<id>`. */
  global_id?: string;
  global_id_lineage?: string[];
  /** The language of the name shown. */
  i18n_language!: string;
  /** Languages the item has text in. */
  i18n_translations!: string[];
}

/** The paging part of a venue or organizer list (TEC §2.1 key order, after the items). */
export class LinkedPostListTailDto {
  rest_url!: string;
  next_rest_url?: string;
  previous_rest_url?: string;
  total!: number;
  total_pages!: number;
}
