import { DataSource } from 'typeorm';
import { DomainError } from '../common/errors/domain-error';
import { MAX_ATTEMPTS, UnitOfWork } from './unit-of-work';

/** An error shaped as InnoDB's deadlock, as TypeORM hands it over. */
function deadlock(): Error {
  return Object.assign(new Error('Deadlock found when trying to get lock'), {
    driverError: { code: 'ER_LOCK_DEADLOCK', errno: 1213 },
  });
}

describe('UnitOfWork', () => {
  let dataSource: DataSource;
  let unit: UnitOfWork;

  beforeAll(async () => {
    dataSource = await new DataSource({
      type: 'better-sqlite3',
      database: ':memory:',
    }).initialize();
  });
  afterAll(async () => {
    await dataSource.destroy();
  });
  beforeEach(() => {
    unit = new UnitOfWork(dataSource);
  });

  it('runs the whole unit again after a conflict, and answers what the last attempt gave', async () => {
    let attempts = 0;
    const result = await unit.run(() => {
      attempts += 1;
      return attempts < 3 ? Promise.reject(deadlock()) : Promise.resolve('done');
    });

    expect([result, attempts, unit.retries, unit.gaveUp]).toEqual(['done', 3, 2, 0]);
  });

  it(`answers 503 rest_service_busy when all ${MAX_ATTEMPTS} attempts conflict`, async () => {
    let attempts = 0;
    const failure = await unit
      .run(() => {
        attempts += 1;
        return Promise.reject(deadlock());
      })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(DomainError);
    expect((failure as DomainError).kind).toBe('serviceBusy');
    expect([attempts, unit.retries, unit.gaveUp]).toEqual([MAX_ATTEMPTS, MAX_ATTEMPTS - 1, 1]);
  });

  it('does not retry other errors, and rolls the unit back', async () => {
    await dataSource.query('CREATE TABLE IF NOT EXISTS t (v INTEGER)');
    let attempts = 0;
    await expect(
      unit.run(async () => {
        attempts += 1;
        await unit.manager.query('INSERT INTO t (v) VALUES (1)');
        throw new Error('a bug');
      }),
    ).rejects.toThrow('a bug');

    expect(attempts).toBe(1);
    expect(await dataSource.query('SELECT COUNT(*) AS n FROM t')).toEqual([{ n: 0 }]);
  });

  it('joins the running unit: a nested run or transaction is the same transaction', async () => {
    const managers = await unit.run(async () => {
      const outer = unit.manager;
      const nested = await unit.run(() => Promise.resolve(unit.manager));
      const joined = await unit.transaction((manager) => Promise.resolve(manager));
      return [outer, nested, joined];
    });

    expect(new Set(managers).size).toBe(1);
    expect(managers[0]).not.toBe(dataSource.manager);
    expect(unit.manager).toBe(dataSource.manager);
  });
});
