import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/** Rows of an entity as plain objects keyed by property name, every row with the same keys. */
export type EntityRow<T> = { readonly [K in keyof T]?: T[K] };

/**
 * Inserts `rows` of `target` with multi-row statements of at most `perStatement` rows each (so a
 * statement's parameters stay under SQLite's limit of 32,766), without reading anything back.
 * The statement is built from the entity's metadata and its values are converted by the driver
 * as TypeORM's own insert converts them (JSON, booleans, dates); TypeORM's query builder spends
 * more time naming parameters than the database spends on a batch.
 */
export async function insertRows<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  rows: readonly EntityRow<T>[],
  perStatement = 200,
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const metadata = manager.connection.getMetadata(target);
  const driver = manager.connection.driver;
  const columns = metadata.columns.filter((column) => column.propertyName in first);
  const names = columns.map((column) => driver.escape(column.databaseName)).join(', ');
  const row = `(${columns.map(() => '?').join(', ')})`;
  for (let from = 0; from < rows.length; from += perStatement) {
    const chunk = rows.slice(from, from + perStatement);
    const values = chunk.flatMap((item) =>
      columns.map((column): unknown =>
        driver.preparePersistentValue((item as ObjectLiteral)[column.propertyName], column),
      ),
    );
    await manager.query(
      `INSERT INTO ${driver.escape(metadata.tableName)} (${names}) VALUES ${chunk.map(() => row).join(', ')}`,
      values,
    );
  }
}
