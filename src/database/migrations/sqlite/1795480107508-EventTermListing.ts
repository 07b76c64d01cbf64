import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `event_term_listing`: each event's rows per category (with the categories above it) and tag,
 * with a copy of its listing columns, so a category's or tag's list reads one index
 * (`events/entities/event-term-listing.entity.ts`). Filled from the existing events.
 */
export class EventTermListing1795480107508 implements MigrationInterface {
  name = 'EventTermListing1795480107508';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "event_term_listing" ("event_id" integer NOT NULL, "term_id" integer NOT NULL, "hide_from_listings" boolean NOT NULL DEFAULT (0), "start_utc" datetime NOT NULL, "end_utc" datetime NOT NULL, "status" varchar(20) NOT NULL, "featured" boolean NOT NULL DEFAULT (0), "date_utc" datetime NOT NULL, "author" integer NOT NULL DEFAULT (0), CONSTRAINT "FK_8f8c17c016e73259e1848a3974c" FOREIGN KEY ("event_id") REFERENCES "events" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_6197c5794ba92ac89567e3cdc27" FOREIGN KEY ("term_id") REFERENCES "terms" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("event_id", "term_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_event_term_listing" ON "event_term_listing" ("term_id", "hide_from_listings", "start_utc", "event_id", "status", "end_utc", "featured", "date_utc", "author") `,
    );
    await queryRunner.query(
      `INSERT INTO "event_term_listing" ("event_id", "term_id", "hide_from_listings", "start_utc", "end_utc", "status", "featured", "date_utc", "author") WITH RECURSIVE "filed" ("event_id", "term_id") AS (SELECT "event_id", "term_id" FROM "event_terms" UNION SELECT f."event_id", t."parent" FROM "filed" f JOIN "terms" t ON t."id" = f."term_id" WHERE t."parent" <> 0) SELECT f."event_id", f."term_id", e."hide_from_listings", e."start_utc", e."end_utc", e."status", e."featured", e."date_utc", e."author" FROM "filed" f JOIN "events" e ON e."id" = f."event_id"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_event_term_listing"`);
    await queryRunner.query(`DROP TABLE "event_term_listing"`);
  }
}
