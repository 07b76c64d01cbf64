import { StatusListParam } from '../../posts/status-list.param';
import { ModifiedOrderParamsDto } from '../../common/paging/change-params.dto';
import { PageParam, PerPageParam } from '../../common/paging/paging-params';
import {
  BooleanParam,
  IntegerParam,
  LanguageParam,
  StringParam,
} from '../../common/validation/decorators';

/** Query of `GET /venues` and `GET /organizers` (docs/behaviour.md#venues-and-organizers). */
export class LinkedPostListQueryDto extends ModifiedOrderParamsDto {
  /** Page of results, from 1. */
  @PageParam()
  page?: number;

  /** Items per page: default 10, at most 50 (larger values are clamped). */
  @PerPageParam()
  per_page?: number;

  /**
   * Words (runs of letters, digits and `-`) that must all occur, in any order, in one field:
   * the name or description in the request's language (or the original one), or a contact or
   * address field.
   */
  @StringParam()
  search?: string;

  /** Only those linked to this event. */
  @IntegerParam(1)
  event?: number;

  /** `true`: only those linked to an event that is not a draft, pending or trashed; `false`: the others. */
  @BooleanParam()
  has_events?: boolean;

  /** Only those linked to an event starting now or later that the caller may see. */
  @BooleanParam(false)
  only_with_upcoming?: boolean;

  /** Statuses to list, as a list or comma-separated; anonymous callers may ask for `publish` only. */
  @StatusListParam()
  status?: string[];

  /** Language of the answer: `ca`, `en` or `es`. */
  @LanguageParam()
  i18n_language?: string;
}
