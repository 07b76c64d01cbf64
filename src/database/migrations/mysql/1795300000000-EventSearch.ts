import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A FULLTEXT index over the event text of every language, for `search` (events/search). Built
 * without InnoDB's stopword list, so that every word can be searched for.
 */
export class EventSearch1795300000000 implements MigrationInterface {
  name = 'EventSearch1795300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`SET SESSION innodb_ft_enable_stopword = OFF`);
    await queryRunner.query(
      `ALTER TABLE \`event_translations\` ADD FULLTEXT INDEX \`ft_event_translations_text\` (\`title\`, \`description\`, \`excerpt\`)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`event_translations\` DROP INDEX \`ft_event_translations_text\``,
    );
  }
}
