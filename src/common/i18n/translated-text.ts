import { isLanguage, Language, LANGUAGES } from './language';

/** One language's row of an item's translatable fields; null means "not translated". */
export type TranslationRow<F extends string> = { readonly language: string } & {
  readonly [K in F]: string | null;
};

/** The text a reader sees, and the languages behind it. */
export interface ShownText<F extends string> {
  /** Each field in the requested language, else in the original language, else `""`. */
  readonly values: Record<F, string>;
  /** The language of `primary` (title or name) as shown. */
  readonly language: Language;
  /** Languages the item has some text in, in the order ca, en, es. */
  readonly translations: Language[];
}

/**
 * Picks, field by field, the text in `language` with fallback to `original` (docs/behaviour.md#languages):
 * `primary` names the field whose language the item reports as its own.
 */
export function showText<F extends string>(
  rows: readonly TranslationRow<F>[],
  fields: readonly F[],
  primary: F,
  language: Language,
  original: string,
): ShownText<F> {
  const wanted = rows.find((row) => row.language === language);
  const fallback = rows.find((row) => row.language === original);
  const values = {} as Record<F, string>;
  for (const field of fields) values[field] = wanted?.[field] ?? fallback?.[field] ?? '';
  const fallbackLanguage = isLanguage(original) ? original : language;
  const present = new Set(
    rows.filter((row) => fields.some((field) => row[field] !== null)).map((row) => row.language),
  );
  return {
    values,
    language: wanted?.[primary] != null ? language : fallbackLanguage,
    translations: LANGUAGES.filter((code) => present.has(code)),
  };
}
