import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Change log retention (docs/behaviour.md#sync): the head remembers up to which position changes
 * were pruned, so an older sync token is recognised as expired.
 */
export class ChangeRetention1795600000003 implements MigrationInterface {
  name = 'ChangeRetention1795600000003';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "temporary_change_head" ("id" tinyint PRIMARY KEY NOT NULL, "seq" bigint NOT NULL, "epoch" varchar(32) NOT NULL, "pruned_through" bigint NOT NULL DEFAULT (0))`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_change_head"("id", "seq", "epoch") SELECT "id", "seq", "epoch" FROM "change_head"`,
    );
    await queryRunner.query(`DROP TABLE "change_head"`);
    await queryRunner.query(`ALTER TABLE "temporary_change_head" RENAME TO "change_head"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "change_head" RENAME TO "temporary_change_head"`);
    await queryRunner.query(
      `CREATE TABLE "change_head" ("id" tinyint PRIMARY KEY NOT NULL, "seq" bigint NOT NULL, "epoch" varchar(32) NOT NULL)`,
    );
    await queryRunner.query(
      `INSERT INTO "change_head"("id", "seq", "epoch") SELECT "id", "seq", "epoch" FROM "temporary_change_head"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_change_head"`);
  }
}
