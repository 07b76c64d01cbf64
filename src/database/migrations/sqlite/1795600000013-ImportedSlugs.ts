import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `imported_items.source_slug`: a post's slug at the site it was imported from, percent-decoded,
 * which by-slug reads fall back to (docs/behaviour.md#importing-from-the-events-calendar).
 */
export class ImportedSlugs1795600000013 implements MigrationInterface {
  name = 'ImportedSlugs1795600000013';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "imported_items" ADD "source_slug" varchar(200)`);
    await queryRunner.query(
      `CREATE INDEX "idx_imported_items_source_slug" ON "imported_items" ("kind", "source_slug")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_imported_items_source_slug"`);
    await queryRunner.query(`ALTER TABLE "imported_items" DROP COLUMN "source_slug"`);
  }
}
