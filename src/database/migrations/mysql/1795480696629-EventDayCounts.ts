import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `event_day_counts`: listed events per term (0 for all), featured, status, start day and end
 * day, filled from the events and their listing rows, so a window's total is a sum
 * (`events/listing/window-total.ts`); `idx_events_scheduled` and a new index on the listing
 * rows cover the columns a window's scheduled events are counted on.
 */

export class EventDayCounts1795480696629 implements MigrationInterface {
  name = 'EventDayCounts1795480696629';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_events_scheduled\` ON \`events\``);
    await queryRunner.query(
      `CREATE TABLE \`event_day_counts\` (\`term_id\` int UNSIGNED NOT NULL, \`featured\` tinyint NOT NULL, \`status\` varchar(20) NOT NULL, \`start_day\` varchar(10) NOT NULL, \`end_day\` varchar(10) NOT NULL, \`events\` int NOT NULL DEFAULT '0', PRIMARY KEY (\`term_id\`, \`featured\`, \`status\`, \`start_day\`, \`end_day\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `CREATE INDEX \`idx_events_scheduled\` ON \`events\` (\`status\`, \`date_utc\`, \`hide_from_listings\`, \`start_utc\`, \`end_utc\`, \`featured\`)`,
    );
    await queryRunner.query(
      `CREATE INDEX \`idx_event_term_listing_scheduled\` ON \`event_term_listing\` (\`term_id\`, \`status\`, \`date_utc\`, \`hide_from_listings\`, \`start_utc\`, \`end_utc\`, \`featured\`)`,
    );
    await queryRunner.query(
      `INSERT INTO \`event_day_counts\` (\`term_id\`, \`featured\`, \`status\`, \`start_day\`, \`end_day\`, \`events\`) SELECT 0, \`featured\`, \`status\`, SUBSTR(\`start_utc\`, 1, 10), SUBSTR(\`end_utc\`, 1, 10), COUNT(*) FROM \`events\` WHERE \`hide_from_listings\` = 0 AND \`status\` IN ('publish', 'future') GROUP BY \`featured\`, \`status\`, SUBSTR(\`start_utc\`, 1, 10), SUBSTR(\`end_utc\`, 1, 10)`,
    );
    await queryRunner.query(
      `INSERT INTO \`event_day_counts\` (\`term_id\`, \`featured\`, \`status\`, \`start_day\`, \`end_day\`, \`events\`) SELECT \`term_id\`, \`featured\`, \`status\`, SUBSTR(\`start_utc\`, 1, 10), SUBSTR(\`end_utc\`, 1, 10), COUNT(*) FROM \`event_term_listing\` WHERE \`hide_from_listings\` = 0 AND \`status\` IN ('publish', 'future') GROUP BY \`term_id\`, \`featured\`, \`status\`, SUBSTR(\`start_utc\`, 1, 10), SUBSTR(\`end_utc\`, 1, 10)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP INDEX \`idx_event_term_listing_scheduled\` ON \`event_term_listing\``,
    );
    await queryRunner.query(`DROP INDEX \`idx_events_scheduled\` ON \`events\``);
    await queryRunner.query(`DROP TABLE \`event_day_counts\``);
    await queryRunner.query(
      `CREATE INDEX \`idx_events_scheduled\` ON \`events\` (\`status\`, \`date_utc\`)`,
    );
  }
}
