import anyAscii from 'any-ascii';
import { toPlainText } from './html';

/**
 * URL slugs like WordPress's `sanitize_title`, used for events, venues, organizers and terms.
 *
 * A slug only ever contains `a-z`, `0-9` and single inner `-`. Accented Latin letters are
 * transliterated by the rules below; other scripts by `any-ascii` (Cyrillic `Москва` → `moskva`,
 * Greek `Αθήνα` → `athina`, Hangul and Han one syllable per character: `서울` → `seo-ul`,
 * `東京` → `dong-jing`); emoji and symbols are separators, i.e. dropped. WordPress would keep
 * non-Latin text percent-encoded instead; here a slug is always plain ASCII and can be cut at
 * any character. When nothing is left, `slugify` returns `''` and the caller picks a fallback.
 */

/** Longest slug, leaving room for a `-<n>` uniqueness suffix inside WordPress's 200 chars. */
export const SLUG_MAX_LENGTH = 190;

/** Latin letters that Unicode does not decompose into a base letter plus accents. */
const LATIN_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ł: 'l',
  Ł: 'L',
  ŀ: 'l',
  Ŀ: 'L',
  ı: 'i',
  ĳ: 'ij',
  Ĳ: 'IJ',
  ŉ: 'n',
  ſ: 's',
  ŋ: 'n',
  Ŋ: 'N',
  ħ: 'h',
  Ħ: 'H',
  ŧ: 't',
  Ŧ: 'T',
  ĸ: 'k',
  ƒ: 'f',
  ª: 'a',
  º: 'o',
};

const LATIN_LETTER = new RegExp(`[${Object.keys(LATIN_LETTERS).join('')}]`, 'g');

/** Named entities worth decoding before slugging; other named entities act as separators. */
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  szlig: 'ß',
  aelig: 'æ',
  AElig: 'Æ',
  oelig: 'œ',
  OElig: 'Œ',
  eth: 'ð',
  ETH: 'Ð',
  thorn: 'þ',
  THORN: 'Þ',
  middot: '·',
  apos: "'",
  rsquo: '’',
  lsquo: '‘',
};

/** Converts a code point from a numeric entity, or `''` when it is not a valid one. */
function fromCodePoint(codePoint: number): string {
  return Number.isInteger(codePoint) && codePoint > 0 && codePoint <= 0x10ffff
    ? String.fromCodePoint(codePoint)
    : '';
}

/**
 * Decodes the entities that carry letters (`&eacute;` → `e`, `&#233;` → `é`, `&szlig;` → `ß`)
 * or apostrophes; any other entity (`&amp;`, `&nbsp;`…) becomes a space, i.e. a separator.
 */
function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d{1,7});/g, (_, dec: string) => fromCodePoint(Number.parseInt(dec, 10)))
    .replace(/&#x([0-9a-f]{1,6});/gi, (_, hex: string) => fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&([a-z])(?:acute|grave|circ|uml|tilde|cedil|ring|slash|caron);/gi, '$1')
    .replace(/&([a-z][a-z0-9]*);/gi, (_, name: string) => NAMED_ENTITIES[name] ?? ' ');
}

/**
 * Turns accented Latin text into ASCII: `Café` → `Cafe`, `Ñandú` → `Nandu`, `Straße` →
 * `Strasse`, `Œuvre` → `OEuvre`, and the Catalan geminated `l·l` (or `ŀl`) → `ll`.
 * Characters that are not Latin letters are returned unchanged (apart from losing accents).
 */
export function transliterate(text: string): string {
  return text
    .replace(/(l)[·∙](?=l)/gi, '$1')
    .replace(LATIN_LETTER, (letter) => LATIN_LETTERS[letter] ?? letter)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '');
}

/**
 * Text of any script as ASCII letters: Latin by {@link transliterate}; Han and Hangul one
 * syllable per character, each a word of its own; other scripts by `any-ascii`. Emoji and other
 * pictographs are dropped rather than spelt out (`any-ascii` would write `:grinning:`).
 */
function toAscii(text: string): string {
  // Other scripts before the Latin rules: their NFD would split Hangul syllables into letters
  // and strip the voicing marks of kana (ジ → シ).
  const words = text
    .replace(/\p{Extended_Pictographic}/gu, ' ')
    .replace(/[\p{Script=Han}\p{Script=Hangul}]/gu, (syllable) => ` ${anyAscii(syllable)} `)
    .replace(/[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]+/gu, (run) => anyAscii(run));
  return anyAscii(transliterate(words));
}

/** Cuts a slug to {@link SLUG_MAX_LENGTH} without leaving a trailing `-`. */
function truncateSlug(slug: string): string {
  return slug.length <= SLUG_MAX_LENGTH ? slug : slug.slice(0, SLUG_MAX_LENGTH).replace(/-+$/, '');
}

/**
 * A URL slug like WordPress's `sanitize_title`: HTML tags are removed, letter entities decoded,
 * accents and other scripts transliterated, apostrophes dropped (`Joe's` → `joes`, as WordPress does), the text
 * lowercased, every other run of characters outside `a-z0-9` replaced by one `-`, leading and
 * trailing `-` trimmed, and the result cut to 190 characters.
 *
 * @returns the slug, or `''` when no ASCII letter or digit is left.
 * @example slugify('Café à la Plaça') // 'cafe-a-la-placa'
 */
export function slugify(text: string): string {
  const ascii = toAscii(decodeEntities(toPlainText(text))).toLowerCase();
  const slug = ascii
    .replace(/['’‘ʼ]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return truncateSlug(slug);
}

/**
 * WordPress-style unique slug: `base` when it is not taken, otherwise the first free of
 * `base-2`, `base-3`, … The caller passes a non-empty base (see {@link slugify}).
 */
export function nextSlugCandidate(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) {
    return base;
  }
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) {
    suffix += 1;
  }
  return `${base}-${suffix}`;
}
