import type { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { EntityMetadata } from 'typeorm/metadata/EntityMetadata';

/** How {@link PlainRows.where} reads: its order, and whether a write locks the rows it reads. */
export interface PlainRowsOptions<T> {
  /** Properties to order by, ascending. */
  readonly orderBy?: readonly (keyof T & string)[];
  /** `SELECT … FOR UPDATE` (MySQL/MariaDB; SQLite's writes run one at a time and need none). */
  readonly lock?: boolean;
  /** Besides the key, a column that must hold one value (a term's taxonomy). */
  readonly equal?: { readonly property: keyof T & string; readonly value: string | number };
}

/** One entity's statements and columns on one database. */
class EntityRows<T extends ObjectLiteral> {
  private readonly metadata: EntityMetadata;
  private readonly columns: readonly ColumnMetadata[];
  private readonly selectFrom: string;
  private readonly statements = new Map<string, string>();
  readonly sqlite: boolean;

  constructor(
    private readonly dataSource: DataSource,
    target: EntityTarget<T>,
  ) {
    this.sqlite = dataSource.options.type === 'better-sqlite3';
    this.metadata = dataSource.getMetadata(target);
    const seen = new Set<string>();
    this.columns = this.metadata.columns.filter((column) => {
      if (column.isVirtual || seen.has(column.databaseName)) return false;
      seen.add(column.databaseName);
      return true;
    });
    const names = this.columns.map((column) => this.name(column.databaseName)).join(', ');
    this.selectFrom = `SELECT ${names} FROM ${this.name(this.metadata.tableName)}`;
  }

  statement(property: string, count: number, options: PlainRowsOptions<T>): string {
    const lock = options.lock === true && !this.sqlite;
    const equal = options.equal?.property;
    const key = `${property} ${count} ${options.orderBy?.join(',') ?? ''} ${lock ? 'lock' : ''} ${equal ?? ''}`;
    let sql = this.statements.get(key);
    if (sql === undefined) {
      const column = this.column(property);
      const condition =
        (equal === undefined ? '' : `${this.column(equal)} = ? AND `) +
        (count === 1 ? `${column} = ?` : `${column} IN (${Array(count).fill('?').join(', ')})`);
      const order = options.orderBy?.length
        ? ` ORDER BY ${options.orderBy.map((name) => this.column(name)).join(', ')}`
        : '';
      sql = `${this.selectFrom} WHERE ${condition}${order}${lock ? ' FOR UPDATE' : ''}`;
      // The shapes are few (a page holds at most a few hundred items); bound the map anyway.
      if (this.statements.size < 1000) this.statements.set(key, sql);
    }
    return sql;
  }

  entityOf(row: Record<string, unknown>): T {
    const entity = this.metadata.create() as T;
    const driver = this.dataSource.driver;
    for (const column of this.columns) {
      const value = row[column.databaseName];
      if (value === undefined) continue;
      column.setEntityValue(entity, driver.prepareHydratedValue(value, column));
    }
    return entity;
  }

  private column(property: string): string {
    const column = this.metadata.findColumnWithPropertyName(property);
    if (!column) throw new Error(`${this.metadata.name} has no column ${property}`);
    return this.name(column.databaseName);
  }

  private name(identifier: string): string {
    return this.dataSource.driver.escape(identifier);
  }
}

/**
 * Whole rows of one entity read by the values of one of its columns, in plain SQL on the
 * caller's connection (its transaction's, else where TypeORM sends a read now, a replica for a
 * GET when there are any): the statement is written once per shape (column, number of values,
 * order, lock), and each row becomes an entity through the driver's own conversion of each
 * column (`prepareHydratedValue`, the one TypeORM's `find` applies), so the entities equal
 * those `find` returns. What it leaves out is the rest of `find`'s way there: a query builder
 * per call, its SQL written anew, the raw rows grouped by alias and hydrated through relation
 * metadata (under writes at 1M events the ORM took a third of the service's CPU,
 * docs/benchmarks.md). For reads of whole rows by key on the hot read path; writes, joins and
 * partial selections stay with TypeORM.
 */
export class PlainRows<T extends ObjectLiteral> {
  private readonly byDataSource = new WeakMap<DataSource, EntityRows<T>>();

  constructor(private readonly target: EntityTarget<T>) {}

  /**
   * The rows whose `property` is one of `values` (and whose `options.equal` column holds its
   * value), in no particular order unless asked.
   */
  async where(
    manager: EntityManager,
    property: keyof T & string,
    values: readonly (number | string)[],
    options: PlainRowsOptions<T> = {},
  ): Promise<T[]> {
    if (values.length === 0) return [];
    const rows = this.on(manager.connection);
    // On SQLite integers are bound as integers, as the query builders bind them
    // (sqlite-parameters.ts), so a key compares with a column as it does there.
    const bound = rows.sqlite
      ? values.map((value) => (Number.isSafeInteger(value) ? BigInt(value) : value))
      : values;
    // Outside a transaction a read goes where the query builders' reads go: a GET's to a
    // replica when there are any (read-routing.ts), as TypeORM's `find` sends it.
    const connection = manager.connection;
    const runner =
      manager.queryRunner ??
      connection.createQueryRunner(connection.defaultReplicationModeForReads());
    try {
      const found = (await runner.query(
        rows.statement(property, values.length, options),
        options.equal === undefined ? [...bound] : [options.equal.value, ...bound],
      )) as Record<string, unknown>[];
      return found.map((row) => rows.entityOf(row));
    } finally {
      if (runner !== manager.queryRunner) await runner.release();
    }
  }

  private on(dataSource: DataSource): EntityRows<T> {
    let rows = this.byDataSource.get(dataSource);
    if (rows === undefined) {
      rows = new EntityRows(dataSource, this.target);
      this.byDataSource.set(dataSource, rows);
    }
    return rows;
  }
}
