import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `idx_events_scheduled` ends with `series_id`, so the scheduled occurrences of series still to
 * be published in a window, which the total of `hide_subsequent_recurrences` subtracts from the
 * day counts, are counted from the index alone instead of reading each scheduled event's row
 * (24 ms at a million events on SQLite, 3 ms with it).
 */
export class ScheduledSeriesIndex1795600000009 implements MigrationInterface {
  name = 'ScheduledSeriesIndex1795600000009';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_events_scheduled"`);
    await queryRunner.query(
      `CREATE INDEX "idx_events_scheduled" ON "events" ("status", "date_utc", "hide_from_listings", "start_utc", "end_utc", "featured", "series_id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_events_scheduled"`);
    await queryRunner.query(
      `CREATE INDEX "idx_events_scheduled" ON "events" ("status", "date_utc", "hide_from_listings", "start_utc", "end_utc", "featured") `,
    );
  }
}
