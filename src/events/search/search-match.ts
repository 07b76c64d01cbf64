import type { Language } from '../../common/i18n/language';
import { escapeLike } from '../../database/sql-values';
import { searchBlock } from './full-text';

/**
 * The SQL of a search's word tests in an event list's query (`EventListRepository.whereSearch`):
 * a full-text match per database, and a plain `LIKE` pattern for words too short to index.
 */

/** The fields of an event's text a search reads. */
export const SEARCH_FIELDS = ['title', 'description', 'excerpt'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/**
 * `word` as a LIKE pattern matching it anywhere, with `!` escaping the wildcards. LIKE ignores
 * case under MySQL's `_ci` collations and, for ASCII, on SQLite.
 */
export function containsPattern(word: string): string {
  return `%${escapeLike(word)}%`;
}

/**
 * SQLite: `id` is among the events with the word of parameter `parameter` in one of `fields` of
 * the text a reader of `language` sees: `event_search` holds that text as one document per event
 * and reader language, in the language's block of rowids (`searchBlock`, written into the
 * statement as integers), so one pass over the word's matches in the block finds them, with no
 * translation looked up.
 */
export function sqliteSearchMatch(
  id: string,
  parameter: string,
  fields: readonly SearchField[],
  language: Language,
): string {
  const name = fields.length === SEARCH_FIELDS.length ? parameter : `${parameter}_${fields[0]}`;
  const { first, last } = searchBlock(language);
  return (
    `${id} IN (SELECT event_search.rowid - ${first} FROM event_search ` +
    `WHERE event_search MATCH :${name} AND event_search.rowid BETWEEN ${first} AND ${last})`
  );
}

/**
 * MySQL/MariaDB: `id` is among the events with the word of parameter `parameter` in one of
 * `fields` of the text a reader of `:searchLanguage` sees, in one subquery (a semi-join: the
 * same test as SQLite's with subqueries under an OR ran each full-text search again for every
 * candidate, 14 s for one word at 100k events). A match in the reader's own text counts; one in
 * the original language's counts unless the event has text of its own in the reader's language
 * (`sv`) that replaces every field the word is in (InnoDB matches a field alone through its own
 * index). Each match's event is joined for its original language (a correlated subquery instead
 * cost 10-20% more: 1M events, `jazz`, 1.05 s against 0.96 s).
 */
export function mysqlSearchMatch(
  id: string,
  parameter: string,
  fields: readonly SearchField[],
): string {
  const whole = fields.length === SEARCH_FIELDS.length;
  const columns = fields.map((field) => `st.${field}`).join(', ');
  const shown = fields.map((field) =>
    whole
      ? `(sv.${field} IS NULL AND MATCH (st.${field}) AGAINST (:${parameter} IN BOOLEAN MODE))`
      : `sv.${field} IS NULL`,
  );
  return (
    `${id} IN (SELECT st.event_id FROM event_translations st ` +
    `INNER JOIN events o ON o.id = st.event_id ` +
    `LEFT JOIN event_translations sv ON sv.event_id = st.event_id ` +
    `AND sv.language = :searchLanguage AND sv.language <> o.original_language ` +
    `WHERE MATCH (${columns}) AGAINST (:${parameter} IN BOOLEAN MODE) ` +
    `AND (st.language = :searchLanguage OR (st.language = o.original_language ` +
    `AND (sv.event_id IS NULL OR ${shown.join(' OR ')}))))`
  );
}
