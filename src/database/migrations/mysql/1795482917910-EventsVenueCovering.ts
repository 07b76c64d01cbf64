import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `idx_events_venue` carries the listing columns after the venue, in list order (start, id), so
 * a venue's page stops at its last row and a distance search's count over hundreds of venues
 * reads the index alone.
 */

export class EventsVenueCovering1795482917910 implements MigrationInterface {
  name = 'EventsVenueCovering1795482917910';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_events_venue\` ON \`events\``);
    await queryRunner.query(
      `CREATE INDEX \`idx_events_venue\` ON \`events\` (\`venue_id\`, \`hide_from_listings\`, \`start_utc\`, \`id\`, \`status\`, \`end_utc\`, \`featured\`, \`date_utc\`, \`author\`)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_events_venue\` ON \`events\``);
    await queryRunner.query(
      `CREATE INDEX \`idx_events_venue\` ON \`events\` (\`venue_id\`, \`start_utc\`)`,
    );
  }
}
