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
      `CREATE TABLE "outbox_cursors" ("reader" varchar(16) PRIMARY KEY NOT NULL, "seq" bigint NOT NULL)`,
    );
    await queryRunner.query(
      `INSERT INTO "outbox_cursors" ("reader", "seq") SELECT 'webhooks', "seq" FROM "change_head" WHERE "id" = 1 UNION ALL SELECT 'broker', "seq" FROM "change_head" WHERE "id" = 1`,
    );
    await queryRunner.query(
      `CREATE TABLE "webhooks" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "url" varchar(2048) NOT NULL, "event_types" varchar(1024) NOT NULL, "secret" varchar(128) NOT NULL, "description" varchar(255) NOT NULL DEFAULT (''), "active" boolean NOT NULL DEFAULT (1), "disabled_reason" varchar(255), "failing_since_utc" datetime, "created_utc" datetime NOT NULL, "modified_utc" datetime NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_deliveries" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "webhook_id" integer NOT NULL, "change_seq" bigint NOT NULL, "event_type" varchar(32) NOT NULL, "item_id" integer NOT NULL, "changed_utc" datetime NOT NULL, "status" varchar(16) NOT NULL, "attempts" integer NOT NULL DEFAULT (0), "next_attempt_utc" datetime NOT NULL, "last_attempt_utc" datetime, "last_status_code" smallint, "last_error" varchar(255), "delivered_utc" datetime, "created_utc" datetime NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_webhook_deliveries_change" ON "webhook_deliveries" ("webhook_id", "change_seq") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_webhook_deliveries_log" ON "webhook_deliveries" ("webhook_id", "id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_webhook_deliveries_due" ON "webhook_deliveries" ("status", "next_attempt_utc") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_webhook_deliveries_due"`);
    await queryRunner.query(`DROP INDEX "idx_webhook_deliveries_log"`);
    await queryRunner.query(`DROP INDEX "uq_webhook_deliveries_change"`);
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP TABLE "webhooks"`);
    await queryRunner.query(`DROP TABLE "outbox_cursors"`);
  }
}
