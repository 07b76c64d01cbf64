import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recurring series extended as time passes (docs/behaviour.md#recurring-events): up to when a
 * series' occurrences are stored, and `idx_events_series_horizon` to find those due.
 */
export class RecurrenceHorizon1795600000006 implements MigrationInterface {
  name = 'RecurrenceHorizon1795600000006';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`events\` ADD \`recurrence_until\` datetime NULL`);
    await queryRunner.query(
      `CREATE INDEX \`idx_events_series_horizon\` ON \`events\` (\`recurrence_until\`)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_events_series_horizon\` ON \`events\``);
    await queryRunner.query(`ALTER TABLE \`events\` DROP COLUMN \`recurrence_until\``);
  }
}
