import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recurring events (docs/behaviour.md#recurring-events): an event's series, the series' rule on
 * its first occurrence, each occurrence's original start, and whether it was changed on its own;
 * `idx_events_series` reads a series' occurrences in order.
 */
export class RecurringEvents1795600000005 implements MigrationInterface {
  name = 'RecurringEvents1795600000005';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_events_parent"`);
    await queryRunner.query(`DROP INDEX "uq_events_slug"`);
    await queryRunner.query(`DROP INDEX "idx_events_listing"`);
    await queryRunner.query(`DROP INDEX "idx_events_scheduled"`);
    await queryRunner.query(`DROP INDEX "idx_events_venue"`);
    await queryRunner.query(`DROP INDEX "idx_events_modified"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_events" ("id" integer PRIMARY KEY NOT NULL, "slug" varchar(200) NOT NULL, "status" varchar(20) NOT NULL, "author" integer NOT NULL DEFAULT (0), "original_language" varchar(2) NOT NULL, "date_utc" datetime NOT NULL, "modified_utc" datetime NOT NULL, "timezone" varchar(64) NOT NULL, "start_utc" datetime NOT NULL, "end_utc" datetime NOT NULL, "all_day" boolean NOT NULL DEFAULT (0), "cost" text, "website" varchar(2048), "show_map" boolean NOT NULL DEFAULT (1), "show_map_link" boolean NOT NULL DEFAULT (1), "hide_from_listings" boolean NOT NULL DEFAULT (0), "sticky" boolean NOT NULL DEFAULT (0), "featured" boolean NOT NULL DEFAULT (0), "image_url" varchar(2048), "image_id" integer, "post_parent" integer, "venue_id" integer, "password_hash" varchar(255), "global_id" varchar(255), "global_id_lineage" text, "series_id" integer, "recurrence" text, "recurrence_id" varchar(15), "detached" boolean NOT NULL DEFAULT (0))`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_events"("id", "slug", "status", "author", "original_language", "date_utc", "modified_utc", "timezone", "start_utc", "end_utc", "all_day", "cost", "website", "show_map", "show_map_link", "hide_from_listings", "sticky", "featured", "image_url", "image_id", "post_parent", "venue_id", "password_hash", "global_id", "global_id_lineage") SELECT "id", "slug", "status", "author", "original_language", "date_utc", "modified_utc", "timezone", "start_utc", "end_utc", "all_day", "cost", "website", "show_map", "show_map_link", "hide_from_listings", "sticky", "featured", "image_url", "image_id", "post_parent", "venue_id", "password_hash", "global_id", "global_id_lineage" FROM "events"`,
    );
    await queryRunner.query(`DROP TABLE "events"`);
    await queryRunner.query(`ALTER TABLE "temporary_events" RENAME TO "events"`);
    await queryRunner.query(
      `CREATE INDEX "idx_events_parent" ON "events" ("post_parent", "start_utc") `,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_events_slug" ON "events" ("slug") `);
    await queryRunner.query(
      `CREATE INDEX "idx_events_listing" ON "events" ("hide_from_listings", "start_utc", "id", "status", "end_utc", "featured", "date_utc", "author") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_events_scheduled" ON "events" ("status", "date_utc", "hide_from_listings", "start_utc", "end_utc", "featured") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_events_venue" ON "events" ("venue_id", "hide_from_listings", "start_utc", "id", "status", "end_utc", "featured", "date_utc", "author") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_events_modified" ON "events" ("modified_utc", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_events_series" ON "events" ("series_id", "start_utc") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_events_series"`);
    await queryRunner.query(`DROP INDEX "idx_events_modified"`);
    await queryRunner.query(`DROP INDEX "idx_events_venue"`);
    await queryRunner.query(`DROP INDEX "idx_events_scheduled"`);
    await queryRunner.query(`DROP INDEX "idx_events_listing"`);
    await queryRunner.query(`DROP INDEX "uq_events_slug"`);
    await queryRunner.query(`DROP INDEX "idx_events_parent"`);
    await queryRunner.query(`ALTER TABLE "events" RENAME TO "temporary_events"`);
    await queryRunner.query(
      `CREATE TABLE "events" ("id" integer PRIMARY KEY NOT NULL, "slug" varchar(200) NOT NULL, "status" varchar(20) NOT NULL, "author" integer NOT NULL DEFAULT (0), "original_language" varchar(2) NOT NULL, "date_utc" datetime NOT NULL, "modified_utc" datetime NOT NULL, "timezone" varchar(64) NOT NULL, "start_utc" datetime NOT NULL, "end_utc" datetime NOT NULL, "all_day" boolean NOT NULL DEFAULT (0), "cost" text, "website" varchar(2048), "show_map" boolean NOT NULL DEFAULT (1), "show_map_link" boolean NOT NULL DEFAULT (1), "hide_from_listings" boolean NOT NULL DEFAULT (0), "sticky" boolean NOT NULL DEFAULT (0), "featured" boolean NOT NULL DEFAULT (0), "image_url" varchar(2048), "image_id" integer, "post_parent" integer, "venue_id" integer, "password_hash" varchar(255), "global_id" varchar(255), "global_id_lineage" text)`,
    );
    await queryRunner.query(
      `INSERT INTO "events"("id", "slug", "status", "author", "original_language", "date_utc", "modified_utc", "timezone", "start_utc", "end_utc", "all_day", "cost", "website", "show_map", "show_map_link", "hide_from_listings", "sticky", "featured", "image_url", "image_id", "post_parent", "venue_id", "password_hash", "global_id", "global_id_lineage") SELECT "id", "slug", "status", "author", "original_language", "date_utc", "modified_utc", "timezone", "start_utc", "end_utc", "all_day", "cost", "website", "show_map", "show_map_link", "hide_from_listings", "sticky", "featured", "image_url", "image_id", "post_parent", "venue_id", "password_hash", "global_id", "global_id_lineage" FROM "temporary_events"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_events"`);
    await queryRunner.query(
      `CREATE INDEX "idx_events_modified" ON "events" ("modified_utc", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_events_venue" ON "events" ("venue_id", "hide_from_listings", "start_utc", "id", "status", "end_utc", "featured", "date_utc", "author") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_events_scheduled" ON "events" ("status", "date_utc", "hide_from_listings", "start_utc", "end_utc", "featured") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_events_listing" ON "events" ("hide_from_listings", "start_utc", "id", "status", "end_utc", "featured", "date_utc", "author") `,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_events_slug" ON "events" ("slug") `);
    await queryRunner.query(
      `CREATE INDEX "idx_events_parent" ON "events" ("post_parent", "start_utc") `,
    );
  }
}
