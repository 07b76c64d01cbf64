import { MigrationInterface, QueryRunner } from 'typeorm';

/** `event_search`'s rowid for a translation row: `event_id * 4` plus its language's number. */
function rowid(row: 'new' | 'old' | 'event_translations'): string {
  const prefix = row === 'event_translations' ? '' : `${row}.`;
  return `${prefix}"event_id" * 4 + CASE ${prefix}"language" WHEN 'ca' THEN 1 WHEN 'en' THEN 2 ELSE 3 END`;
}

/**
 * An FTS5 table over the event text of every language, for `search` (events/search): case- and
 * accent-insensitive (`unicode61 remove_diacritics 2`), filled from `event_translations` and kept
 * in step with it by triggers. A later migration that rebuilds `event_translations` (SQLite's
 * way of altering a table) drops these triggers and must create them again.
 */
export class EventSearch1795300000000 implements MigrationInterface {
  name = 'EventSearch1795300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE VIRTUAL TABLE "event_search" USING fts5("title", "description", "excerpt", tokenize = 'unicode61 remove_diacritics 2')`,
    );
    await queryRunner.query(
      `INSERT INTO "event_search" ("rowid", "title", "description", "excerpt") SELECT ${rowid('event_translations')}, "title", "description", "excerpt" FROM "event_translations"`,
    );
    const insert = `INSERT INTO "event_search" ("rowid", "title", "description", "excerpt") VALUES (${rowid('new')}, new."title", new."description", new."excerpt");`;
    const remove = `DELETE FROM "event_search" WHERE "rowid" = ${rowid('old')};`;
    await queryRunner.query(
      `CREATE TRIGGER "event_search_insert" AFTER INSERT ON "event_translations" BEGIN ${insert} END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "event_search_update" AFTER UPDATE ON "event_translations" BEGIN ${remove} ${insert} END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "event_search_delete" AFTER DELETE ON "event_translations" BEGIN ${remove} END`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "event_search_delete"`);
    await queryRunner.query(`DROP TRIGGER "event_search_update"`);
    await queryRunner.query(`DROP TRIGGER "event_search_insert"`);
    await queryRunner.query(`DROP TABLE "event_search"`);
  }
}
