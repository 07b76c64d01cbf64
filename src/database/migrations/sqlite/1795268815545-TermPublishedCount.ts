import { MigrationInterface, QueryRunner } from 'typeorm';

export class TermPublishedCount1795268815545 implements MigrationInterface {
  name = 'TermPublishedCount1795268815545';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_terms_taxonomy_slug"`);
    await queryRunner.query(`DROP INDEX "idx_terms_taxonomy_parent"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_terms" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "taxonomy" varchar(32) NOT NULL, "slug" varchar(200) NOT NULL, "parent" integer NOT NULL DEFAULT (0), "original_language" varchar(2) NOT NULL, "published_count" integer NOT NULL DEFAULT (0))`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_terms"("id", "taxonomy", "slug", "parent", "original_language") SELECT "id", "taxonomy", "slug", "parent", "original_language" FROM "terms"`,
    );
    await queryRunner.query(`DROP TABLE "terms"`);
    await queryRunner.query(`ALTER TABLE "temporary_terms" RENAME TO "terms"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_terms_taxonomy_slug" ON "terms" ("taxonomy", "slug") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_terms_taxonomy_parent" ON "terms" ("taxonomy", "parent") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_events_scheduled" ON "events" ("status", "date_utc") `,
    );
    // Existing links: count each term's events stored as published.
    await queryRunner.query(
      `UPDATE terms SET published_count = (SELECT COUNT(*) FROM event_terms et INNER JOIN events e ON e.id = et.event_id WHERE et.term_id = terms.id AND e.status = 'publish')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_events_scheduled"`);
    await queryRunner.query(`DROP INDEX "idx_terms_taxonomy_parent"`);
    await queryRunner.query(`DROP INDEX "uq_terms_taxonomy_slug"`);
    await queryRunner.query(`ALTER TABLE "terms" RENAME TO "temporary_terms"`);
    await queryRunner.query(
      `CREATE TABLE "terms" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "taxonomy" varchar(32) NOT NULL, "slug" varchar(200) NOT NULL, "parent" integer NOT NULL DEFAULT (0), "original_language" varchar(2) NOT NULL)`,
    );
    await queryRunner.query(
      `INSERT INTO "terms"("id", "taxonomy", "slug", "parent", "original_language") SELECT "id", "taxonomy", "slug", "parent", "original_language" FROM "temporary_terms"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_terms"`);
    await queryRunner.query(
      `CREATE INDEX "idx_terms_taxonomy_parent" ON "terms" ("taxonomy", "parent") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_terms_taxonomy_slug" ON "terms" ("taxonomy", "slug") `,
    );
  }
}
