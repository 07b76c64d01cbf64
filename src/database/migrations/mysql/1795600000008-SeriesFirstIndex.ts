import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `idx_events_series` by listing state, then start and end: the first listed occurrence of each
 * series from a day on, with its end, is one index entry (`hide_subsequent_recurrences` totals,
 * docs/behaviour.md#recurring-events).
 */
export class SeriesFirstIndex1795600000008 implements MigrationInterface {
  name = 'SeriesFirstIndex1795600000008';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_events_series\` ON \`events\``);
    await queryRunner.query(
      `CREATE INDEX \`idx_events_series\` ON \`events\` (\`series_id\`, \`hide_from_listings\`, \`status\`, \`start_utc\`, \`end_utc\`)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_events_series\` ON \`events\``);
    await queryRunner.query(
      `CREATE INDEX \`idx_events_series\` ON \`events\` (\`series_id\`, \`start_utc\`)`,
    );
  }
}
