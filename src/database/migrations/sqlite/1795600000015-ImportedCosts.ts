import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `events.cost_shown`: the cost an imported event's source showed (TEC's `cost` and
 * `cost_details`), shown as it was (docs/behaviour.md#importing-from-the-events-calendar).
 */
export class ImportedCosts1795600000015 implements MigrationInterface {
  name = 'ImportedCosts1795600000015';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "events" ADD "cost_shown" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "events" DROP COLUMN "cost_shown"`);
  }
}
