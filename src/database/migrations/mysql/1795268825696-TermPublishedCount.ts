import { MigrationInterface, QueryRunner } from 'typeorm';

export class TermPublishedCount1795268825696 implements MigrationInterface {
  name = 'TermPublishedCount1795268825696';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`terms\` ADD \`published_count\` int UNSIGNED NOT NULL DEFAULT '0'`,
    );
    await queryRunner.query(
      `CREATE INDEX \`idx_events_scheduled\` ON \`events\` (\`status\`, \`date_utc\`)`,
    );
    // Existing links: count each term's events stored as published.
    await queryRunner.query(
      `UPDATE terms SET published_count = (SELECT COUNT(*) FROM event_terms et INNER JOIN events e ON e.id = et.event_id WHERE et.term_id = terms.id AND e.status = 'publish')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_events_scheduled\` ON \`events\``);
    await queryRunner.query(`ALTER TABLE \`terms\` DROP COLUMN \`published_count\``);
  }
}
