import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks (docs/behaviour.md#webhooks): subscriptions, their deliveries (the outbox and the
 * delivery log), and the position up to which each reader of the change log (webhooks, the
 * broker) has handed changes on, which starts at the log's head: changes made before this
 * migration are not sent.
 */
export class Webhooks1795600000002 implements MigrationInterface {
  name = 'Webhooks1795600000002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`outbox_cursors\` (\`reader\` varchar(16) NOT NULL, \`seq\` bigint UNSIGNED NOT NULL, PRIMARY KEY (\`reader\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      "INSERT INTO `outbox_cursors` (`reader`, `seq`) SELECT 'webhooks', `seq` FROM `change_head` WHERE `id` = 1 UNION ALL SELECT 'broker', `seq` FROM `change_head` WHERE `id` = 1",
    );
    await queryRunner.query(
      `CREATE TABLE \`webhooks\` (\`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`url\` varchar(2048) NOT NULL, \`event_types\` varchar(1024) NOT NULL, \`secret\` varchar(128) NOT NULL, \`description\` varchar(255) NOT NULL DEFAULT '', \`active\` tinyint NOT NULL DEFAULT 1, \`disabled_reason\` varchar(255) NULL, \`failing_since_utc\` datetime NULL, \`created_utc\` datetime NOT NULL, \`modified_utc\` datetime NOT NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`webhook_deliveries\` (\`id\` int UNSIGNED NOT NULL AUTO_INCREMENT, \`webhook_id\` int UNSIGNED NOT NULL, \`change_seq\` bigint UNSIGNED NOT NULL, \`event_type\` varchar(32) NOT NULL, \`item_id\` int UNSIGNED NOT NULL, \`changed_utc\` datetime NOT NULL, \`status\` varchar(16) NOT NULL, \`attempts\` int UNSIGNED NOT NULL DEFAULT '0', \`next_attempt_utc\` datetime NOT NULL, \`last_attempt_utc\` datetime NULL, \`last_status_code\` smallint UNSIGNED NULL, \`last_error\` varchar(255) NULL, \`delivered_utc\` datetime NULL, \`created_utc\` datetime NOT NULL, UNIQUE INDEX \`uq_webhook_deliveries_change\` (\`webhook_id\`, \`change_seq\`), INDEX \`idx_webhook_deliveries_log\` (\`webhook_id\`, \`id\`), INDEX \`idx_webhook_deliveries_due\` (\`status\`, \`next_attempt_utc\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_webhook_deliveries_due\` ON \`webhook_deliveries\``);
    await queryRunner.query(`DROP INDEX \`idx_webhook_deliveries_log\` ON \`webhook_deliveries\``);
    await queryRunner.query(
      `DROP INDEX \`uq_webhook_deliveries_change\` ON \`webhook_deliveries\``,
    );
    await queryRunner.query(`DROP TABLE \`webhook_deliveries\``);
    await queryRunner.query(`DROP TABLE \`webhooks\``);
    await queryRunner.query(`DROP TABLE \`outbox_cursors\``);
  }
}
