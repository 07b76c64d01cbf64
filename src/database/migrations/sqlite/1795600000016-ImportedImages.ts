import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `image_shown` on events, venues and organizers: the image an imported item's source showed
 * (TEC's object: attachment id, sizes, file size), shown as it was
 * (docs/behaviour.md#importing-from-the-events-calendar).
 */
export class ImportedImages1795600000016 implements MigrationInterface {
  name = 'ImportedImages1795600000016';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['events', 'venues', 'organizers']) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD "image_shown" text`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['organizers', 'venues', 'events']) {
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "image_shown"`);
    }
  }
}
