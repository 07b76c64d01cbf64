import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `modified_after`, `modified_before` and `orderby=modified` on the lists: a modification time
 * on terms, and an index on it for each of the five resources.
 */

export class ModifiedFilters1795600000001 implements MigrationInterface {
  name = 'ModifiedFilters1795600000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`terms\` ADD \`modified_utc\` datetime NOT NULL DEFAULT CURRENT_TIMESTAMP()`,
    );
    // Times are stored in UTC; the default is the server's local time.
    await queryRunner.query(`UPDATE \`terms\` SET \`modified_utc\` = UTC_TIMESTAMP()`);
    await queryRunner.query(
      `CREATE INDEX \`idx_events_modified\` ON \`events\` (\`modified_utc\`, \`id\`)`,
    );
    await queryRunner.query(
      `CREATE INDEX \`idx_organizers_modified\` ON \`organizers\` (\`modified_utc\`, \`id\`)`,
    );
    await queryRunner.query(
      `CREATE INDEX \`idx_terms_taxonomy_modified\` ON \`terms\` (\`taxonomy\`, \`modified_utc\`, \`id\`)`,
    );
    await queryRunner.query(
      `CREATE INDEX \`idx_venues_modified\` ON \`venues\` (\`modified_utc\`, \`id\`)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_venues_modified\` ON \`venues\``);
    await queryRunner.query(`DROP INDEX \`idx_terms_taxonomy_modified\` ON \`terms\``);
    await queryRunner.query(`DROP INDEX \`idx_organizers_modified\` ON \`organizers\``);
    await queryRunner.query(`DROP INDEX \`idx_events_modified\` ON \`events\``);
    await queryRunner.query(`ALTER TABLE \`terms\` DROP COLUMN \`modified_utc\``);
  }
}
