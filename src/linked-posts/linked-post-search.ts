import { Brackets, WhereExpressionBuilder } from 'typeorm';
import { escapeLike } from '../database/sql-values';

/**
 * The words of a venue or organizer search, as TEC splits them: runs of letters, digits and
 * `-`; every other character separates (`"@common.com"` is `common`, `com`).
 */
export function searchWords(search: string | undefined): string[] {
  return search?.match(/[\p{L}\p{N}-]+/gu) ?? [];
}

/**
 * Keeps rows where one of `fields` (SQL expressions) contains every word, in any order: fields
 * are OR-ed, words AND-ed within a field. `LIKE` with `!` escaping ignores case under MySQL's
 * `_ci` collations and, for ASCII, on SQLite.
 */
export function whereAllWordsInOneField(
  query: WhereExpressionBuilder,
  fields: readonly string[],
  words: readonly string[],
): void {
  const params = Object.fromEntries(
    words.map((word, index) => [`word${index}`, `%${escapeLike(word)}%`]),
  );
  query.andWhere(
    new Brackets((any) => {
      for (const field of fields) {
        const all = words.map((_, index) => `${field} LIKE :word${index} ESCAPE '!'`);
        any.orWhere(`(${all.join(' AND ')})`, params);
      }
    }),
  );
}
