import { Language } from '../../common/i18n/language';

/**
 * Full-text search of events (title, description and excerpt in every language): a FULLTEXT
 * index on `event_translations` on MySQL/MariaDB, on SQLite a contentless FTS5 table (an index
 * without a copy of the text) per reader language of the text its readers see, kept in step by
 * triggers (see the `EventSearch`, `ContentlessEventSearch` and `ReaderSearchDocuments`
 * migrations). A search word matches the words of the text it begins, ignoring case and accents.
 */

/**
 * InnoDB indexes words of at least this many characters (`innodb_ft_min_token_size`, 3 by
 * default); shorter search words are matched as substrings instead.
 */
export const MYSQL_MIN_INDEXED_LENGTH = 3;

/**
 * The SQLite index of the text readers of each language see (`ReaderSearchDocuments`
 * migration), one document per event numbered by its id.
 */
export const SEARCH_TABLES: Readonly<Record<Language, string>> = {
  ca: 'event_search_ca',
  en: 'event_search_en',
  es: 'event_search_es',
};

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
