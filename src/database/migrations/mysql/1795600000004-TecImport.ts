import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Importing from The Events Calendar (docs/behaviour.md#importing-from-the-events-calendar): the
 * map from a source's ids to ours, the checkpoints of unfinished imports, and the source's
 * `global_id` and lineage kept on imported events, venues and organizers.
 */
export class TecImport1795600000004 implements MigrationInterface {
  name = 'TecImport1795600000004';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`imported_items\` (\`source\` varchar(255) NOT NULL, \`kind\` varchar(16) NOT NULL, \`source_id\` int UNSIGNED NOT NULL, \`target_id\` int UNSIGNED NOT NULL, \`source_version\` varchar(64) NOT NULL, \`imported_utc\` datetime NOT NULL, INDEX \`idx_imported_items_source_id\` (\`kind\`, \`source_id\`), PRIMARY KEY (\`source\`, \`kind\`, \`source_id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`import_progress\` (\`source\` varchar(255) NOT NULL, \`stage\` varchar(16) NOT NULL, \`pages_done\` int UNSIGNED NOT NULL DEFAULT '0', \`finished\` tinyint NOT NULL DEFAULT 0, PRIMARY KEY (\`source\`, \`stage\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(`ALTER TABLE \`events\` ADD \`global_id\` varchar(255) NULL`);
    await queryRunner.query(`ALTER TABLE \`events\` ADD \`global_id_lineage\` text NULL`);
    await queryRunner.query(`ALTER TABLE \`organizers\` ADD \`global_id\` varchar(255) NULL`);
    await queryRunner.query(`ALTER TABLE \`organizers\` ADD \`global_id_lineage\` text NULL`);
    await queryRunner.query(`ALTER TABLE \`venues\` ADD \`global_id\` varchar(255) NULL`);
    await queryRunner.query(`ALTER TABLE \`venues\` ADD \`global_id_lineage\` text NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`venues\` DROP COLUMN \`global_id_lineage\``);
    await queryRunner.query(`ALTER TABLE \`venues\` DROP COLUMN \`global_id\``);
    await queryRunner.query(`ALTER TABLE \`organizers\` DROP COLUMN \`global_id_lineage\``);
    await queryRunner.query(`ALTER TABLE \`organizers\` DROP COLUMN \`global_id\``);
    await queryRunner.query(`ALTER TABLE \`events\` DROP COLUMN \`global_id_lineage\``);
    await queryRunner.query(`ALTER TABLE \`events\` DROP COLUMN \`global_id\``);
    await queryRunner.query(`DROP TABLE \`import_progress\``);
    await queryRunner.query(`DROP INDEX \`idx_imported_items_source_id\` ON \`imported_items\``);
    await queryRunner.query(`DROP TABLE \`imported_items\``);
  }
}
