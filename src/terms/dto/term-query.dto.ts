import { LanguageParam } from '../../common/validation/decorators';

/** Query of the single-term routes. */
export class TermQueryDto {
  /** Language of the answer: `ca`, `en` or `es`. */
  @LanguageParam()
  i18n_language?: string;
}
