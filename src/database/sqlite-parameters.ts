import type { DataSource } from 'typeorm';

/** The method of TypeORM's SQLite drivers that puts a query builder's parameters in its SQL. */
interface EscapingDriver {
  escapeQueryWithParameters(
    sql: string,
    parameters: Readonly<Record<string, unknown>>,
    nativeParameters: Readonly<Record<string, unknown>>,
  ): [string, unknown[]];
}

/**
 * A number TypeORM is to bind rather than write into the SQL text: its driver writes every
 * `number` parameter in as a literal and binds the other values, so a boxed one takes the
 * binding path, and is unboxed after.
 */
class Bound {
  constructor(readonly value: bigint | number) {}
}

/**
 * Makes the query builders of an app on SQLite (better-sqlite3) bind their numeric parameters. TypeORM's SQLite
 * driver writes a `number` parameter into the SQL text (`WHERE id = 101521`), so each id gives a
 * statement text of its own, which better-sqlite3 prepares anew (TypeORM keeps 100 prepared
 * statements by text, and these push out the ones that are reused): 9% of a write's CPU was
 * spent preparing statements. Bound instead, a query's text depends on its shape alone. A safe
 * integer is bound as a `bigint`, which better-sqlite3 binds as an INTEGER, as the literal was (a
 * `number` it binds as a REAL, which compares differently with a TEXT column: '1' = 1.0 is
 * false); any other number as a REAL, as its literal was. Raw queries (`manager.query`) pass
 * their parameters as they are and are left alone.
 */
export function bindNumericParameters(dataSource: DataSource): void {
  if (dataSource.options.type !== 'better-sqlite3') return;
  const driver = dataSource.driver as unknown as EscapingDriver;
  const escape = driver.escapeQueryWithParameters.bind(driver);
  driver.escapeQueryWithParameters = (sql, parameters, nativeParameters) => {
    const boxed: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(parameters)) {
      boxed[name] =
        typeof value === 'number' && Number.isFinite(value)
          ? new Bound(Number.isSafeInteger(value) ? BigInt(value) : value)
          : value;
    }
    const [text, values] = escape(sql, boxed, nativeParameters);
    return [text, values.map((value) => (value instanceof Bound ? value.value : value))];
  };
}
