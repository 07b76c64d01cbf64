import { EntityManager, In } from 'typeorm';
import { TermEntity } from './entities/term.entity';

/*
 * What the events aggregate, which owns the links between events and terms, may read and
 * change of the terms inside its own unit of work (`manager`), without importing their
 * entities or repository: the category tree around a term, the ids of a taxonomy, and the
 * stored published counts its writes move.
 */

/** `termId` and every category above it (none for 0). */
export async function ancestorIds(manager: EntityManager, termId: number): Promise<number[]> {
  const ids: number[] = [];
  for (let id = termId; id !== 0 && !ids.includes(id);) {
    ids.push(id);
    const term = await manager.findOne(TermEntity, {
      select: { id: true, parent: true },
      where: { id },
    });
    id = term?.parent ?? 0;
  }
  return ids;
}

/** `termId` and every category below it. */
export async function subtreeIds(manager: EntityManager, termId: number): Promise<number[]> {
  const ids = [termId];
  let level = [termId];
  while (level.length > 0) {
    const children = await manager.find(TermEntity, {
      select: { id: true },
      where: { parent: In(level) },
    });
    level = children.map((child) => child.id).filter((id) => !ids.includes(id));
    ids.push(...level);
  }
  return ids;
}

/**
 * Write-locks the rows of `termIds` and of their ancestors in id order (MySQL/MariaDB), before
 * an event's links to them are written. A link's foreign key check takes a shared lock on its
 * term, and the event's listing rows link it to its categories' ancestors too
 * (`listing/term-listing.ts`); two writers that each hold one of those and then both update a
 * count would deadlock. Holding the write locks first, in one order, writers of the same terms
 * queue instead. SQLite has one writer and no row locks.
 */
export async function lockTerms(manager: EntityManager, termIds: readonly number[]): Promise<void> {
  if (termIds.length === 0 || manager.connection.options.type === 'better-sqlite3') return;
  // A transaction's manager is its own: terms it locked stay locked until it ends.
  const held = LOCKED_TERMS.get(manager);
  if (held && termIds.every((id) => held.has(id))) return;
  const all = new Set(termIds);
  for (let level = [...all]; level.length > 0;) {
    const terms = await manager.find(TermEntity, {
      select: { id: true, parent: true },
      where: { id: In(level) },
    });
    level = terms.map((term) => term.parent).filter((parent) => parent !== 0 && !all.has(parent));
    for (const parent of level) all.add(parent);
  }
  const ids = [...all].sort((a, b) => a - b);
  await manager
    .createQueryBuilder(TermEntity, 't')
    .select('t.id')
    .where('t.id IN (:...ids)', { ids })
    .orderBy('t.id')
    .setLock('pessimistic_write')
    .getRawMany();
  LOCKED_TERMS.set(manager, new Set([...(held ?? []), ...ids]));
}

/** The terms (with their ancestors) each running transaction's manager has locked. */
const LOCKED_TERMS = new WeakMap<EntityManager, Set<number>>();

/** A subquery of the ids of the terms of the taxonomy bound as `:taxonomy`. */
export function taxonomyTermIdsQuery(manager: EntityManager): string {
  return manager
    .createQueryBuilder()
    .subQuery()
    .select('t.id')
    .from(TermEntity, 't')
    .where('t.taxonomy = :taxonomy')
    .getQuery();
}

/**
 * Moves the stored published counts from the terms an event was counted under (`before`) to
 * those it is counted under now (`after`): one more for each new term, one less (never below
 * zero) for each it left.
 */
export async function moveTermCounts(
  manager: EntityManager,
  before: readonly number[],
  after: readonly number[],
): Promise<void> {
  const deltas = new Map<number, number>();
  for (const id of after) if (!before.includes(id)) deltas.set(id, 1);
  for (const id of before) if (!after.includes(id)) deltas.set(id, -1);
  await shiftTermCounts(manager, deltas);
}

/**
 * Adds each term's delta in `deltas` to its published count (a count never goes below zero),
 * one statement per distinct delta: the bulk form of {@link moveTermCounts} for many events.
 */
export async function shiftTermCounts(
  manager: EntityManager,
  deltas: ReadonlyMap<number, number>,
): Promise<void> {
  const byDelta = new Map<number, number[]>();
  for (const [termId, delta] of deltas) {
    if (delta !== 0) byDelta.set(delta, [...(byDelta.get(delta) ?? []), termId]);
  }
  for (const [delta, ids] of byDelta) {
    const amount = Math.abs(delta);
    const set =
      delta > 0
        ? `published_count + ${amount}`
        : `CASE WHEN published_count > ${amount} THEN published_count - ${amount} ELSE 0 END`;
    await manager
      .createQueryBuilder()
      .update(TermEntity)
      .set({ publishedCount: () => set })
      .whereInIds(ids)
      .execute();
  }
}
