import { LanguageParam, RichTextParam, StringParam } from '../../common/validation/decorators';

/** The writable fields categories and tags share; on update every one is optional. */
export class TermFieldsDto {
  /** Term name (plain text, at most 200 characters), in the request's language. */
  @StringParam()
  name?: string;

  /** Term description (safe HTML is kept), in the request's language; `""` clears it. */
  @RichTextParam()
  description?: string | null;

  /** Term slug, shared by all languages; made unique in the taxonomy by adding `-2`, `-3`, ... */
  @StringParam()
  slug?: string;

  /** Language the text of this request is written in (the query parameter wins). */
  @LanguageParam()
  i18n_language?: string;
}
