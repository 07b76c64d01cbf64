import { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** Counts of rows read row by row stop here: more show as one more (10,001). */
export const COUNT_CAP = 10_000;

/**
 * How many rows `rows` selects, counted up to {@link COUNT_CAP} + 1 through whatever index
 * serves it, so a count costs a bounded range however much data there is. `rows` selects one
 * column and orders by the index it is read through.
 */
export async function cappedCount(
  manager: EntityManager,
  rows: (query: SelectQueryBuilder<ObjectLiteral>) => SelectQueryBuilder<ObjectLiteral>,
): Promise<number> {
  const row = await manager
    .createQueryBuilder()
    .select('COUNT(*)', 'total')
    .from((sub: SelectQueryBuilder<ObjectLiteral>) => rows(sub).limit(COUNT_CAP + 1), 'capped')
    .getRawOne<{ total: number | string }>();
  return Number(row?.total ?? 0);
}
