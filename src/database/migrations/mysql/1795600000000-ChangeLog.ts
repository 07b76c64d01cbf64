import { randomBytes } from 'node:crypto';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The change log (`changes`, in commit order) and its head (the last position handed out and
 * this database's epoch, which names the database in sync tokens).
 */
export class ChangeLog1795600000000 implements MigrationInterface {
  name = 'ChangeLog1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`changes\` (\`seq\` bigint UNSIGNED NOT NULL, \`kind\` varchar(16) NOT NULL, \`item_id\` int UNSIGNED NOT NULL, \`action\` varchar(16) NOT NULL, \`changed_utc\` datetime NOT NULL, INDEX \`idx_changes_kind_seq\` (\`kind\`, \`seq\`, \`item_id\`), PRIMARY KEY (\`seq\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`change_head\` (\`id\` tinyint UNSIGNED NOT NULL, \`seq\` bigint UNSIGNED NOT NULL, \`epoch\` varchar(32) NOT NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `INSERT INTO \`change_head\` (\`id\`, \`seq\`, \`epoch\`) VALUES (1, 0, ?)`,
      [randomBytes(8).toString('hex')],
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`change_head\``);
    await queryRunner.query(`DROP TABLE \`changes\``);
  }
}
