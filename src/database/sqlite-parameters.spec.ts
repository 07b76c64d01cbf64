import { DataSource } from 'typeorm';
import { bindNumericParameters } from './sqlite-parameters';

describe('bindNumericParameters', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await new DataSource({
      type: 'better-sqlite3',
      database: ':memory:',
    }).initialize();
    bindNumericParameters(dataSource);
    await dataSource.query('CREATE TABLE things (id INTEGER PRIMARY KEY, code TEXT, size REAL)');
    await dataSource.query("INSERT INTO things VALUES (7, '1', 2.5), (8, '2', 3)");
  });
  afterAll(async () => {
    await dataSource.destroy();
  });

  const matching = (where: string, parameters: Record<string, unknown>) =>
    dataSource
      .createQueryBuilder()
      .select('t.id', 'id')
      .from('things', 't')
      .where(where, parameters)
      .orderBy('t.id');

  it('gives queries that differ only in a number one text, with the number bound', () => {
    const [first, firstValues] = matching('t.id = :id', { id: 7 }).getQueryAndParameters();
    const [second, secondValues] = matching('t.id = :id', { id: 8 }).getQueryAndParameters();

    expect(first).toBe(second);
    expect(first).not.toMatch(/\b7\b/);
    expect(firstValues).toEqual([7n]);
    expect(secondValues).toEqual([8n]);
  });

  it('finds the rows the number written into the SQL found: integers, TEXT columns, reals', async () => {
    expect(await matching('t.id = :id', { id: 7 }).getRawMany()).toEqual([{ id: 7 }]);
    // A REAL 1.0 would not equal the TEXT '1'; the INTEGER 1 does, as the literal did.
    expect(await matching('t.code = :code', { code: 1 }).getRawMany()).toEqual([{ id: 7 }]);
    expect(await matching('t.size > :size', { size: 2.75 }).getRawMany()).toEqual([{ id: 8 }]);
    expect(await matching('t.id IN (:...ids)', { ids: [7, 8] }).getRawMany()).toEqual([
      { id: 7 },
      { id: 8 },
    ]);
  });
});
