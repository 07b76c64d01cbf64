import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { rowsForcingListing, rowsOnAuthorIndex } from './listing-index';

/** TypeORM's parts as far as `rowsForcingListing` uses them (TypeORM is not ours to run here). */
function runner(): { query: jest.Mock; release: jest.Mock } {
  return { query: jest.fn().mockResolvedValue([{ id: 1 }]), release: jest.fn() };
}

function queryOf(sql: string): SelectQueryBuilder<ObjectLiteral> {
  return {
    getQueryAndParameters: () => [sql, ['publish', 10]],
  } as unknown as SelectQueryBuilder<ObjectLiteral>;
}

const PAGE =
  'SELECT `e`.`id` AS `id` FROM `events` `e` USE INDEX (`idx_events_listing`) WHERE `e`.`status` = ? LIMIT ?';

describe('rowsForcingListing', () => {
  it('runs the page with the listing index forced, on a connection of the read mode, then releases it', async () => {
    const taken = runner();
    const createQueryRunner = jest.fn().mockReturnValue(taken);
    const manager = {
      queryRunner: undefined,
      connection: { createQueryRunner, defaultReplicationModeForReads: () => 'slave' },
    } as unknown as EntityManager;

    await expect(rowsForcingListing(manager, queryOf(PAGE))).resolves.toEqual([{ id: 1 }]);
    expect(createQueryRunner).toHaveBeenCalledWith('slave');
    expect(taken.query).toHaveBeenCalledWith(PAGE.replace('USE INDEX', 'FORCE INDEX'), [
      'publish',
      10,
    ]);
    expect(taken.release).toHaveBeenCalledTimes(1);
  });

  it("reads inside the unit's transaction without releasing its connection", async () => {
    const unit = runner();
    const manager = { queryRunner: unit, connection: {} } as unknown as EntityManager;

    await rowsForcingListing(manager, queryOf(PAGE));
    expect(unit.query).toHaveBeenCalledTimes(1);
    expect(unit.release).not.toHaveBeenCalled();
  });

  it('refuses a query that does not name the listing index', async () => {
    const unit = runner();
    const manager = { queryRunner: unit, connection: {} } as unknown as EntityManager;

    await expect(
      rowsForcingListing(manager, queryOf(PAGE.replace(' USE INDEX (`idx_events_listing`)', ''))),
    ).rejects.toThrow('names no index');
    expect(unit.query).not.toHaveBeenCalled();
  });
});

describe('rowsOnAuthorIndex', () => {
  const manager = (unit: ReturnType<typeof runner>): EntityManager =>
    ({ queryRunner: unit, connection: {} }) as unknown as EntityManager;

  it('forces the author index that MySQL/MariaDB was told to use', async () => {
    const unit = runner();
    const page = PAGE.replace('idx_events_listing', 'idx_events_author');
    await rowsOnAuthorIndex(manager(unit), queryOf(page));
    expect(unit.query).toHaveBeenCalledWith(page.replace('USE INDEX', 'FORCE INDEX'), [
      'publish',
      10,
    ]);
  });

  it('reads the events through the author index on SQLite', async () => {
    const unit = runner();
    const page = 'SELECT "e"."id" AS "id" FROM "events" "e" WHERE "e"."author" = ? LIMIT ?';
    await rowsOnAuthorIndex(manager(unit), queryOf(page));
    expect(unit.query).toHaveBeenCalledWith(
      'SELECT "e"."id" AS "id" FROM "events" "e" INDEXED BY "idx_events_author" WHERE "e"."author" = ? LIMIT ?',
      ['publish', 10],
    );
  });

  it('refuses a query that reads no events as `e`', async () => {
    const unit = runner();
    await expect(
      rowsOnAuthorIndex(manager(unit), queryOf('SELECT 1 FROM "venues" "v"')),
    ).rejects.toThrow('reads no events');
    expect(unit.query).not.toHaveBeenCalled();
  });
});
