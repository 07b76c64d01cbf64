import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `idx_events_author`: an author's events by listing state and status, in start order, so the
 * total of an author's or contributor's list counts their own events of other statuses on it
 * and takes everyone's published events from the day counts (`ownSplit`).
 */
export class EventsAuthorIndex1795600000020 implements MigrationInterface {
  name = 'EventsAuthorIndex1795600000020';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX \`idx_events_author\` ON \`events\` (\`author\`, \`hide_from_listings\`, \`status\`, \`start_utc\`, \`end_utc\`, \`featured\`, \`date_utc\`, \`series_id\`)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_events_author\` ON \`events\``);
  }
}
