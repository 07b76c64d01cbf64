import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `modified_after`, `modified_before` and `orderby=modified` on the lists: a modification time
 * on terms (SQLite adds a column with a non-constant default by copying the table), and an
 * index on it for each of the five resources.
 */

export class ModifiedFilters1795600000001 implements MigrationInterface {
  name = 'ModifiedFilters1795600000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_terms_taxonomy_parent"`);
    await queryRunner.query(`DROP INDEX "uq_terms_taxonomy_slug"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_terms" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "taxonomy" varchar(32) NOT NULL, "slug" varchar(200) NOT NULL, "parent" integer NOT NULL DEFAULT (0), "original_language" varchar(2) NOT NULL, "published_count" integer NOT NULL DEFAULT (0), "modified_utc" datetime NOT NULL DEFAULT (CURRENT_TIMESTAMP))`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_terms"("id", "taxonomy", "slug", "parent", "original_language", "published_count") SELECT "id", "taxonomy", "slug", "parent", "original_language", "published_count" FROM "terms"`,
    );
    await queryRunner.query(`DROP TABLE "terms"`);
    await queryRunner.query(`ALTER TABLE "temporary_terms" RENAME TO "terms"`);
    await queryRunner.query(
      `CREATE INDEX "idx_terms_taxonomy_parent" ON "terms" ("taxonomy", "parent") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_terms_taxonomy_slug" ON "terms" ("taxonomy", "slug") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_events_modified" ON "events" ("modified_utc", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_organizers_modified" ON "organizers" ("modified_utc", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_terms_taxonomy_modified" ON "terms" ("taxonomy", "modified_utc", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_venues_modified" ON "venues" ("modified_utc", "id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_venues_modified"`);
    await queryRunner.query(`DROP INDEX "idx_terms_taxonomy_modified"`);
    await queryRunner.query(`DROP INDEX "idx_organizers_modified"`);
    await queryRunner.query(`DROP INDEX "idx_events_modified"`);
    await queryRunner.query(`DROP INDEX "uq_terms_taxonomy_slug"`);
    await queryRunner.query(`DROP INDEX "idx_terms_taxonomy_parent"`);
    await queryRunner.query(`ALTER TABLE "terms" RENAME TO "temporary_terms"`);
    await queryRunner.query(
      `CREATE TABLE "terms" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "taxonomy" varchar(32) NOT NULL, "slug" varchar(200) NOT NULL, "parent" integer NOT NULL DEFAULT (0), "original_language" varchar(2) NOT NULL, "published_count" integer NOT NULL DEFAULT (0))`,
    );
    await queryRunner.query(
      `INSERT INTO "terms"("id", "taxonomy", "slug", "parent", "original_language", "published_count") SELECT "id", "taxonomy", "slug", "parent", "original_language", "published_count" FROM "temporary_terms"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_terms"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_terms_taxonomy_slug" ON "terms" ("taxonomy", "slug") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_terms_taxonomy_parent" ON "terms" ("taxonomy", "parent") `,
    );
  }
}
