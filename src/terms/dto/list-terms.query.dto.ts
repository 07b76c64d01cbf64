import { ChangeParamsDto } from '../../common/paging/change-params.dto';
import { PageParam, PerPageParam } from '../../common/paging/paging-params';
import {
  BooleanParam,
  IdListParam,
  IntegerParam,
  LanguageParam,
  StringParam,
} from '../../common/validation/decorators';

/** Query of `GET /categories` and `GET /tags` (docs/behaviour.md#categories-and-tags). */
export class ListTermsQueryDto extends ChangeParamsDto {
  /** Page of results, from 1; a page past the end is empty. */
  @PageParam()
  page?: number;

  /** Terms per page: default 10, at most 50 (larger values are clamped). */
  @PerPageParam()
  per_page?: number;

  /** Leave out terms with no published event. */
  @BooleanParam(true)
  hide_empty?: boolean;

  /** The name (as read in the request's language) or the slug contains this text. */
  @StringParam()
  search?: string;

  /** Only these term ids (list or comma-separated); each must be a term of this taxonomy. */
  @IdListParam()
  include?: string[];

  /** Leave out these term ids (list or comma-separated); each must be a term of this taxonomy. */
  @IdListParam()
  exclude?: string[];

  /** `asc` (default) or `desc`, in any case; other words mean `asc`. */
  @StringParam()
  order?: string;

  /**
   * `name` (default, case-insensitive), `id`, `slug`, `count`, `description`, `parent`,
   * `modified`, `term_group`, `include` (the include list's order), `slug__in`,
   * `include_slugs`, `none`.
   */
  @StringParam()
  orderby?: string;

  /** Only terms of this event (an event id); `event` wins when both are given. */
  @IntegerParam(1)
  post?: number;

  /** Only terms of this event (an event id). */
  @IntegerParam(1)
  event?: number;

  /** Only the term with exactly this slug. */
  @StringParam()
  slug?: string;

  /** Language of the answer: `ca`, `en` or `es`. */
  @LanguageParam()
  i18n_language?: string;
}
