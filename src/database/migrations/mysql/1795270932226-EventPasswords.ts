import { MigrationInterface, QueryRunner } from 'typeorm';

export class EventPasswords1795270932226 implements MigrationInterface {
  name = 'EventPasswords1795270932226';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_events_listing\` ON \`events\``);
    await queryRunner.query(`ALTER TABLE \`events\` ADD \`password_hash\` varchar(255) NULL`);
    await queryRunner.query(
      `CREATE INDEX \`idx_events_listing\` ON \`events\` (\`hide_from_listings\`, \`start_utc\`, \`id\`, \`status\`, \`end_utc\`, \`featured\`, \`date_utc\`, \`author\`)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_events_listing\` ON \`events\``);
    await queryRunner.query(`ALTER TABLE \`events\` DROP COLUMN \`password_hash\``);
    await queryRunner.query(
      `CREATE INDEX \`idx_events_listing\` ON \`events\` (\`hide_from_listings\`, \`start_utc\`, \`id\`, \`status\`, \`end_utc\`, \`featured\`, \`date_utc\`)`,
    );
  }
}
