import { DateParam, StringParam } from '../validation/decorators';

/**
 * The parameters every list takes for following changes: bounds on the last modification and
 * the sync token (docs/behaviour.md#lists, docs/behaviour.md#sync).
 */
export class ChangeParamsDto {
  /**
   * Only items last modified after this instant (exclusive): every date form the service reads,
   * naive ones in the site's zone, such as `2027-03-01 10:00:00` or `-1 day`. (No example value:
   * Swagger UI would send it on the first "Try it out" and answer an empty list.)
   */
  @DateParam()
  modified_after?: string;

  /** Only items last modified before this instant (exclusive). */
  @DateParam()
  modified_before?: string;

  /**
   * A `next_sync_token` from an earlier list answer: answers what changed in the collection
   * since, instead of a page. Combines with `per_page` (and the language and `password`) only.
   */
  @StringParam()
  sync_token?: string;
}

/** {@link ChangeParamsDto} and `orderby=modified`, for lists with no `orderby` of their own. */
export class ModifiedOrderParamsDto extends ChangeParamsDto {
  /**
   * `modified`: ordered by last modification, then id, in `order`. Any other value keeps the
   * default order (TEC clients send their own).
   */
  @StringParam()
  orderby?: string;

  /**
   * With `orderby=modified`: `asc` or `desc`, upper or lower case. Events default to `asc` (oldest
   * first), venues and organizers to `desc` (newest first).
   */
  @StringParam()
  order?: string;
}
