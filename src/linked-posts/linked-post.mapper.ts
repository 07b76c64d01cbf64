import { DateTime, Zone } from 'luxon';
import { formatDateTime } from '../common/dates/format';
import { Language } from '../common/i18n/language';
import { ShownText, showText } from '../common/i18n/translated-text';
import { ApiLinks } from '../common/links/links';
import { imageOf } from '../common/media/image';
import { ImageDto } from '../common/media/image.dto';
import { autoParagraph } from '../common/text/html';
import { effectiveStatus } from '../posts/post-status';
import { LinkedPostEntity, LinkedPostKind, LinkedPostTranslation } from './linked-post';

/** What the venue and organizer mappers need besides the item. */
export interface LinkedPostMapping {
  readonly language: Language;
  readonly links: ApiLinks;
  readonly siteZone: Zone;
  /** Single-item reads carry `json_ld`. */
  readonly single: boolean;
  /** The instant a `future` item is compared with (its date passed: shown as `publish`). */
  readonly now?: Date;
}

/** The text fields of venues and organizers. */
export type LinkedPostTextField = 'name' | 'description';

/** Whether TEC's `array_filter` drops `value`: `""`, `"0"`, `0`, `false`, null, `[]`. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === false ||
    value === 0 ||
    value === '' ||
    value === '0' ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** An object whose empty values were left out: no key holds null or `false` any more. */
export type WithoutEmpty<T> = { [K in keyof T]?: Exclude<T[K], null | false | undefined> };

/** `fields` without its empty values, in the same key order. */
export function withoutEmpty<T extends object>(fields: T): WithoutEmpty<T> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => !isEmptyValue(value)),
  ) as WithoutEmpty<T>;
}

/** The name and description a reader of `language` sees, falling back to the original language. */
export function linkedPostText(
  item: LinkedPostEntity,
  translations: readonly LinkedPostTranslation[],
  language: Language,
): ShownText<LinkedPostTextField> {
  return showText(translations, ['name', 'description'], 'name', language, item.originalLanguage);
}

/** The fields every venue and organizer starts with, in TEC's order: `id` to `url`. */
export function linkedPostHead(
  kind: LinkedPostKind,
  item: LinkedPostEntity,
  mapping: LinkedPostMapping,
) {
  const published = DateTime.fromJSDate(item.dateUtc, { zone: mapping.siteZone });
  const modified = DateTime.fromJSDate(item.modifiedUtc, { zone: mapping.siteZone });
  return {
    id: item.id,
    author: String(item.author),
    status: effectiveStatus(item, mapping.now ?? new Date()),
    date: formatDateTime(published),
    date_utc: formatDateTime(published.toUTC()),
    modified: formatDateTime(modified),
    modified_utc: formatDateTime(modified.toUTC()),
    url: `${mapping.links.site}/${kind}/${item.slug}/`,
  };
}

/** The fields after the name: `description` (in paragraphs), `slug`, `image`. */
export function linkedPostBody(
  item: LinkedPostEntity,
  text: ShownText<LinkedPostTextField>,
): { description: string; slug: string; image: ImageDto | false } {
  return {
    description: autoParagraph(text.values.description),
    slug: item.slug,
    image: imageOf(item),
  };
}

/** The last two keys of every item. */
export function languageKeysOf(text: ShownText<LinkedPostTextField>): {
  i18n_language: string;
  i18n_translations: string[];
} {
  return { i18n_language: text.language, i18n_translations: text.translations };
}
