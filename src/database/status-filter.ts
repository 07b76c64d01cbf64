import { Brackets, WhereExpressionBuilder } from 'typeorm';
import { PostStatus } from '../events/entities/event.entity';

/**
 * Keeps rows of `alias` (a table with `status` and `dateUtc`) whose status is one of `statuses`
 * as a reader sees it: `publish` includes `future` items whose date has passed, and `future`
 * only those still to come. Parameter names are prefixed with the alias so several can share a
 * query.
 */
export function whereVisibleStatus(
  query: WhereExpressionBuilder,
  alias: string,
  statuses: ReadonlySet<PostStatus>,
  now: Date,
): void {
  const nowParam = `${alias}_now`;
  const plainParam = `${alias}_plain`;
  query.andWhere(
    new Brackets((any) => {
      const plain = [...statuses].filter((s) => s !== 'publish' && s !== 'future');
      if (plain.length > 0)
        any.orWhere(`${alias}.status IN (:...${plainParam})`, { [plainParam]: plain });
      if (statuses.has('publish')) {
        any.orWhere(`${alias}.status = 'publish'`);
        any.orWhere(`(${alias}.status = 'future' AND ${alias}.dateUtc <= :${nowParam})`, {
          [nowParam]: now,
        });
      }
      if (statuses.has('future')) {
        any.orWhere(`(${alias}.status = 'future' AND ${alias}.dateUtc > :${nowParam})`, {
          [nowParam]: now,
        });
      }
      if (statuses.size === 0) any.where('1 = 0');
    }),
  );
}
