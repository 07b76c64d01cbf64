import { MigrationInterface, QueryRunner } from 'typeorm';

export class LinkedResources1795266693680 implements MigrationInterface {
  name = 'LinkedResources1795266693680';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "organizer_translations" ("organizer_id" integer NOT NULL, "language" varchar(2) NOT NULL, "name" varchar(255), "name_key" varchar(255), "description" text, PRIMARY KEY ("organizer_id", "language"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_organizer_translations_name_key" ON "organizer_translations" ("name_key") `,
    );
    await queryRunner.query(
      `CREATE TABLE "organizers" ("id" integer PRIMARY KEY NOT NULL, "slug" varchar(200) NOT NULL, "status" varchar(20) NOT NULL, "author" integer NOT NULL DEFAULT (0), "original_language" varchar(2) NOT NULL, "date_utc" datetime NOT NULL, "modified_utc" datetime NOT NULL, "phone" varchar(255), "website" varchar(2048), "email" varchar(255), "image_url" varchar(2048), "image_id" integer)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_organizers_slug" ON "organizers" ("slug") `);
    await queryRunner.query(
      `CREATE INDEX "idx_organizers_listing" ON "organizers" ("status", "date_utc", "id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "event_organizers" ("event_id" integer NOT NULL, "organizer_id" integer NOT NULL, "position" smallint NOT NULL DEFAULT (0), PRIMARY KEY ("event_id", "organizer_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_event_organizers_organizer" ON "event_organizers" ("organizer_id", "event_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "term_translations" ("term_id" integer NOT NULL, "language" varchar(2) NOT NULL, "name" varchar(255), "name_key" varchar(255), "description" text, PRIMARY KEY ("term_id", "language"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_term_translations_name_key" ON "term_translations" ("name_key") `,
    );
    await queryRunner.query(
      `CREATE TABLE "terms" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "taxonomy" varchar(32) NOT NULL, "slug" varchar(200) NOT NULL, "parent" integer NOT NULL DEFAULT (0), "original_language" varchar(2) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_terms_taxonomy_parent" ON "terms" ("taxonomy", "parent") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_terms_taxonomy_slug" ON "terms" ("taxonomy", "slug") `,
    );
    await queryRunner.query(
      `CREATE TABLE "event_terms" ("event_id" integer NOT NULL, "term_id" integer NOT NULL, PRIMARY KEY ("event_id", "term_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_event_terms_term" ON "event_terms" ("term_id", "event_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "venue_translations" ("venue_id" integer NOT NULL, "language" varchar(2) NOT NULL, "name" varchar(255), "name_key" varchar(255), "description" text, PRIMARY KEY ("venue_id", "language"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_venue_translations_name_key" ON "venue_translations" ("name_key") `,
    );
    await queryRunner.query(
      `CREATE TABLE "venues" ("id" integer PRIMARY KEY NOT NULL, "slug" varchar(200) NOT NULL, "status" varchar(20) NOT NULL, "author" integer NOT NULL DEFAULT (0), "original_language" varchar(2) NOT NULL, "date_utc" datetime NOT NULL, "modified_utc" datetime NOT NULL, "address" varchar(255), "city" varchar(255), "country" varchar(255), "province" varchar(255), "state" varchar(255), "stateprovince" varchar(255), "zip" varchar(255), "phone" varchar(255), "website" varchar(2048), "show_map" boolean NOT NULL DEFAULT (1), "show_map_link" boolean NOT NULL DEFAULT (1), "image_url" varchar(2048), "image_id" integer, "geo_lat" double, "geo_lng" double)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_venues_slug" ON "venues" ("slug") `);
    await queryRunner.query(`CREATE INDEX "idx_venues_geo" ON "venues" ("geo_lat", "geo_lng") `);
    await queryRunner.query(
      `CREATE INDEX "idx_venues_listing" ON "venues" ("status", "date_utc", "id") `,
    );
    await queryRunner.query(`DROP INDEX "idx_organizer_translations_name_key"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_organizer_translations" ("organizer_id" integer NOT NULL, "language" varchar(2) NOT NULL, "name" varchar(255), "name_key" varchar(255), "description" text, CONSTRAINT "FK_9475749606dfdc187a1db62c84b" FOREIGN KEY ("organizer_id") REFERENCES "organizers" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("organizer_id", "language"))`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_organizer_translations"("organizer_id", "language", "name", "name_key", "description") SELECT "organizer_id", "language", "name", "name_key", "description" FROM "organizer_translations"`,
    );
    await queryRunner.query(`DROP TABLE "organizer_translations"`);
    await queryRunner.query(
      `ALTER TABLE "temporary_organizer_translations" RENAME TO "organizer_translations"`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_organizer_translations_name_key" ON "organizer_translations" ("name_key") `,
    );
    await queryRunner.query(`DROP INDEX "idx_event_organizers_organizer"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_event_organizers" ("event_id" integer NOT NULL, "organizer_id" integer NOT NULL, "position" smallint NOT NULL DEFAULT (0), CONSTRAINT "FK_64b592355e149a4d47def2412d5" FOREIGN KEY ("event_id") REFERENCES "events" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_50d569a3b1f1d3c555e51914a7c" FOREIGN KEY ("organizer_id") REFERENCES "organizers" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("event_id", "organizer_id"))`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_event_organizers"("event_id", "organizer_id", "position") SELECT "event_id", "organizer_id", "position" FROM "event_organizers"`,
    );
    await queryRunner.query(`DROP TABLE "event_organizers"`);
    await queryRunner.query(
      `ALTER TABLE "temporary_event_organizers" RENAME TO "event_organizers"`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_event_organizers_organizer" ON "event_organizers" ("organizer_id", "event_id") `,
    );
    await queryRunner.query(`DROP INDEX "idx_term_translations_name_key"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_term_translations" ("term_id" integer NOT NULL, "language" varchar(2) NOT NULL, "name" varchar(255), "name_key" varchar(255), "description" text, CONSTRAINT "FK_65e27e96921f39b30eeef1fd3bf" FOREIGN KEY ("term_id") REFERENCES "terms" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("term_id", "language"))`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_term_translations"("term_id", "language", "name", "name_key", "description") SELECT "term_id", "language", "name", "name_key", "description" FROM "term_translations"`,
    );
    await queryRunner.query(`DROP TABLE "term_translations"`);
    await queryRunner.query(
      `ALTER TABLE "temporary_term_translations" RENAME TO "term_translations"`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_term_translations_name_key" ON "term_translations" ("name_key") `,
    );
    await queryRunner.query(`DROP INDEX "idx_event_terms_term"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_event_terms" ("event_id" integer NOT NULL, "term_id" integer NOT NULL, CONSTRAINT "FK_8872b6b610723fa6b8505f543c1" FOREIGN KEY ("event_id") REFERENCES "events" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_42e8547e6c98946e118dd65e78e" FOREIGN KEY ("term_id") REFERENCES "terms" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("event_id", "term_id"))`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_event_terms"("event_id", "term_id") SELECT "event_id", "term_id" FROM "event_terms"`,
    );
    await queryRunner.query(`DROP TABLE "event_terms"`);
    await queryRunner.query(`ALTER TABLE "temporary_event_terms" RENAME TO "event_terms"`);
    await queryRunner.query(
      `CREATE INDEX "idx_event_terms_term" ON "event_terms" ("term_id", "event_id") `,
    );
    await queryRunner.query(`DROP INDEX "idx_venue_translations_name_key"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_venue_translations" ("venue_id" integer NOT NULL, "language" varchar(2) NOT NULL, "name" varchar(255), "name_key" varchar(255), "description" text, CONSTRAINT "FK_442ac4b652cce1cae6626e9afa5" FOREIGN KEY ("venue_id") REFERENCES "venues" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("venue_id", "language"))`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_venue_translations"("venue_id", "language", "name", "name_key", "description") SELECT "venue_id", "language", "name", "name_key", "description" FROM "venue_translations"`,
    );
    await queryRunner.query(`DROP TABLE "venue_translations"`);
    await queryRunner.query(
      `ALTER TABLE "temporary_venue_translations" RENAME TO "venue_translations"`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_venue_translations_name_key" ON "venue_translations" ("name_key") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_venue_translations_name_key"`);
    await queryRunner.query(
      `ALTER TABLE "venue_translations" RENAME TO "temporary_venue_translations"`,
    );
    await queryRunner.query(
      `CREATE TABLE "venue_translations" ("venue_id" integer NOT NULL, "language" varchar(2) NOT NULL, "name" varchar(255), "name_key" varchar(255), "description" text, PRIMARY KEY ("venue_id", "language"))`,
    );
    await queryRunner.query(
      `INSERT INTO "venue_translations"("venue_id", "language", "name", "name_key", "description") SELECT "venue_id", "language", "name", "name_key", "description" FROM "temporary_venue_translations"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_venue_translations"`);
    await queryRunner.query(
      `CREATE INDEX "idx_venue_translations_name_key" ON "venue_translations" ("name_key") `,
    );
    await queryRunner.query(`DROP INDEX "idx_event_terms_term"`);
    await queryRunner.query(`ALTER TABLE "event_terms" RENAME TO "temporary_event_terms"`);
    await queryRunner.query(
      `CREATE TABLE "event_terms" ("event_id" integer NOT NULL, "term_id" integer NOT NULL, PRIMARY KEY ("event_id", "term_id"))`,
    );
    await queryRunner.query(
      `INSERT INTO "event_terms"("event_id", "term_id") SELECT "event_id", "term_id" FROM "temporary_event_terms"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_event_terms"`);
    await queryRunner.query(
      `CREATE INDEX "idx_event_terms_term" ON "event_terms" ("term_id", "event_id") `,
    );
    await queryRunner.query(`DROP INDEX "idx_term_translations_name_key"`);
    await queryRunner.query(
      `ALTER TABLE "term_translations" RENAME TO "temporary_term_translations"`,
    );
    await queryRunner.query(
      `CREATE TABLE "term_translations" ("term_id" integer NOT NULL, "language" varchar(2) NOT NULL, "name" varchar(255), "name_key" varchar(255), "description" text, PRIMARY KEY ("term_id", "language"))`,
    );
    await queryRunner.query(
      `INSERT INTO "term_translations"("term_id", "language", "name", "name_key", "description") SELECT "term_id", "language", "name", "name_key", "description" FROM "temporary_term_translations"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_term_translations"`);
    await queryRunner.query(
      `CREATE INDEX "idx_term_translations_name_key" ON "term_translations" ("name_key") `,
    );
    await queryRunner.query(`DROP INDEX "idx_event_organizers_organizer"`);
    await queryRunner.query(
      `ALTER TABLE "event_organizers" RENAME TO "temporary_event_organizers"`,
    );
    await queryRunner.query(
      `CREATE TABLE "event_organizers" ("event_id" integer NOT NULL, "organizer_id" integer NOT NULL, "position" smallint NOT NULL DEFAULT (0), PRIMARY KEY ("event_id", "organizer_id"))`,
    );
    await queryRunner.query(
      `INSERT INTO "event_organizers"("event_id", "organizer_id", "position") SELECT "event_id", "organizer_id", "position" FROM "temporary_event_organizers"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_event_organizers"`);
    await queryRunner.query(
      `CREATE INDEX "idx_event_organizers_organizer" ON "event_organizers" ("organizer_id", "event_id") `,
    );
    await queryRunner.query(`DROP INDEX "idx_organizer_translations_name_key"`);
    await queryRunner.query(
      `ALTER TABLE "organizer_translations" RENAME TO "temporary_organizer_translations"`,
    );
    await queryRunner.query(
      `CREATE TABLE "organizer_translations" ("organizer_id" integer NOT NULL, "language" varchar(2) NOT NULL, "name" varchar(255), "name_key" varchar(255), "description" text, PRIMARY KEY ("organizer_id", "language"))`,
    );
    await queryRunner.query(
      `INSERT INTO "organizer_translations"("organizer_id", "language", "name", "name_key", "description") SELECT "organizer_id", "language", "name", "name_key", "description" FROM "temporary_organizer_translations"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_organizer_translations"`);
    await queryRunner.query(
      `CREATE INDEX "idx_organizer_translations_name_key" ON "organizer_translations" ("name_key") `,
    );
    await queryRunner.query(`DROP INDEX "idx_venues_listing"`);
    await queryRunner.query(`DROP INDEX "idx_venues_geo"`);
    await queryRunner.query(`DROP INDEX "uq_venues_slug"`);
    await queryRunner.query(`DROP TABLE "venues"`);
    await queryRunner.query(`DROP INDEX "idx_venue_translations_name_key"`);
    await queryRunner.query(`DROP TABLE "venue_translations"`);
    await queryRunner.query(`DROP INDEX "idx_event_terms_term"`);
    await queryRunner.query(`DROP TABLE "event_terms"`);
    await queryRunner.query(`DROP INDEX "uq_terms_taxonomy_slug"`);
    await queryRunner.query(`DROP INDEX "idx_terms_taxonomy_parent"`);
    await queryRunner.query(`DROP TABLE "terms"`);
    await queryRunner.query(`DROP INDEX "idx_term_translations_name_key"`);
    await queryRunner.query(`DROP TABLE "term_translations"`);
    await queryRunner.query(`DROP INDEX "idx_event_organizers_organizer"`);
    await queryRunner.query(`DROP TABLE "event_organizers"`);
    await queryRunner.query(`DROP INDEX "idx_organizers_listing"`);
    await queryRunner.query(`DROP INDEX "uq_organizers_slug"`);
    await queryRunner.query(`DROP TABLE "organizers"`);
    await queryRunner.query(`DROP INDEX "idx_organizer_translations_name_key"`);
    await queryRunner.query(`DROP TABLE "organizer_translations"`);
  }
}
