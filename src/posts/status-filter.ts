import { Brackets, WhereExpressionBuilder } from 'typeorm';
import { Visibility } from '../access/visibility';
import { PostStatus } from './post-status';

/**
 * Adds to `any` (an OR group) the rows of `alias` whose status is one of `statuses` as a reader
 * sees it: `publish` includes `future` items whose date has passed, and `future` only those
 * still to come. `key` makes the parameter names unique within the query.
 */
function orStatuses(
  any: WhereExpressionBuilder,
  alias: string,
  statuses: ReadonlySet<PostStatus>,
  now: Date,
  key: string,
  status: string,
): void {
  const nowParam = `${key}_now`;
  const plainParam = `${key}_plain`;
  const plain = [...statuses].filter((s) => s !== 'publish' && s !== 'future');
  if (plain.length > 0) any.orWhere(`${status} IN (:...${plainParam})`, { [plainParam]: plain });
  if (statuses.has('publish')) {
    any.orWhere(`${status} = 'publish'`);
    any.orWhere(`(${status} = 'future' AND ${alias}.dateUtc <= :${nowParam})`, {
      [nowParam]: now,
    });
  }
  if (statuses.has('future')) {
    any.orWhere(`(${status} = 'future' AND ${alias}.dateUtc > :${nowParam})`, {
      [nowParam]: now,
    });
  }
}

/**
 * Keeps the rows of `alias` (a table with `status`, `dateUtc` and `author`) that `visibility`
 * shows: those of its statuses, plus the viewer's own of the `own` statuses. Parameter names are
 * prefixed with the alias so several can share a query. With `statusIndexed` false the status
 * is written `+ status` (TypeORM maps a property after a space), which no index can serve: SQLite's planner then keeps to the index the
 * rest of the query chose, instead of a union of index scans per status that reads the table.
 */
export function whereVisible(
  query: WhereExpressionBuilder,
  alias: string,
  visibility: Visibility,
  now: Date,
  statusIndexed = true,
): void {
  const { statuses, own } = visibility;
  const status = `${statusIndexed ? '' : '+ '}${alias}.status`;
  query.andWhere(
    new Brackets((any) => {
      orStatuses(any, alias, statuses, now, alias, status);
      if (own && own.statuses.size > 0) {
        const authorParam = `${alias}_author`;
        any.orWhere(
          new Brackets((mine) => {
            mine.where(`${alias}.author = :${authorParam}`, { [authorParam]: own.author });
            mine.andWhere(
              new Brackets((ownAny) =>
                orStatuses(ownAny, alias, own.statuses, now, `${alias}_own`, status),
              ),
            );
          }),
        );
      }
      if (statuses.size === 0 && !own) any.where('1 = 0');
    }),
  );
}
