import { MigrationInterface, QueryRunner } from 'typeorm';

export class EventPasswords1795270926385 implements MigrationInterface {
  name = 'EventPasswords1795270926385';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_events_listing"`);
    await queryRunner.query(`DROP INDEX "idx_events_scheduled"`);
    await queryRunner.query(`DROP INDEX "idx_events_parent"`);
    await queryRunner.query(`DROP INDEX "idx_events_venue"`);
    await queryRunner.query(`DROP INDEX "uq_events_slug"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_events" ("id" integer PRIMARY KEY NOT NULL, "slug" varchar(200) NOT NULL, "status" varchar(20) NOT NULL, "author" integer NOT NULL DEFAULT (0), "original_language" varchar(2) NOT NULL, "date_utc" datetime NOT NULL, "modified_utc" datetime NOT NULL, "timezone" varchar(64) NOT NULL, "start_utc" datetime NOT NULL, "end_utc" datetime NOT NULL, "all_day" boolean NOT NULL DEFAULT (0), "cost" text, "website" varchar(2048), "show_map" boolean NOT NULL DEFAULT (1), "show_map_link" boolean NOT NULL DEFAULT (1), "hide_from_listings" boolean NOT NULL DEFAULT (0), "sticky" boolean NOT NULL DEFAULT (0), "featured" boolean NOT NULL DEFAULT (0), "image_url" varchar(2048), "image_id" integer, "post_parent" integer, "venue_id" integer, "password_hash" varchar(255))`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_events"("id", "slug", "status", "author", "original_language", "date_utc", "modified_utc", "timezone", "start_utc", "end_utc", "all_day", "cost", "website", "show_map", "show_map_link", "hide_from_listings", "sticky", "featured", "image_url", "image_id", "post_parent", "venue_id") SELECT "id", "slug", "status", "author", "original_language", "date_utc", "modified_utc", "timezone", "start_utc", "end_utc", "all_day", "cost", "website", "show_map", "show_map_link", "hide_from_listings", "sticky", "featured", "image_url", "image_id", "post_parent", "venue_id" FROM "events"`,
    );
    await queryRunner.query(`DROP TABLE "events"`);
    await queryRunner.query(`ALTER TABLE "temporary_events" RENAME TO "events"`);
    await queryRunner.query(
      `CREATE INDEX "idx_events_scheduled" ON "events" ("status", "date_utc") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_events_parent" ON "events" ("post_parent", "start_utc") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_events_venue" ON "events" ("venue_id", "start_utc") `,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_events_slug" ON "events" ("slug") `);
    await queryRunner.query(
      `CREATE INDEX "idx_events_listing" ON "events" ("hide_from_listings", "start_utc", "id", "status", "end_utc", "featured", "date_utc", "author") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_events_listing"`);
    await queryRunner.query(`DROP INDEX "uq_events_slug"`);
    await queryRunner.query(`DROP INDEX "idx_events_venue"`);
    await queryRunner.query(`DROP INDEX "idx_events_parent"`);
    await queryRunner.query(`DROP INDEX "idx_events_scheduled"`);
    await queryRunner.query(`ALTER TABLE "events" RENAME TO "temporary_events"`);
    await queryRunner.query(
      `CREATE TABLE "events" ("id" integer PRIMARY KEY NOT NULL, "slug" varchar(200) NOT NULL, "status" varchar(20) NOT NULL, "author" integer NOT NULL DEFAULT (0), "original_language" varchar(2) NOT NULL, "date_utc" datetime NOT NULL, "modified_utc" datetime NOT NULL, "timezone" varchar(64) NOT NULL, "start_utc" datetime NOT NULL, "end_utc" datetime NOT NULL, "all_day" boolean NOT NULL DEFAULT (0), "cost" text, "website" varchar(2048), "show_map" boolean NOT NULL DEFAULT (1), "show_map_link" boolean NOT NULL DEFAULT (1), "hide_from_listings" boolean NOT NULL DEFAULT (0), "sticky" boolean NOT NULL DEFAULT (0), "featured" boolean NOT NULL DEFAULT (0), "image_url" varchar(2048), "image_id" integer, "post_parent" integer, "venue_id" integer)`,
    );
    await queryRunner.query(
      `INSERT INTO "events"("id", "slug", "status", "author", "original_language", "date_utc", "modified_utc", "timezone", "start_utc", "end_utc", "all_day", "cost", "website", "show_map", "show_map_link", "hide_from_listings", "sticky", "featured", "image_url", "image_id", "post_parent", "venue_id") SELECT "id", "slug", "status", "author", "original_language", "date_utc", "modified_utc", "timezone", "start_utc", "end_utc", "all_day", "cost", "website", "show_map", "show_map_link", "hide_from_listings", "sticky", "featured", "image_url", "image_id", "post_parent", "venue_id" FROM "temporary_events"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_events"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_events_slug" ON "events" ("slug") `);
    await queryRunner.query(
      `CREATE INDEX "idx_events_venue" ON "events" ("venue_id", "start_utc") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_events_parent" ON "events" ("post_parent", "start_utc") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_events_scheduled" ON "events" ("status", "date_utc") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_events_listing" ON "events" ("hide_from_listings", "start_utc", "id", "status", "end_utc", "featured", "date_utc") `,
    );
  }
}
