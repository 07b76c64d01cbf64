import { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSchema1795264497694 implements MigrationInterface {
  name = 'InitialSchema1795264497694';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`posts\` (\`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`kind\` varchar(16) NOT NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `CREATE TABLE \`event_translations\` (\`event_id\` int UNSIGNED NOT NULL, \`language\` varchar(2) NOT NULL, \`title\` varchar(255) NULL, \`description\` text NULL, \`excerpt\` text NULL, PRIMARY KEY (\`event_id\`, \`language\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `CREATE TABLE \`events\` (\`id\` int UNSIGNED NOT NULL, \`slug\` varchar(200) NOT NULL, \`status\` varchar(20) NOT NULL, \`author\` int UNSIGNED NOT NULL DEFAULT '0', \`original_language\` varchar(2) NOT NULL, \`date_utc\` datetime NOT NULL, \`modified_utc\` datetime NOT NULL, \`timezone\` varchar(64) NOT NULL, \`start_utc\` datetime NOT NULL, \`end_utc\` datetime NOT NULL, \`all_day\` tinyint NOT NULL DEFAULT 0, \`cost\` text NULL, \`website\` varchar(2048) NULL, \`show_map\` tinyint NOT NULL DEFAULT 1, \`show_map_link\` tinyint NOT NULL DEFAULT 1, \`hide_from_listings\` tinyint NOT NULL DEFAULT 0, \`sticky\` tinyint NOT NULL DEFAULT 0, \`featured\` tinyint NOT NULL DEFAULT 0, \`image_url\` varchar(2048) NULL, \`image_id\` int UNSIGNED NULL, \`post_parent\` int UNSIGNED NULL, \`venue_id\` int UNSIGNED NULL, UNIQUE INDEX \`uq_events_slug\` (\`slug\`), INDEX \`idx_events_venue\` (\`venue_id\`, \`start_utc\`), INDEX \`idx_events_parent\` (\`post_parent\`, \`start_utc\`), INDEX \`idx_events_listing\` (\`hide_from_listings\`, \`start_utc\`, \`id\`, \`status\`, \`end_utc\`, \`featured\`, \`date_utc\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `ALTER TABLE \`event_translations\` ADD CONSTRAINT \`FK_a6c15dd689a8f7a51fca191a207\` FOREIGN KEY (\`event_id\`) REFERENCES \`events\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`event_translations\` DROP FOREIGN KEY \`FK_a6c15dd689a8f7a51fca191a207\``,
    );
    await queryRunner.query(`DROP INDEX \`idx_events_listing\` ON \`events\``);
    await queryRunner.query(`DROP INDEX \`idx_events_parent\` ON \`events\``);
    await queryRunner.query(`DROP INDEX \`idx_events_venue\` ON \`events\``);
    await queryRunner.query(`DROP INDEX \`uq_events_slug\` ON \`events\``);
    await queryRunner.query(`DROP TABLE \`events\``);
    await queryRunner.query(`DROP TABLE \`event_translations\``);
    await queryRunner.query(`DROP TABLE \`posts\``);
  }
}
