import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `event_term_listing`: each event's rows per category (with the categories above it) and tag,
 * with a copy of its listing columns, so a category's or tag's list reads one index
 * (`events/entities/event-term-listing.entity.ts`). Filled from the existing events.
 */
export class EventTermListing1795480112343 implements MigrationInterface {
  name = 'EventTermListing1795480112343';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`event_term_listing\` (\`event_id\` int UNSIGNED NOT NULL, \`term_id\` int UNSIGNED NOT NULL, \`hide_from_listings\` tinyint NOT NULL DEFAULT 0, \`start_utc\` datetime NOT NULL, \`end_utc\` datetime NOT NULL, \`status\` varchar(20) NOT NULL, \`featured\` tinyint NOT NULL DEFAULT 0, \`date_utc\` datetime NOT NULL, \`author\` int UNSIGNED NOT NULL DEFAULT '0', INDEX \`idx_event_term_listing\` (\`term_id\`, \`hide_from_listings\`, \`start_utc\`, \`event_id\`, \`status\`, \`end_utc\`, \`featured\`, \`date_utc\`, \`author\`), PRIMARY KEY (\`event_id\`, \`term_id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `ALTER TABLE \`event_term_listing\` ADD CONSTRAINT \`FK_8f8c17c016e73259e1848a3974c\` FOREIGN KEY (\`event_id\`) REFERENCES \`events\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE \`event_term_listing\` ADD CONSTRAINT \`FK_6197c5794ba92ac89567e3cdc27\` FOREIGN KEY (\`term_id\`) REFERENCES \`terms\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `INSERT INTO \`event_term_listing\` (\`event_id\`, \`term_id\`, \`hide_from_listings\`, \`start_utc\`, \`end_utc\`, \`status\`, \`featured\`, \`date_utc\`, \`author\`) WITH RECURSIVE \`filed\` (\`event_id\`, \`term_id\`) AS (SELECT \`event_id\`, \`term_id\` FROM \`event_terms\` UNION SELECT f.\`event_id\`, t.\`parent\` FROM \`filed\` f JOIN \`terms\` t ON t.\`id\` = f.\`term_id\` WHERE t.\`parent\` <> 0) SELECT f.\`event_id\`, f.\`term_id\`, e.\`hide_from_listings\`, e.\`start_utc\`, e.\`end_utc\`, e.\`status\`, e.\`featured\`, e.\`date_utc\`, e.\`author\` FROM \`filed\` f JOIN \`events\` e ON e.\`id\` = f.\`event_id\``,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`event_term_listing\` DROP FOREIGN KEY \`FK_6197c5794ba92ac89567e3cdc27\``,
    );
    await queryRunner.query(
      `ALTER TABLE \`event_term_listing\` DROP FOREIGN KEY \`FK_8f8c17c016e73259e1848a3974c\``,
    );
    await queryRunner.query(`DROP TABLE \`event_term_listing\``);
  }
}
