import { PageParam, PerPageParam } from '../../common/paging/paging-params';
import { LanguageParam } from '../../common/validation/decorators';

/** Query of the single-subscription routes. */
export class WebhookQueryDto {
  /** Language of the answer: `ca`, `en` or `es`. */
  @LanguageParam()
  i18n_language?: string;
}

/** Query of the subscription list and the delivery log: newest first. */
export class WebhookListQueryDto extends WebhookQueryDto {
  @PageParam()
  page?: number;

  @PerPageParam()
  per_page?: number;
}
