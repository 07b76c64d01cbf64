import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Occurrences of recurring series counted in `event_day_counts` under a key of their own
 * (term 4294967295, `SERIES_TERM`), for the total of `hide_subsequent_recurrences`
 * (docs/behaviour.md#recurring-events). Data only: the rows are counted from the events.
 */
export class SeriesDayCounts1795600000007 implements MigrationInterface {
  name = 'SeriesDayCounts1795600000007';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "event_day_counts" WHERE "term_id" = 4294967295`);
    await queryRunner.query(
      `INSERT INTO "event_day_counts" ("term_id", "featured", "status", "start_day", "end_day", "events") SELECT 4294967295, "featured", "status", SUBSTR("start_utc", 1, 10), SUBSTR("end_utc", 1, 10), COUNT(*) FROM "events" WHERE "hide_from_listings" = 0 AND "status" IN ('publish', 'future') AND "series_id" IS NOT NULL GROUP BY "featured", "status", SUBSTR("start_utc", 1, 10), SUBSTR("end_utc", 1, 10)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "event_day_counts" WHERE "term_id" = 4294967295`);
  }
}
