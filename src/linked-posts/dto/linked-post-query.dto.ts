import { LanguageParam } from '../../common/validation/decorators';

/** Query of the single-item venue and organizer routes. */
export class LinkedPostQueryDto {
  /** Language of the answer: `ca`, `en` or `es`. */
  @LanguageParam()
  i18n_language?: string;
}
