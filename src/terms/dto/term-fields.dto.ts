import { ValidateBy } from 'class-validator';
import { LanguageParam, StringParam } from '../../common/validation/decorators';
import { reportAs } from '../../common/validation/validate-input';

const MAX_DESCRIPTION_BYTES = 65_535;

/** The writable fields categories and tags share; on update every one is optional. */
export class TermFieldsDto {
  /** Term name (plain text, at most 200 characters), in the request's language. */
  @StringParam()
  name?: string;

  /** Term description (safe HTML is kept), in the request's language; `""` clears it. */
  @StringParam({ allowEmpty: true })
  @ValidateBy(
    {
      name: 'fitsText',
      validator: {
        validate: (value: unknown) =>
          typeof value !== 'string' || Buffer.byteLength(value, 'utf8') <= MAX_DESCRIPTION_BYTES,
      },
    },
    reportAs({ message: 'param.too-long' }),
  )
  description?: string | null;

  /** Term slug, shared by all languages; made unique in the taxonomy by adding `-2`, `-3`, ... */
  @StringParam()
  slug?: string;

  /** Language the text of this request is written in (the query parameter wins). */
  @LanguageParam()
  i18n_language?: string;
}
