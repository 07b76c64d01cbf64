import { MYSQL_MIN_INDEXED_LENGTH, searchTokens } from './full-text';

/**
 * How the read cache tells which searches a write can change (docs/decisions.md, "A search
 * ends only with writes of its words"). A search word must begin a word of an event's text
 * (`full-text.ts`), so a write can change a search only if the event's text, before or after
 * it, holds a word beginning with each of the search's words, and with its longest in
 * particular. A write notes the first three letters of every word of the text it replaced and
 * of the text it left (`searchPrefixes`), and a search depends on those of its longest word
 * (`searchPrefixOf`): a write that notes other prefixes leaves it kept.
 */

/** Letters of a word's beginning a key names: InnoDB's shortest indexed word. */
export const PREFIX_LENGTH = MYSQL_MIN_INDEXED_LENGTH;

/**
 * Letters the databases' collations and tokenizers take as others, folded to one of them before
 * a prefix is taken (MariaDB's `utf8mb4_unicode_ci` reads `ß` as `ss`, `æ` as `ae`; final sigma
 * as sigma). A writer notes both the folded and the plain beginning, so a search finds its key
 * whichever way the database read the word.
 */
const EXPANSIONS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
  ĳ: 'ij',
  ς: 'σ',
};

/**
 * A word as the full-text indexes compare it: without invisible format characters (a soft
 * hyphen inside a word is ignored by the collation), decomposed, without accents, lower case.
 */
function plain(text: string): string {
  return text
    .replace(/\p{Cf}/gu, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

function expanded(word: string): string {
  return [...word].map((letter) => EXPANSIONS[letter] ?? letter).join('');
}

/**
 * The prefixes a write of an event with these texts (every language's title, description and
 * excerpt, before or after the write; markup included, as the indexes hold it) notes: the
 * first three letters of each word, folded and plain.
 */
export function searchPrefixes(texts: Iterable<string | null | undefined>): Set<string> {
  const prefixes = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const word of plain(text).split(/[^\p{L}\p{N}]+/u)) {
      if (word.length === 0) continue;
      for (const form of [word, expanded(word)]) {
        const letters = [...form];
        if (letters.length >= PREFIX_LENGTH) prefixes.add(letters.slice(0, PREFIX_LENGTH).join(''));
      }
    }
  }
  return prefixes;
}

/**
 * The prefix a search of `words` depends on: its longest word's first three letters, folded;
 * undefined when every word is shorter (MariaDB matches those inside words, so any write may
 * change such a search).
 */
export function searchPrefixOf(words: readonly string[]): string | undefined {
  const tokens = searchTokens(words).map((token) => expanded(plain(token)));
  const longest = tokens.reduce<string | undefined>(
    (best, token) => (best === undefined || [...token].length > [...best].length ? token : best),
    undefined,
  );
  if (longest === undefined || [...longest].length < PREFIX_LENGTH) return undefined;
  return [...longest].slice(0, PREFIX_LENGTH).join('');
}
