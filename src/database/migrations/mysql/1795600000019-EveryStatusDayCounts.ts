import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events of every stored status counted in `event_day_counts`, not only `publish` and `future`,
 * so that an editor's list of drafts, pending, private or trashed events takes its total from
 * the day counts instead of counting its window row by row. Data only: the rows of the other
 * statuses are counted from the events and their listing rows.
 */
export class EveryStatusDayCounts1795600000019 implements MigrationInterface {
  name = 'EveryStatusDayCounts1795600000019';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DELETE FROM \`event_day_counts\` WHERE \`status\` NOT IN ('publish', 'future')`,
    );
    await queryRunner.query(
      `INSERT INTO \`event_day_counts\` (\`term_id\`, \`featured\`, \`status\`, \`start_day\`, \`end_day\`, \`events\`) SELECT 0, \`featured\`, \`status\`, SUBSTR(\`start_utc\`, 1, 10), SUBSTR(\`end_utc\`, 1, 10), COUNT(*) FROM \`events\` WHERE \`hide_from_listings\` = 0 AND \`status\` NOT IN ('publish', 'future') GROUP BY \`featured\`, \`status\`, SUBSTR(\`start_utc\`, 1, 10), SUBSTR(\`end_utc\`, 1, 10)`,
    );
    await queryRunner.query(
      `INSERT INTO \`event_day_counts\` (\`term_id\`, \`featured\`, \`status\`, \`start_day\`, \`end_day\`, \`events\`) SELECT 4294967295, \`featured\`, \`status\`, SUBSTR(\`start_utc\`, 1, 10), SUBSTR(\`end_utc\`, 1, 10), COUNT(*) FROM \`events\` WHERE \`hide_from_listings\` = 0 AND \`status\` NOT IN ('publish', 'future') AND \`series_id\` IS NOT NULL GROUP BY \`featured\`, \`status\`, SUBSTR(\`start_utc\`, 1, 10), SUBSTR(\`end_utc\`, 1, 10)`,
    );
    await queryRunner.query(
      `INSERT INTO \`event_day_counts\` (\`term_id\`, \`featured\`, \`status\`, \`start_day\`, \`end_day\`, \`events\`) SELECT \`term_id\`, \`featured\`, \`status\`, SUBSTR(\`start_utc\`, 1, 10), SUBSTR(\`end_utc\`, 1, 10), COUNT(*) FROM \`event_term_listing\` WHERE \`hide_from_listings\` = 0 AND \`status\` NOT IN ('publish', 'future') GROUP BY \`term_id\`, \`featured\`, \`status\`, SUBSTR(\`start_utc\`, 1, 10), SUBSTR(\`end_utc\`, 1, 10)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DELETE FROM \`event_day_counts\` WHERE \`status\` NOT IN ('publish', 'future')`,
    );
  }
}
