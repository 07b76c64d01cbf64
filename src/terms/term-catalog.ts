import { EntityManager, In } from 'typeorm';
import { TermCountEntity } from './entities/term-count.entity';
import { TermEntity } from './entities/term.entity';

/*
 * What the events aggregate, which owns the links between events and terms, may read and
 * change of the terms inside its own unit of work (`manager`), without importing their
 * entities or repository: the category tree around a term, the ids of a taxonomy, and the
 * stored published counts its writes move (`term_counts`).
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
 * Adds each term's delta in `deltas` to its published count (a count never goes below zero), in
 * one statement whatever the deltas: the bulk form of {@link moveTermCounts} for many events.
 * The statement locks the counts' rows (`term_counts`, never the terms' own) in key order, so
 * writers of the same terms queue on them until they commit and cannot deadlock on them within
 * one statement (docs/decisions.md, "Term counts in a table of their own").
 */
export async function shiftTermCounts(
  manager: EntityManager,
  deltas: ReadonlyMap<number, number>,
): Promise<void> {
  const moved = [...deltas].filter(([, delta]) => delta !== 0).sort(([a], [b]) => a - b);
  if (moved.length === 0) return;
  const parameters: Record<string, number> = {};
  const cases = moved.map(([termId, delta], index) => {
    parameters[`count_term_${index}`] = termId;
    const amount = Math.abs(delta);
    const value =
      delta > 0
        ? `published_count + ${amount}`
        : `CASE WHEN published_count > ${amount} THEN published_count - ${amount} ELSE 0 END`;
    return `WHEN :count_term_${index} THEN ${value}`;
  });
  await manager
    .createQueryBuilder()
    .update(TermCountEntity)
    .set({ publishedCount: () => `CASE term_id ${cases.join(' ')} ELSE published_count END` })
    .where('term_id IN (:...countTerms)', { countTerms: moved.map(([termId]) => termId) })
    .setParameters(parameters)
    .execute();
}
