import { Language } from '../../common/i18n/language';

/**
 * Full-text search of events (title, description and excerpt in every language): a FULLTEXT
 * index on `event_translations` on MySQL/MariaDB, on SQLite a contentless FTS5 table `event_search`
 * (an index without a copy of the text) of the text each reader language sees, kept in step by
 * triggers (see the `EventSearch`, `ContentlessEventSearch` and `ReaderSearchDocuments`
 * migrations). A search word matches the words of the text it begins, ignoring case and accents.
 */

/**
 * InnoDB indexes words of at least this many characters (`innodb_ft_min_token_size`, 3 by
 * default); shorter search words are matched as substrings instead.
 */
export const MYSQL_MIN_INDEXED_LENGTH = 3;

/**
 * The number of each reader language in `event_search` (SQLite), whose document of an event for
 * a reader of that language is numbered `code * 2^40 + event_id` (`ReaderSearchDocuments`
 * migration; its triggers write the same numbers).
 */
const SEARCH_LANGUAGE_CODES: Readonly<Record<Language, number>> = { ca: 1, en: 2, es: 3 };

/** The span of one reader language's rowids in `event_search`; event ids stay below it. */
const SEARCH_BLOCK = 2 ** 40;

/** The first and last rowid of the documents `event_search` holds for readers of `language`. */
export function searchBlock(language: Language): { first: number; last: number } {
  const first = SEARCH_LANGUAGE_CODES[language] * SEARCH_BLOCK;
  return { first, last: first + SEARCH_BLOCK - 1 };
}

/** The words of a search: runs of letters and digits, in the order given, without repeats. */
export function searchTokens(words: readonly string[]): string[] {
  const tokens = words.flatMap((word) => word.normalize('NFC').split(/[^\p{L}\p{N}]+/u));
  return [...new Set(tokens.filter((token) => token !== ''))];
}

/** A MySQL boolean-mode query in which every token must begin a word (`+jazz* +trio*`). */
export function booleanModeQuery(tokens: readonly string[]): string {
  return tokens.map((token) => `+${token}*`).join(' ');
}

/** An FTS5 query in which every token must begin a word (`"jazz"* "trio"*`). */
export function fts5Query(tokens: readonly string[]): string {
  return tokens.map((token) => `"${token.replace(/"/g, '""')}"*`).join(' ');
}
