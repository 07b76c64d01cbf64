import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { isDuplicateKey } from './sql-values';

/**
 * Inserts `values` with the primary key `id` when no row has it yet, inside the caller's
 * transaction; returns whether it did. An imported item keeps its source id this way; an id
 * taken meanwhile by a concurrent write is a duplicate key, answered false as well.
 */
export async function takeWishedId<E extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<E>,
  id: number,
  values: Omit<E, 'id'> | Partial<E>,
): Promise<boolean> {
  if (!(await isIdFree(manager, target, id))) return false;
  try {
    await manager.insert(target, { ...values, id });
    return true;
  } catch (error: unknown) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

/** Whether `id` is a valid unsigned id no row of `target` has. */
export async function isIdFree<E extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<E>,
  id: number,
): Promise<boolean> {
  if (!isValidWish(id)) return false;
  const taken = await manager
    .createQueryBuilder(target, 'row')
    .select('row.id')
    .where('row.id = :id', { id })
    .getRawOne<unknown>();
  return taken === undefined;
}

/** Whether `id` can be an id here at all: a positive integer that fits an unsigned int column. */
export function isValidWish(id: number | undefined): id is number {
  return id !== undefined && Number.isSafeInteger(id) && id > 0 && id <= 0xffffffff;
}
