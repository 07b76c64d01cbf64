import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recurring events (docs/behaviour.md#recurring-events): an event's series, the series' rule on
 * its first occurrence, each occurrence's original start, and whether it was changed on its own;
 * `idx_events_series` reads a series' occurrences in order.
 */
export class RecurringEvents1795600000005 implements MigrationInterface {
  name = 'RecurringEvents1795600000005';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`events\` ADD \`series_id\` int UNSIGNED NULL`);
    await queryRunner.query(`ALTER TABLE \`events\` ADD \`recurrence\` text NULL`);
    await queryRunner.query(`ALTER TABLE \`events\` ADD \`recurrence_id\` varchar(15) NULL`);
    await queryRunner.query(`ALTER TABLE \`events\` ADD \`detached\` tinyint NOT NULL DEFAULT 0`);
    await queryRunner.query(
      `CREATE INDEX \`idx_events_series\` ON \`events\` (\`series_id\`, \`start_utc\`)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_events_series\` ON \`events\``);
    await queryRunner.query(`ALTER TABLE \`events\` DROP COLUMN \`detached\``);
    await queryRunner.query(`ALTER TABLE \`events\` DROP COLUMN \`recurrence_id\``);
    await queryRunner.query(`ALTER TABLE \`events\` DROP COLUMN \`recurrence\``);
    await queryRunner.query(`ALTER TABLE \`events\` DROP COLUMN \`series_id\``);
  }
}
