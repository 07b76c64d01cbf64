import { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSchema1795264467540 implements MigrationInterface {
  name = 'InitialSchema1795264467540';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "posts" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "kind" varchar(16) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "event_translations" ("event_id" integer NOT NULL, "language" varchar(2) NOT NULL, "title" varchar(255), "description" text, "excerpt" text, PRIMARY KEY ("event_id", "language"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "events" ("id" integer PRIMARY KEY NOT NULL, "slug" varchar(200) NOT NULL, "status" varchar(20) NOT NULL, "author" integer NOT NULL DEFAULT (0), "original_language" varchar(2) NOT NULL, "date_utc" datetime NOT NULL, "modified_utc" datetime NOT NULL, "timezone" varchar(64) NOT NULL, "start_utc" datetime NOT NULL, "end_utc" datetime NOT NULL, "all_day" boolean NOT NULL DEFAULT (0), "cost" text, "website" varchar(2048), "show_map" boolean NOT NULL DEFAULT (1), "show_map_link" boolean NOT NULL DEFAULT (1), "hide_from_listings" boolean NOT NULL DEFAULT (0), "sticky" boolean NOT NULL DEFAULT (0), "featured" boolean NOT NULL DEFAULT (0), "image_url" varchar(2048), "image_id" integer, "post_parent" integer, "venue_id" integer)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_events_slug" ON "events" ("slug") `);
    await queryRunner.query(
      `CREATE INDEX "idx_events_venue" ON "events" ("venue_id", "start_utc") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_events_parent" ON "events" ("post_parent", "start_utc") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_events_listing" ON "events" ("hide_from_listings", "start_utc", "id", "status", "end_utc", "featured", "date_utc") `,
    );
    await queryRunner.query(
      `CREATE TABLE "temporary_event_translations" ("event_id" integer NOT NULL, "language" varchar(2) NOT NULL, "title" varchar(255), "description" text, "excerpt" text, CONSTRAINT "FK_a6c15dd689a8f7a51fca191a207" FOREIGN KEY ("event_id") REFERENCES "events" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("event_id", "language"))`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_event_translations"("event_id", "language", "title", "description", "excerpt") SELECT "event_id", "language", "title", "description", "excerpt" FROM "event_translations"`,
    );
    await queryRunner.query(`DROP TABLE "event_translations"`);
    await queryRunner.query(
      `ALTER TABLE "temporary_event_translations" RENAME TO "event_translations"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "event_translations" RENAME TO "temporary_event_translations"`,
    );
    await queryRunner.query(
      `CREATE TABLE "event_translations" ("event_id" integer NOT NULL, "language" varchar(2) NOT NULL, "title" varchar(255), "description" text, "excerpt" text, PRIMARY KEY ("event_id", "language"))`,
    );
    await queryRunner.query(
      `INSERT INTO "event_translations"("event_id", "language", "title", "description", "excerpt") SELECT "event_id", "language", "title", "description", "excerpt" FROM "temporary_event_translations"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_event_translations"`);
    await queryRunner.query(`DROP INDEX "idx_events_listing"`);
    await queryRunner.query(`DROP INDEX "idx_events_parent"`);
    await queryRunner.query(`DROP INDEX "idx_events_venue"`);
    await queryRunner.query(`DROP INDEX "uq_events_slug"`);
    await queryRunner.query(`DROP TABLE "events"`);
    await queryRunner.query(`DROP TABLE "event_translations"`);
    await queryRunner.query(`DROP TABLE "posts"`);
  }
}
