import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A FULLTEXT index over event titles alone: a password-protected event that a searcher may not
 * read matches by its title only (InnoDB needs an index of exactly the columns matched).
 * Built without InnoDB's stopword list, as the text index is.
 */
export class EventSearchTitle1795560000000 implements MigrationInterface {
  name = 'EventSearchTitle1795560000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`SET SESSION innodb_ft_enable_stopword = OFF`);
    await queryRunner.query(
      `ALTER TABLE \`event_translations\` ADD FULLTEXT INDEX \`ft_event_translations_title\` (\`title\`)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`event_translations\` DROP INDEX \`ft_event_translations_title\``,
    );
  }
}
