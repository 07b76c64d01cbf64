import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { rowsForcingListing } from './listing-index';

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
