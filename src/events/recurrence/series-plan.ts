import type { Occurrence } from './recurrence';

/** An occurrence stored for a series (its first one aside). */
export interface StoredOccurrence {
  readonly id: number;
  readonly recurrenceId: string | null;
  readonly status: string;
  /** Changed on its own: series edits leave it as it is. */
  readonly detached: boolean;
}

/** What bringing a series' stored occurrences in line with its rule takes. */
export interface SeriesPlan {
  /** Stored occurrences that stay, with the dates the rule now gives them. */
  readonly update: ReadonlyArray<{ readonly id: number; readonly occurrence: Occurrence }>;
  /** Occurrences the rule gives that nothing stored stands for. */
  readonly create: readonly Occurrence[];
  /** Stored occurrences the rule no longer gives (and not in the trash already). */
  readonly trash: readonly number[];
  /** Stored occurrences of `update` that an earlier rule had sent to the trash: back they come. */
  readonly revive: readonly number[];
}

/**
 * Pairs the stored occurrences of a series with those its rule gives now
 * (docs/behaviour.md#recurring-events), so that ids stay: first by the same original start,
 * then by the same day (a series moved to another time of day keeps its ids), in order. A
 * paired occurrence changed or trashed on its own (an exception) keeps its place and is left
 * alone; an unpaired stored one is trashed unless it is an exception; one an earlier rule
 * trashed and this one gives again is revived; the rule's unpaired occurrences are new.
 */
export function planSeries(
  stored: readonly StoredOccurrence[],
  wanted: readonly Occurrence[],
): SeriesPlan {
  const claimed = new Map<number, StoredOccurrence>();
  const paired = new Set<number>();
  const pair = (match: (occurrence: Occurrence) => boolean, item: StoredOccurrence): void => {
    const index = wanted.findIndex((occurrence, at) => !claimed.has(at) && match(occurrence));
    if (index < 0) return;
    claimed.set(index, item);
    paired.add(item.id);
  };
  for (const item of stored) {
    pair((occurrence) => occurrence.recurrenceId === item.recurrenceId, item);
  }
  for (const item of stored) {
    if (paired.has(item.id) || item.recurrenceId === null) continue;
    const day = item.recurrenceId.slice(0, 8);
    pair((occurrence) => occurrence.recurrenceId.slice(0, 8) === day, item);
  }
  const update: Array<{ id: number; occurrence: Occurrence }> = [];
  const create: Occurrence[] = [];
  wanted.forEach((occurrence, index) => {
    const item = claimed.get(index);
    if (item === undefined) create.push(occurrence);
    else if (!isException(item)) update.push({ id: item.id, occurrence });
  });
  const trash = stored
    .filter((item) => !paired.has(item.id) && !isException(item) && item.status !== 'trash')
    .map((item) => item.id);
  const trashed = new Set(stored.filter((item) => item.status === 'trash').map((item) => item.id));
  const revive = update.filter(({ id }) => trashed.has(id)).map(({ id }) => id);
  return { update, create, trash, revive };
}

/**
 * An occurrence changed or trashed on its own (the service marks both `detached`). One the rule
 * stopped giving was trashed without the mark, so a later rule that gives it again brings it back.
 */
function isException(item: StoredOccurrence): boolean {
  return item.detached;
}
