import type { EntityManager, WhereExpressionBuilder } from 'typeorm';
import type { Visibility } from '../../access/visibility';
import { EventEntity } from '../entities/event.entity';
import type { EventListFilter } from './event-list.repository';

/**
 * The lists of a viewer's own events (an author's drafts, pending, private and scheduled
 * events), read on `idx_events_author`: by author, listing state and stored status, then in
 * start order. What they cost grows with the viewer's own events, not with the calendar.
 */

/**
 * Keeps the rows of `e` that are the viewer's own of `own.statuses`, in conditions
 * `idx_events_author` serves (the author, then each stored status): a scheduled event is the
 * viewer's own `future` only while its date is to come (once it has passed it is published).
 */
export function whereOwn(
  query: WhereExpressionBuilder,
  own: NonNullable<Visibility['own']>,
  now: Date,
): void {
  query
    .andWhere('e.author = :ownAuthor', { ownAuthor: own.author })
    .andWhere('e.status IN (:...ownStatuses)', { ownStatuses: [...own.statuses] })
    .andWhere("(e.status <> 'future' OR e.dateUtc > :ownNow)", { ownNow: now });
}

/**
 * How many of the viewer's own events `filter` (one `ownSplit` made: its visibility is the
 * viewer's own statuses alone, the rest a window, `featured`, one category or tag and series
 * occurrences at most) holds: a range of `idx_events_author` per stored status, each event's
 * term checked on its listing rows.
 */
export async function countOwnEvents(
  manager: EntityManager,
  filter: EventListFilter,
  sqlite: boolean,
): Promise<number> {
  const { own } = filter.visibility;
  if (own === undefined || own.statuses.size === 0) return 0;
  const query = manager
    .createQueryBuilder()
    .from(EventEntity, 'e')
    .select('COUNT(*)', 'total')
    .where('e.hideFromListings = :hidden', { hidden: false });
  whereOwn(query, own, filter.now);
  if (filter.startFrom) query.andWhere('e.startUtc >= :startFrom', { startFrom: filter.startFrom });
  if (filter.endUntil) query.andWhere('e.endUtc <= :endUntil', { endUntil: filter.endUntil });
  if (filter.featured !== undefined) {
    query.andWhere('e.featured = :featured', { featured: filter.featured });
  }
  if (filter.seriesOnly) query.andWhere('e.seriesId IS NOT NULL');
  const terms = [...(filter.categoryIds ?? []), ...(filter.tagIds ?? [])];
  if (terms.length > 0) {
    query.andWhere(
      'EXISTS (SELECT 1 FROM event_term_listing lt WHERE lt.event_id = e.id AND lt.term_id IN (:...ownTerms))',
      { ownTerms: terms },
    );
  }
  if (!sqlite) query.useIndex('idx_events_author');
  const counted = await query.getRawOne<{ total: number | string }>();
  return Number(counted?.total ?? 0);
}
