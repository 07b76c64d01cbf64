import { TermImport } from './tec-items';

/** The order in which the import does its work: items a few at a time, parents first. */

/**
 * Runs `work` over `items` with at most `limit` at once, in order of start. After a failure no
 * item starts, and the failure is thrown once the items under way have ended, so nothing of an
 * import that stopped is still writing when its caller hears of it.
 */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (next < items.length && !failed) {
      const item = items[next] as T;
      next += 1;
      try {
        await work(item);
      } catch (error: unknown) {
        failed = true;
        throw error;
      }
    }
  };
  const outcomes = await Promise.allSettled(
    Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker),
  );
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
}

/** Categories ordered so a parent comes before its children (a cycle or lost parent: last). */
export function parentsFirst(terms: readonly TermImport[]): TermImport[] {
  const ordered: TermImport[] = [];
  const placed = new Set<number>();
  let pending = [...terms];
  while (pending.length > 0) {
    const ready = pending.filter(
      (term) =>
        term.parentSourceId === 0 ||
        placed.has(term.parentSourceId) ||
        !terms.some((other) => other.sourceId === term.parentSourceId),
    );
    const batch = ready.length > 0 ? ready : pending;
    for (const term of batch) {
      ordered.push(term);
      placed.add(term.sourceId);
    }
    pending = pending.filter((term) => !batch.includes(term));
  }
  return ordered;
}
