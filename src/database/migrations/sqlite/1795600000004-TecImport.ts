import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Importing from The Events Calendar (docs/behaviour.md#importing-from-the-events-calendar): the
 * map from a source's ids to ours, the checkpoints of unfinished imports, and the source's
 * `global_id` and lineage kept on imported events, venues and organizers.
 */
export class TecImport1795600000004 implements MigrationInterface {
  name = 'TecImport1795600000004';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "imported_items" ("source" varchar(255) NOT NULL, "kind" varchar(16) NOT NULL, "source_id" integer NOT NULL, "target_id" integer NOT NULL, "source_version" varchar(64) NOT NULL, "imported_utc" datetime NOT NULL, PRIMARY KEY ("source", "kind", "source_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_imported_items_source_id" ON "imported_items" ("kind", "source_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "import_progress" ("source" varchar(255) NOT NULL, "stage" varchar(16) NOT NULL, "pages_done" integer NOT NULL DEFAULT (0), "finished" boolean NOT NULL DEFAULT (0), PRIMARY KEY ("source", "stage"))`,
    );
    await queryRunner.query(`DROP INDEX "idx_events_modified"`);
    await queryRunner.query(`DROP INDEX "idx_events_venue"`);
    await queryRunner.query(`DROP INDEX "idx_events_scheduled"`);
    await queryRunner.query(`DROP INDEX "idx_events_listing"`);
    await queryRunner.query(`DROP INDEX "uq_events_slug"`);
    await queryRunner.query(`DROP INDEX "idx_events_parent"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_events" ("id" integer PRIMARY KEY NOT NULL, "slug" varchar(200) NOT NULL, "status" varchar(20) NOT NULL, "author" integer NOT NULL DEFAULT (0), "original_language" varchar(2) NOT NULL, "date_utc" datetime NOT NULL, "modified_utc" datetime NOT NULL, "timezone" varchar(64) NOT NULL, "start_utc" datetime NOT NULL, "end_utc" datetime NOT NULL, "all_day" boolean NOT NULL DEFAULT (0), "cost" text, "website" varchar(2048), "show_map" boolean NOT NULL DEFAULT (1), "show_map_link" boolean NOT NULL DEFAULT (1), "hide_from_listings" boolean NOT NULL DEFAULT (0), "sticky" boolean NOT NULL DEFAULT (0), "featured" boolean NOT NULL DEFAULT (0), "image_url" varchar(2048), "image_id" integer, "post_parent" integer, "venue_id" integer, "password_hash" varchar(255), "global_id" varchar(255), "global_id_lineage" text)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_events"("id", "slug", "status", "author", "original_language", "date_utc", "modified_utc", "timezone", "start_utc", "end_utc", "all_day", "cost", "website", "show_map", "show_map_link", "hide_from_listings", "sticky", "featured", "image_url", "image_id", "post_parent", "venue_id", "password_hash") SELECT "id", "slug", "status", "author", "original_language", "date_utc", "modified_utc", "timezone", "start_utc", "end_utc", "all_day", "cost", "website", "show_map", "show_map_link", "hide_from_listings", "sticky", "featured", "image_url", "image_id", "post_parent", "venue_id", "password_hash" FROM "events"`,
    );
    await queryRunner.query(`DROP TABLE "events"`);
    await queryRunner.query(`ALTER TABLE "temporary_events" RENAME TO "events"`);
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
    await queryRunner.query(`DROP INDEX "idx_organizers_modified"`);
    await queryRunner.query(`DROP INDEX "idx_organizers_listing"`);
    await queryRunner.query(`DROP INDEX "uq_organizers_slug"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_organizers" ("id" integer PRIMARY KEY NOT NULL, "slug" varchar(200) NOT NULL, "status" varchar(20) NOT NULL, "author" integer NOT NULL DEFAULT (0), "original_language" varchar(2) NOT NULL, "date_utc" datetime NOT NULL, "modified_utc" datetime NOT NULL, "phone" varchar(255), "website" varchar(2048), "email" varchar(255), "image_url" varchar(2048), "image_id" integer, "global_id" varchar(255), "global_id_lineage" text)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_organizers"("id", "slug", "status", "author", "original_language", "date_utc", "modified_utc", "phone", "website", "email", "image_url", "image_id") SELECT "id", "slug", "status", "author", "original_language", "date_utc", "modified_utc", "phone", "website", "email", "image_url", "image_id" FROM "organizers"`,
    );
    await queryRunner.query(`DROP TABLE "organizers"`);
    await queryRunner.query(`ALTER TABLE "temporary_organizers" RENAME TO "organizers"`);
    await queryRunner.query(
      `CREATE INDEX "idx_organizers_modified" ON "organizers" ("modified_utc", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_organizers_listing" ON "organizers" ("status", "date_utc", "id") `,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_organizers_slug" ON "organizers" ("slug") `);
    await queryRunner.query(`DROP INDEX "idx_venues_modified"`);
    await queryRunner.query(`DROP INDEX "idx_venues_listing"`);
    await queryRunner.query(`DROP INDEX "idx_venues_geo"`);
    await queryRunner.query(`DROP INDEX "uq_venues_slug"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_venues" ("id" integer PRIMARY KEY NOT NULL, "slug" varchar(200) NOT NULL, "status" varchar(20) NOT NULL, "author" integer NOT NULL DEFAULT (0), "original_language" varchar(2) NOT NULL, "date_utc" datetime NOT NULL, "modified_utc" datetime NOT NULL, "address" varchar(255), "city" varchar(255), "country" varchar(255), "province" varchar(255), "state" varchar(255), "stateprovince" varchar(255), "zip" varchar(255), "phone" varchar(255), "website" varchar(2048), "show_map" boolean NOT NULL DEFAULT (1), "show_map_link" boolean NOT NULL DEFAULT (1), "image_url" varchar(2048), "image_id" integer, "geo_lat" double, "geo_lng" double, "global_id" varchar(255), "global_id_lineage" text)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_venues"("id", "slug", "status", "author", "original_language", "date_utc", "modified_utc", "address", "city", "country", "province", "state", "stateprovince", "zip", "phone", "website", "show_map", "show_map_link", "image_url", "image_id", "geo_lat", "geo_lng") SELECT "id", "slug", "status", "author", "original_language", "date_utc", "modified_utc", "address", "city", "country", "province", "state", "stateprovince", "zip", "phone", "website", "show_map", "show_map_link", "image_url", "image_id", "geo_lat", "geo_lng" FROM "venues"`,
    );
    await queryRunner.query(`DROP TABLE "venues"`);
    await queryRunner.query(`ALTER TABLE "temporary_venues" RENAME TO "venues"`);
    await queryRunner.query(
      `CREATE INDEX "idx_venues_modified" ON "venues" ("modified_utc", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_venues_listing" ON "venues" ("status", "date_utc", "id") `,
    );
    await queryRunner.query(`CREATE INDEX "idx_venues_geo" ON "venues" ("geo_lat", "geo_lng") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_venues_slug" ON "venues" ("slug") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_venues_slug"`);
    await queryRunner.query(`DROP INDEX "idx_venues_geo"`);
    await queryRunner.query(`DROP INDEX "idx_venues_listing"`);
    await queryRunner.query(`DROP INDEX "idx_venues_modified"`);
    await queryRunner.query(`ALTER TABLE "venues" RENAME TO "temporary_venues"`);
    await queryRunner.query(
      `CREATE TABLE "venues" ("id" integer PRIMARY KEY NOT NULL, "slug" varchar(200) NOT NULL, "status" varchar(20) NOT NULL, "author" integer NOT NULL DEFAULT (0), "original_language" varchar(2) NOT NULL, "date_utc" datetime NOT NULL, "modified_utc" datetime NOT NULL, "address" varchar(255), "city" varchar(255), "country" varchar(255), "province" varchar(255), "state" varchar(255), "stateprovince" varchar(255), "zip" varchar(255), "phone" varchar(255), "website" varchar(2048), "show_map" boolean NOT NULL DEFAULT (1), "show_map_link" boolean NOT NULL DEFAULT (1), "image_url" varchar(2048), "image_id" integer, "geo_lat" double, "geo_lng" double)`,
    );
    await queryRunner.query(
      `INSERT INTO "venues"("id", "slug", "status", "author", "original_language", "date_utc", "modified_utc", "address", "city", "country", "province", "state", "stateprovince", "zip", "phone", "website", "show_map", "show_map_link", "image_url", "image_id", "geo_lat", "geo_lng") SELECT "id", "slug", "status", "author", "original_language", "date_utc", "modified_utc", "address", "city", "country", "province", "state", "stateprovince", "zip", "phone", "website", "show_map", "show_map_link", "image_url", "image_id", "geo_lat", "geo_lng" FROM "temporary_venues"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_venues"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_venues_slug" ON "venues" ("slug") `);
    await queryRunner.query(`CREATE INDEX "idx_venues_geo" ON "venues" ("geo_lat", "geo_lng") `);
    await queryRunner.query(
      `CREATE INDEX "idx_venues_listing" ON "venues" ("status", "date_utc", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_venues_modified" ON "venues" ("modified_utc", "id") `,
    );
    await queryRunner.query(`DROP INDEX "uq_organizers_slug"`);
    await queryRunner.query(`DROP INDEX "idx_organizers_listing"`);
    await queryRunner.query(`DROP INDEX "idx_organizers_modified"`);
    await queryRunner.query(`ALTER TABLE "organizers" RENAME TO "temporary_organizers"`);
    await queryRunner.query(
      `CREATE TABLE "organizers" ("id" integer PRIMARY KEY NOT NULL, "slug" varchar(200) NOT NULL, "status" varchar(20) NOT NULL, "author" integer NOT NULL DEFAULT (0), "original_language" varchar(2) NOT NULL, "date_utc" datetime NOT NULL, "modified_utc" datetime NOT NULL, "phone" varchar(255), "website" varchar(2048), "email" varchar(255), "image_url" varchar(2048), "image_id" integer)`,
    );
    await queryRunner.query(
      `INSERT INTO "organizers"("id", "slug", "status", "author", "original_language", "date_utc", "modified_utc", "phone", "website", "email", "image_url", "image_id") SELECT "id", "slug", "status", "author", "original_language", "date_utc", "modified_utc", "phone", "website", "email", "image_url", "image_id" FROM "temporary_organizers"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_organizers"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_organizers_slug" ON "organizers" ("slug") `);
    await queryRunner.query(
      `CREATE INDEX "idx_organizers_listing" ON "organizers" ("status", "date_utc", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_organizers_modified" ON "organizers" ("modified_utc", "id") `,
    );
    await queryRunner.query(`DROP INDEX "idx_events_parent"`);
    await queryRunner.query(`DROP INDEX "uq_events_slug"`);
    await queryRunner.query(`DROP INDEX "idx_events_listing"`);
    await queryRunner.query(`DROP INDEX "idx_events_scheduled"`);
    await queryRunner.query(`DROP INDEX "idx_events_venue"`);
    await queryRunner.query(`DROP INDEX "idx_events_modified"`);
    await queryRunner.query(`ALTER TABLE "events" RENAME TO "temporary_events"`);
    await queryRunner.query(
      `CREATE TABLE "events" ("id" integer PRIMARY KEY NOT NULL, "slug" varchar(200) NOT NULL, "status" varchar(20) NOT NULL, "author" integer NOT NULL DEFAULT (0), "original_language" varchar(2) NOT NULL, "date_utc" datetime NOT NULL, "modified_utc" datetime NOT NULL, "timezone" varchar(64) NOT NULL, "start_utc" datetime NOT NULL, "end_utc" datetime NOT NULL, "all_day" boolean NOT NULL DEFAULT (0), "cost" text, "website" varchar(2048), "show_map" boolean NOT NULL DEFAULT (1), "show_map_link" boolean NOT NULL DEFAULT (1), "hide_from_listings" boolean NOT NULL DEFAULT (0), "sticky" boolean NOT NULL DEFAULT (0), "featured" boolean NOT NULL DEFAULT (0), "image_url" varchar(2048), "image_id" integer, "post_parent" integer, "venue_id" integer, "password_hash" varchar(255))`,
    );
    await queryRunner.query(
      `INSERT INTO "events"("id", "slug", "status", "author", "original_language", "date_utc", "modified_utc", "timezone", "start_utc", "end_utc", "all_day", "cost", "website", "show_map", "show_map_link", "hide_from_listings", "sticky", "featured", "image_url", "image_id", "post_parent", "venue_id", "password_hash") SELECT "id", "slug", "status", "author", "original_language", "date_utc", "modified_utc", "timezone", "start_utc", "end_utc", "all_day", "cost", "website", "show_map", "show_map_link", "hide_from_listings", "sticky", "featured", "image_url", "image_id", "post_parent", "venue_id", "password_hash" FROM "temporary_events"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_events"`);
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
    await queryRunner.query(`DROP TABLE "import_progress"`);
    await queryRunner.query(`DROP INDEX "idx_imported_items_source_id"`);
    await queryRunner.query(`DROP TABLE "imported_items"`);
  }
}
