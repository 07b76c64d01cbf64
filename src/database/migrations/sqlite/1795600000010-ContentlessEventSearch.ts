import { MigrationInterface, QueryRunner } from 'typeorm';

/** `event_search`'s rowid for a translation row: `event_id * 4` plus its language's number. */
function rowid(row: 'new' | 'old' | 'event_translations'): string {
  const prefix = row === 'event_translations' ? '' : `${row}.`;
  return `${prefix}"event_id" * 4 + CASE ${prefix}"language" WHEN 'ca' THEN 1 WHEN 'en' THEN 2 ELSE 3 END`;
}

const TOKENIZE = `tokenize = 'unicode61 remove_diacritics 2'`;

/**
 * `event_search` (the FTS5 index of `search`) keeps no copy of the text: a search reads only
 * which rows match, never the text, so the table is contentless (`content=''`), with
 * `contentless_delete=1` so the triggers can still delete and replace a row by its rowid
 * (SQLite 3.43 or later). Each write of a translation, and the seed, stops writing every title,
 * description and excerpt a second time. The table is filled again from `event_translations`
 * and its triggers made again, as the first `EventSearch` migration made them.
 */
export class ContentlessEventSearch1795600000010 implements MigrationInterface {
  name = 'ContentlessEventSearch1795600000010';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await this.rebuild(queryRunner, `content = '', contentless_delete = 1, ${TOKENIZE}`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await this.rebuild(queryRunner, TOKENIZE);
  }

  private async rebuild(queryRunner: QueryRunner, options: string): Promise<void> {
    for (const name of ['event_search_delete', 'event_search_update', 'event_search_insert']) {
      await queryRunner.query(`DROP TRIGGER "${name}"`);
    }
    await queryRunner.query(`DROP TABLE "event_search"`);
    await queryRunner.query(
      `CREATE VIRTUAL TABLE "event_search" USING fts5("title", "description", "excerpt", ${options})`,
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
}
