import { Language } from '../../common/i18n/language';

/**
 * Full-text search of events (title, description and excerpt in every language): a FULLTEXT
 * index on `event_translations` on MySQL/MariaDB, a contentless FTS5 table `event_search` (the
 * index without a copy of the text) kept in step by triggers on SQLite (see the `EventSearch`,
 * `ContentlessEventSearch` and `OriginalLanguageSearchKey` migrations). A search word matches
 * the words of the text it begins, ignoring case and accents.
 */

/**
 * InnoDB indexes words of at least this many characters (`innodb_ft_min_token_size`, 3 by
 * default); shorter search words are matched as substrings instead.
 */
export const MYSQL_MIN_INDEXED_LENGTH = 3;

/**
 * The number that names each language in `event_search`'s rowid (`event_id * 4 + code`) for
 * text that is not in the event's original language; the SQLite migrations' triggers write the
 * same numbers.
 */
export const SEARCH_LANGUAGE_CODES: Readonly<Record<Language, number>> = { ca: 1, en: 2, es: 3 };

/**
 * The number of the text in the event's original language in `event_search`'s rowid, whatever
 * the language (`OriginalLanguageSearchKey` migration): a search tells from a match's rowid alone
 * whether the reader sees it.
 */
export const SEARCH_ORIGINAL_CODE = 0;

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
