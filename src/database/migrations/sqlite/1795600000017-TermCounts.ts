import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Terms' published counts move from `terms.published_count` to a row of their own per term
 * (`term_counts`), as on MySQL (docs/decisions.md, "Term counts in a table of their own"). Every
 * term gets its row, with the count it had; SQLite drops the column by copying the table.
 */
export class TermCounts1795600000017 implements MigrationInterface {
  name = 'TermCounts1795600000017';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "term_counts" ("term_id" integer PRIMARY KEY NOT NULL, "published_count" integer NOT NULL DEFAULT (0), CONSTRAINT "FK_c367b6135df77caf49e7915548b" FOREIGN KEY ("term_id") REFERENCES "terms" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `INSERT INTO "term_counts" ("term_id", "published_count") SELECT "id", "published_count" FROM "terms"`,
    );
    await queryRunner.query(`DROP INDEX "idx_terms_taxonomy_modified"`);
    await queryRunner.query(`DROP INDEX "uq_terms_taxonomy_slug"`);
    await queryRunner.query(`DROP INDEX "idx_terms_taxonomy_parent"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_terms" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "taxonomy" varchar(32) NOT NULL, "slug" varchar(200) NOT NULL, "parent" integer NOT NULL DEFAULT (0), "original_language" varchar(2) NOT NULL, "modified_utc" datetime NOT NULL DEFAULT (CURRENT_TIMESTAMP))`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_terms"("id", "taxonomy", "slug", "parent", "original_language", "modified_utc") SELECT "id", "taxonomy", "slug", "parent", "original_language", "modified_utc" FROM "terms"`,
    );
    await queryRunner.query(`DROP TABLE "terms"`);
    await queryRunner.query(`ALTER TABLE "temporary_terms" RENAME TO "terms"`);
    await queryRunner.query(
      `CREATE INDEX "idx_terms_taxonomy_modified" ON "terms" ("taxonomy", "modified_utc", "id") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_terms_taxonomy_slug" ON "terms" ("taxonomy", "slug") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_terms_taxonomy_parent" ON "terms" ("taxonomy", "parent") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_terms_taxonomy_parent"`);
    await queryRunner.query(`DROP INDEX "uq_terms_taxonomy_slug"`);
    await queryRunner.query(`DROP INDEX "idx_terms_taxonomy_modified"`);
    await queryRunner.query(`ALTER TABLE "terms" RENAME TO "temporary_terms"`);
    await queryRunner.query(
      `CREATE TABLE "terms" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "taxonomy" varchar(32) NOT NULL, "slug" varchar(200) NOT NULL, "parent" integer NOT NULL DEFAULT (0), "original_language" varchar(2) NOT NULL, "published_count" integer NOT NULL DEFAULT (0), "modified_utc" datetime NOT NULL DEFAULT (CURRENT_TIMESTAMP))`,
    );
    await queryRunner.query(
      `INSERT INTO "terms"("id", "taxonomy", "slug", "parent", "original_language", "published_count", "modified_utc") SELECT t."id", t."taxonomy", t."slug", t."parent", t."original_language", COALESCE(c."published_count", 0), t."modified_utc" FROM "temporary_terms" t LEFT JOIN "term_counts" c ON c."term_id" = t."id"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_terms"`);
    await queryRunner.query(
      `CREATE INDEX "idx_terms_taxonomy_parent" ON "terms" ("taxonomy", "parent") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_terms_taxonomy_slug" ON "terms" ("taxonomy", "slug") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_terms_taxonomy_modified" ON "terms" ("taxonomy", "modified_utc", "id") `,
    );
    await queryRunner.query(`DROP TABLE "term_counts"`);
  }
}
