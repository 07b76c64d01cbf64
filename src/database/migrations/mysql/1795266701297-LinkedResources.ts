import { MigrationInterface, QueryRunner } from 'typeorm';

export class LinkedResources1795266701297 implements MigrationInterface {
  name = 'LinkedResources1795266701297';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`organizer_translations\` (\`organizer_id\` int UNSIGNED NOT NULL, \`language\` varchar(2) NOT NULL, \`name\` varchar(255) NULL, \`name_key\` varchar(255) NULL, \`description\` text NULL, INDEX \`idx_organizer_translations_name_key\` (\`name_key\`), PRIMARY KEY (\`organizer_id\`, \`language\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `CREATE TABLE \`organizers\` (\`id\` int UNSIGNED NOT NULL, \`slug\` varchar(200) NOT NULL, \`status\` varchar(20) NOT NULL, \`author\` int UNSIGNED NOT NULL DEFAULT '0', \`original_language\` varchar(2) NOT NULL, \`date_utc\` datetime NOT NULL, \`modified_utc\` datetime NOT NULL, \`phone\` varchar(255) NULL, \`website\` varchar(2048) NULL, \`email\` varchar(255) NULL, \`image_url\` varchar(2048) NULL, \`image_id\` int UNSIGNED NULL, UNIQUE INDEX \`uq_organizers_slug\` (\`slug\`), INDEX \`idx_organizers_listing\` (\`status\`, \`date_utc\`, \`id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `CREATE TABLE \`event_organizers\` (\`event_id\` int UNSIGNED NOT NULL, \`organizer_id\` int UNSIGNED NOT NULL, \`position\` smallint UNSIGNED NOT NULL DEFAULT '0', INDEX \`idx_event_organizers_organizer\` (\`organizer_id\`, \`event_id\`), PRIMARY KEY (\`event_id\`, \`organizer_id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `CREATE TABLE \`term_translations\` (\`term_id\` int UNSIGNED NOT NULL, \`language\` varchar(2) NOT NULL, \`name\` varchar(255) NULL, \`name_key\` varchar(255) NULL, \`description\` text NULL, INDEX \`idx_term_translations_name_key\` (\`name_key\`), PRIMARY KEY (\`term_id\`, \`language\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `CREATE TABLE \`terms\` (\`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`taxonomy\` varchar(32) NOT NULL, \`slug\` varchar(200) NOT NULL, \`parent\` int UNSIGNED NOT NULL DEFAULT '0', \`original_language\` varchar(2) NOT NULL, INDEX \`idx_terms_taxonomy_parent\` (\`taxonomy\`, \`parent\`), UNIQUE INDEX \`uq_terms_taxonomy_slug\` (\`taxonomy\`, \`slug\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `CREATE TABLE \`event_terms\` (\`event_id\` int UNSIGNED NOT NULL, \`term_id\` int UNSIGNED NOT NULL, INDEX \`idx_event_terms_term\` (\`term_id\`, \`event_id\`), PRIMARY KEY (\`event_id\`, \`term_id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `CREATE TABLE \`venue_translations\` (\`venue_id\` int UNSIGNED NOT NULL, \`language\` varchar(2) NOT NULL, \`name\` varchar(255) NULL, \`name_key\` varchar(255) NULL, \`description\` text NULL, INDEX \`idx_venue_translations_name_key\` (\`name_key\`), PRIMARY KEY (\`venue_id\`, \`language\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `CREATE TABLE \`venues\` (\`id\` int UNSIGNED NOT NULL, \`slug\` varchar(200) NOT NULL, \`status\` varchar(20) NOT NULL, \`author\` int UNSIGNED NOT NULL DEFAULT '0', \`original_language\` varchar(2) NOT NULL, \`date_utc\` datetime NOT NULL, \`modified_utc\` datetime NOT NULL, \`address\` varchar(255) NULL, \`city\` varchar(255) NULL, \`country\` varchar(255) NULL, \`province\` varchar(255) NULL, \`state\` varchar(255) NULL, \`stateprovince\` varchar(255) NULL, \`zip\` varchar(255) NULL, \`phone\` varchar(255) NULL, \`website\` varchar(2048) NULL, \`show_map\` tinyint NOT NULL DEFAULT 1, \`show_map_link\` tinyint NOT NULL DEFAULT 1, \`image_url\` varchar(2048) NULL, \`image_id\` int UNSIGNED NULL, \`geo_lat\` double NULL, \`geo_lng\` double NULL, UNIQUE INDEX \`uq_venues_slug\` (\`slug\`), INDEX \`idx_venues_geo\` (\`geo_lat\`, \`geo_lng\`), INDEX \`idx_venues_listing\` (\`status\`, \`date_utc\`, \`id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `ALTER TABLE \`organizer_translations\` ADD CONSTRAINT \`FK_9475749606dfdc187a1db62c84b\` FOREIGN KEY (\`organizer_id\`) REFERENCES \`organizers\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE \`event_organizers\` ADD CONSTRAINT \`FK_64b592355e149a4d47def2412d5\` FOREIGN KEY (\`event_id\`) REFERENCES \`events\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE \`event_organizers\` ADD CONSTRAINT \`FK_50d569a3b1f1d3c555e51914a7c\` FOREIGN KEY (\`organizer_id\`) REFERENCES \`organizers\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE \`term_translations\` ADD CONSTRAINT \`FK_65e27e96921f39b30eeef1fd3bf\` FOREIGN KEY (\`term_id\`) REFERENCES \`terms\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE \`event_terms\` ADD CONSTRAINT \`FK_8872b6b610723fa6b8505f543c1\` FOREIGN KEY (\`event_id\`) REFERENCES \`events\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE \`event_terms\` ADD CONSTRAINT \`FK_42e8547e6c98946e118dd65e78e\` FOREIGN KEY (\`term_id\`) REFERENCES \`terms\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE \`venue_translations\` ADD CONSTRAINT \`FK_442ac4b652cce1cae6626e9afa5\` FOREIGN KEY (\`venue_id\`) REFERENCES \`venues\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`venue_translations\` DROP FOREIGN KEY \`FK_442ac4b652cce1cae6626e9afa5\``,
    );
    await queryRunner.query(
      `ALTER TABLE \`event_terms\` DROP FOREIGN KEY \`FK_42e8547e6c98946e118dd65e78e\``,
    );
    await queryRunner.query(
      `ALTER TABLE \`event_terms\` DROP FOREIGN KEY \`FK_8872b6b610723fa6b8505f543c1\``,
    );
    await queryRunner.query(
      `ALTER TABLE \`term_translations\` DROP FOREIGN KEY \`FK_65e27e96921f39b30eeef1fd3bf\``,
    );
    await queryRunner.query(
      `ALTER TABLE \`event_organizers\` DROP FOREIGN KEY \`FK_50d569a3b1f1d3c555e51914a7c\``,
    );
    await queryRunner.query(
      `ALTER TABLE \`event_organizers\` DROP FOREIGN KEY \`FK_64b592355e149a4d47def2412d5\``,
    );
    await queryRunner.query(
      `ALTER TABLE \`organizer_translations\` DROP FOREIGN KEY \`FK_9475749606dfdc187a1db62c84b\``,
    );
    await queryRunner.query(`DROP INDEX \`idx_venues_listing\` ON \`venues\``);
    await queryRunner.query(`DROP INDEX \`idx_venues_geo\` ON \`venues\``);
    await queryRunner.query(`DROP INDEX \`uq_venues_slug\` ON \`venues\``);
    await queryRunner.query(`DROP TABLE \`venues\``);
    await queryRunner.query(
      `DROP INDEX \`idx_venue_translations_name_key\` ON \`venue_translations\``,
    );
    await queryRunner.query(`DROP TABLE \`venue_translations\``);
    await queryRunner.query(`DROP INDEX \`idx_event_terms_term\` ON \`event_terms\``);
    await queryRunner.query(`DROP TABLE \`event_terms\``);
    await queryRunner.query(`DROP INDEX \`uq_terms_taxonomy_slug\` ON \`terms\``);
    await queryRunner.query(`DROP INDEX \`idx_terms_taxonomy_parent\` ON \`terms\``);
    await queryRunner.query(`DROP TABLE \`terms\``);
    await queryRunner.query(
      `DROP INDEX \`idx_term_translations_name_key\` ON \`term_translations\``,
    );
    await queryRunner.query(`DROP TABLE \`term_translations\``);
    await queryRunner.query(
      `DROP INDEX \`idx_event_organizers_organizer\` ON \`event_organizers\``,
    );
    await queryRunner.query(`DROP TABLE \`event_organizers\``);
    await queryRunner.query(`DROP INDEX \`idx_organizers_listing\` ON \`organizers\``);
    await queryRunner.query(`DROP INDEX \`uq_organizers_slug\` ON \`organizers\``);
    await queryRunner.query(`DROP TABLE \`organizers\``);
    await queryRunner.query(
      `DROP INDEX \`idx_organizer_translations_name_key\` ON \`organizer_translations\``,
    );
    await queryRunner.query(`DROP TABLE \`organizer_translations\``);
  }
}
