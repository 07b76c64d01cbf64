import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Change log retention (docs/behaviour.md#sync): the head remembers up to which position changes
 * were pruned, so an older sync token is recognised as expired.
 */
export class ChangeRetention1795600000003 implements MigrationInterface {
  name = 'ChangeRetention1795600000003';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`change_head\` ADD \`pruned_through\` bigint UNSIGNED NOT NULL DEFAULT '0'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`change_head\` DROP COLUMN \`pruned_through\``);
  }
}
