import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Terms' published counts move from `terms.published_count` to a row of their own per term
 * (`term_counts`), which event writes update without locking the term's row
 * (docs/decisions.md, "Term counts in a table of their own"). Every term gets its row, with
 * the count it had.
 */
export class TermCounts1795600000017 implements MigrationInterface {
  name = 'TermCounts1795600000017';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`term_counts\` (\`term_id\` int UNSIGNED NOT NULL, \`published_count\` int UNSIGNED NOT NULL DEFAULT '0', PRIMARY KEY (\`term_id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `INSERT INTO \`term_counts\` (\`term_id\`, \`published_count\`) SELECT \`id\`, \`published_count\` FROM \`terms\``,
    );
    await queryRunner.query(`ALTER TABLE \`terms\` DROP COLUMN \`published_count\``);
    await queryRunner.query(
      `ALTER TABLE \`term_counts\` ADD CONSTRAINT \`FK_c367b6135df77caf49e7915548b\` FOREIGN KEY (\`term_id\`) REFERENCES \`terms\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`term_counts\` DROP FOREIGN KEY \`FK_c367b6135df77caf49e7915548b\``,
    );
    await queryRunner.query(
      `ALTER TABLE \`terms\` ADD \`published_count\` int UNSIGNED NOT NULL DEFAULT '0'`,
    );
    await queryRunner.query(
      `UPDATE \`terms\` t JOIN \`term_counts\` c ON c.\`term_id\` = t.\`id\` SET t.\`published_count\` = c.\`published_count\``,
    );
    await queryRunner.query(`DROP TABLE \`term_counts\``);
  }
}
