import { MigrationInterface, QueryRunner } from 'typeorm';
import { OriginalLanguageSearchKey1795600000011 } from './1795600000011-OriginalLanguageSearchKey';

const TOKENIZE = `tokenize = 'unicode61 remove_diacritics 2'`;
const TRIGGERS = [
  'event_search_delete',
  'event_search_update',
  'event_search_insert',
  'event_search_original',
];
/** A reader language's block of rowids: `code * 2^40` (event ids stay below 2^40). */
const BLOCK = 1099511627776;
/** The reader languages and their numbers, as `SEARCH_LANGUAGE_CODES` names them today. */
const READER_CODES = [
  [1, 'ca'],
  [2, 'en'],
  [3, 'es'],
] as const;
const READERS = READER_CODES.map(
  ([code, language]) => `SELECT ${code} AS "code", '${language}' AS "language"`,
).join(' UNION ALL ');

/**
 * `event_search_documents`: the document of each event for each reader language, numbered as
 * `event_search` numbers it, holding field by field the reader's own text, else the
 * original's, for an event with any text at all. Read whole, SQLite gives it language by
 * language (the `CROSS JOIN` keeps the languages outer), so in rowid order. The triggers, the
 * fill and the seed's fill read it, so the document is defined once, in the database.
 */
const DOCUMENTS_VIEW =
  `CREATE VIEW "event_search_documents" AS ` +
  `SELECT r."code" * ${BLOCK} + e."id" AS "document", e."id" AS "event_id", r."language" AS "language", ` +
  `e."original_language" AS "original_language", COALESCE(t."title", o."title") AS "title", ` +
  `COALESCE(t."description", o."description") AS "description", ` +
  `COALESCE(t."excerpt", o."excerpt") AS "excerpt" ` +
  `FROM (${READERS}) r CROSS JOIN "events" e ` +
  `LEFT JOIN "event_translations" t ON t."event_id" = e."id" AND t."language" = r."language" ` +
  `LEFT JOIN "event_translations" o ON o."event_id" = e."id" AND o."language" = e."original_language" ` +
  `WHERE t."event_id" IS NOT NULL OR o."event_id" IS NOT NULL`;

/** The statement that writes into `event_search` the documents `where` selects of the view. */
function documentsOf(where: string): string {
  return (
    `INSERT INTO "event_search" ("rowid", "title", "description", "excerpt") ` +
    `SELECT "document", "title", "description", "excerpt" FROM "event_search_documents" WHERE ${where}`
  );
}

/**
 * Deletes and writes again the documents of the event whose id is `id` (a trigger's column) that
 * a write of its text in `language` (a trigger's column; every reader's when omitted) can change:
 * the original's text shows wherever a reader's own leaves a field empty, so it changes every
 * reader's document; any other language's changes its reader's alone. An event already gone (a
 * cascade) counts as written in its original language, so none of its documents stays.
 */
function rewrite(id: string, language?: string): string {
  const rowid = (code: number): string => `"rowid" = ${code * BLOCK} + ${id}`;
  if (language === undefined) {
    const deletes = READER_CODES.map(
      ([code]) => `DELETE FROM "event_search" WHERE ${rowid(code)};`,
    );
    return `${deletes.join(' ')} ${documentsOf(`"event_id" = ${id}`)};`;
  }
  const original = `COALESCE((SELECT "original_language" FROM "events" WHERE "id" = ${id}), ${language})`;
  const deletes = READER_CODES.map(
    ([code, reader]) =>
      `DELETE FROM "event_search" WHERE ${rowid(code)} AND ${language} IN ('${reader}', ${original});`,
  );
  const changed = `${language} IN ("language", "original_language")`;
  return `${deletes.join(' ')} ${documentsOf(`"event_id" = ${id} AND ${changed}`)};`;
}

/**
 * `event_search` holds, for each event and reader language, the text a reader of that language
 * sees (its own text field by field, else the original's), numbered `code * 2^40 + event_id`.
 * A search reads its reader's block of rowids (a range FTS5 seeks to) and has its events at
 * once: before, it matched every language's text and then looked each candidate's translation
 * up to tell which text its reader sees (1M events, `jazz`: 130 ms, against 74–100 ms now). One
 * table rather than one per language: writing one event cost SQLite 2.5–3.6 ms with three
 * tables and 0.9–1.3 ms with one. A write of an event's text writes again the documents it
 * changes (`rewrite`), a change of its original language all three; deleting a rowid the index
 * lacks changes nothing.
 */
export class ReaderSearchDocuments1795600000018 implements MigrationInterface {
  name = 'ReaderSearchDocuments1795600000018';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const name of TRIGGERS) await queryRunner.query(`DROP TRIGGER IF EXISTS "${name}"`);
    await queryRunner.query(`DROP TABLE "event_search"`);
    await queryRunner.query(
      `CREATE VIRTUAL TABLE "event_search" USING fts5("title", "description", "excerpt", content = '', contentless_delete = 1, ${TOKENIZE})`,
    );
    await queryRunner.query(DOCUMENTS_VIEW);
    // Read whole, the view gives the documents in rowid order (at 1M events the index filled in
    // half the time it took event by event).
    await queryRunner.query(documentsOf('1 = 1'));
    // Filled in one statement, the index is left in many segments (a common word's match at 1M
    // events took 47 ms, against 6 once merged into one: 33 s here).
    await queryRunner.query(`INSERT INTO "event_search" ("event_search") VALUES ('optimize')`);
    const written = rewrite('new."event_id"', 'new."language"');
    const replaced = rewrite('old."event_id"', 'old."language"');
    await queryRunner.query(
      `CREATE TRIGGER "event_search_insert" AFTER INSERT ON "event_translations" BEGIN ${written} END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "event_search_update" AFTER UPDATE ON "event_translations" BEGIN ${replaced} ${written} END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "event_search_delete" AFTER DELETE ON "event_translations" BEGIN ${replaced} END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "event_search_original" AFTER UPDATE OF "original_language" ON "events" ` +
        `WHEN new."original_language" IS NOT old."original_language" BEGIN ${rewrite('new."id"')} END`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of TRIGGERS) await queryRunner.query(`DROP TRIGGER IF EXISTS "${name}"`);
    await queryRunner.query(`DROP VIEW "event_search_documents"`);
    // The earlier migration drops the table and fills its own again, with its triggers.
    await new OriginalLanguageSearchKey1795600000011().up(queryRunner);
  }
}
