import { LanguageParam, StringParam } from '../../common/validation/decorators';

/** Query of the single-event routes. */
export class EventQueryDto {
  /** Language of the answer: `ca`, `en` or `es`. */
  @LanguageParam()
  i18n_language?: string;

  /** Unlocks a password-protected event on a read (ignored by writes). */
  @StringParam()
  password?: string;
}
