import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import {
  DateParam,
  ImageParam,
  IntegerParam,
  LanguageParam,
  RichTextParam,
  StringParam,
  WebsiteParam,
} from '../../common/validation/decorators';
import { notGivenIfNull } from '../../common/validation/convert';
import { reportAs } from '../../common/validation/validate-input';
import { POST_STATUSES, PostStatus } from '../../posts/post-status';
import { ShortTextParam } from './linked-post-params';

/** The writable fields venues and organizers share (docs/behaviour.md#venues-and-organizers); on update every one is optional. */
export class LinkedPostFieldsDto {
  /** Author user id; a create defaults to the caller. */
  @IntegerParam(1)
  author?: number;

  /** Publication date, in the site's time zone unless it carries an offset. */
  @DateParam()
  date?: string;

  /** Publication date in UTC. */
  @DateParam()
  date_utc?: string;

  /** Description (safe HTML is kept); `""` clears it. */
  @RichTextParam()
  description?: string | null;

  /** Slug; made from the name when left out, and unique by adding `-2`, `-3`, ... */
  @StringParam()
  slug?: string;

  /** Post status; `publish` by default. */
  @IsOptional()
  @Transform(notGivenIfNull)
  @IsIn(POST_STATUSES, reportAs({ message: 'param.invalid' }))
  status?: PostStatus;

  /** Phone number; `""` clears it. */
  @ShortTextParam()
  phone?: string | null;

  /** Website (http or https URL); `""` clears it. */
  @WebsiteParam()
  website?: string | null;

  /** Featured image: an http(s) URL or a positive integer id; `""` removes it. */
  @ImageParam()
  image?: string | number | null;

  /** Language the text of this request is written in (the query parameter wins). */
  @LanguageParam()
  i18n_language?: string;
}
