import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * FULLTEXT indexes over event descriptions and excerpts alone: a search reads each field of the
 * original language only where the reader's own text leaves that field untranslated
 * (docs/behaviour.md#languages), and InnoDB matches only the exact columns of an index. Built
 * without InnoDB's stopword list, as the other text indexes are.
 */
export class EventSearchFields1795600000014 implements MigrationInterface {
  name = 'EventSearchFields1795600000014';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`SET SESSION innodb_ft_enable_stopword = OFF`);
    for (const field of ['description', 'excerpt']) {
      await queryRunner.query(
        `ALTER TABLE \`event_translations\` ADD FULLTEXT INDEX \`ft_event_translations_${field}\` (\`${field}\`)`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const field of ['excerpt', 'description']) {
      await queryRunner.query(
        `ALTER TABLE \`event_translations\` DROP INDEX \`ft_event_translations_${field}\``,
      );
    }
  }
}
