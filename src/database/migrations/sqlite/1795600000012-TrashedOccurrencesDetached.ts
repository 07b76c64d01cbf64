import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Occurrences trashed on their own are now marked `detached`, so that occurrences a rule change
 * trashed (unmarked) come back when a later rule gives them again. Those trashed before this
 * mark existed cannot be told apart: all stay exceptions, as they were.
 */
export class TrashedOccurrencesDetached1795600000012 implements MigrationInterface {
  name = 'TrashedOccurrencesDetached1795600000012';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "events" SET "detached" = 1 WHERE "status" = 'trash' AND "series_id" IS NOT NULL AND "series_id" <> "id"`,
    );
  }

  public async down(): Promise<void> {
    // The mark is harmless under the earlier code, which treated every trashed occurrence alike.
  }
}
