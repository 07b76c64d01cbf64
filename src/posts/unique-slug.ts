import { Brackets, EntityManager, EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { nextSlugCandidate } from '../common/text/slug';
import { DomainError } from '../common/errors/domain-error';
import { RetryableConflictError } from '../database/database-errors';
import { escapeLike, isDuplicateKey } from '../database/sql-values';

const MAX_SLUG_ATTEMPTS = 5;

/** Bases per read when slugs are taken for many items at once. */
const SLUGS_PER_READ = 200;

/**
 * How a create takes its slug: `next-free` takes the first free one made from the base (`base`,
 * `base-2`, ...); `exact` takes the base itself or nothing: when it is taken (by any item in the
 * scope, trashed ones included), the write is refused with 412 `rest_precondition_failed`, as a
 * create sent with `If-None-Match: *` asks.
 */
export type SlugRule = 'next-free' | 'exact';

/** Where a slug must be unique: a table with `id` and `slug`, optionally narrowed by columns. */
export interface SlugScope<T extends ObjectLiteral> {
  readonly target: EntityTarget<T>;
  /** Extra equality conditions (e.g. `{ taxonomy: 'post_tag' }`). */
  readonly where?: Readonly<Record<string, string | number>>;
}

/** A query of the slugs in `scope` (its extra conditions applied) but `ownId`'s. */
function slugQuery<T extends ObjectLiteral>(
  manager: EntityManager,
  scope: SlugScope<T>,
  ownId: number,
): SelectQueryBuilder<T> {
  const query = manager
    .createQueryBuilder(scope.target, 's')
    .select('s.slug', 'slug')
    .where('s.id <> :ownId', { ownId });
  for (const [column, value] of Object.entries(scope.where ?? {})) {
    query.andWhere(`s.${column} = :scope_${column}`, { [`scope_${column}`]: value });
  }
  return query;
}

/**
 * The slugs in `scope` (but `ownId`'s) that are one of `bases` or `base-…` of one. On SQLite the
 * prefix is a range of the slug index (`base-` up to `base.`, the next character in its binary
 * order): SQLite's LIKE ignores case, so it reads no index of a binary column and would scan the
 * whole table (70-140 ms an event create at 1M events, on the event loop). MySQL/MariaDB read
 * `LIKE 'base-%'` as a range of the index under the column's collation.
 */
async function slugsLike<T extends ObjectLiteral>(
  manager: EntityManager,
  scope: SlugScope<T>,
  bases: readonly string[],
  ownId: number,
): Promise<Set<string>> {
  const sqlite = manager.connection.options.type === 'better-sqlite3';
  const query = slugQuery(manager, scope, ownId).andWhere(
    new Brackets((any) => {
      bases.forEach((base, index) => {
        any.orWhere(`s.slug = :base${index}`, { [`base${index}`]: base });
        if (sqlite) {
          any.orWhere(`(s.slug >= :from${index} AND s.slug < :to${index})`, {
            [`from${index}`]: `${base}-`,
            [`to${index}`]: `${base}.`,
          });
        } else {
          any.orWhere(`s.slug LIKE :prefix${index} ESCAPE '!'`, {
            [`prefix${index}`]: `${escapeLike(base)}-%`,
          });
        }
      });
    }),
  );
  const rows = await query.getRawMany<{ slug: string }>();
  return new Set(rows.map((row) => row.slug));
}

async function freeSlug<T extends ObjectLiteral>(
  manager: EntityManager,
  scope: SlugScope<T>,
  base: string,
  ownId: number,
): Promise<string> {
  return nextSlugCandidate(base, await slugsLike(manager, scope, [base], ownId));
}

/**
 * Runs `write` with the first free slug made from `base` (`base`, `base-2`, ...), retrying when a
 * concurrent writer took the same one first (the unique index is the judge). When writers keep
 * taking the slugs it finds, the whole unit of work starts again (after a backoff).
 */
export async function writeWithUniqueSlug<T extends ObjectLiteral>(
  manager: EntityManager,
  scope: SlugScope<T>,
  base: string,
  ownId: number,
  write: (slug: string) => Promise<unknown>,
  rule: SlugRule = 'next-free',
): Promise<string> {
  if (rule === 'exact') {
    // The unique index alone decides: no search for `base-N` candidates.
    try {
      await write(base);
      return base;
    } catch (error: unknown) {
      throw isDuplicateKey(error) ? new DomainError('itemExists') : error;
    }
  }
  for (let attempt = 1; ; attempt++) {
    const slug = await freeSlug(manager, scope, base, ownId);
    try {
      await write(slug);
      return slug;
    } catch (error: unknown) {
      if (!isDuplicateKey(error)) throw error;
      if (attempt >= MAX_SLUG_ATTEMPTS) {
        throw new RetryableConflictError(`Concurrent writers took ${attempt} slugs in a row`);
      }
    }
  }
}

/**
 * Slugs for new items, one per entry of `bases`, each the first free one made from its base as
 * `writeWithUniqueSlug` would take it, found with one read of the bases already taken (and one
 * more per base that is): the bulk form for many items created together. The caller inserts
 * them; a duplicate key there means a concurrent writer took one first, and the unit of work
 * runs again.
 */
export async function freeSlugsFor<T extends ObjectLiteral>(
  manager: EntityManager,
  scope: SlugScope<T>,
  bases: readonly string[],
): Promise<string[]> {
  const stored = new Set<string>();
  for (let from = 0; from < bases.length; from += SLUGS_PER_READ) {
    const chunk = bases.slice(from, from + SLUGS_PER_READ);
    const query = slugQuery(manager, scope, 0).andWhere('s.slug IN (:...chunk)', { chunk });
    for (const row of await query.getRawMany<{ slug: string }>()) stored.add(row.slug);
  }
  // The bases already taken, with their `base-N` forms, in one more read per chunk.
  const taken = [...new Set(bases.filter((base) => stored.has(base)))];
  for (let from = 0; from < taken.length; from += SLUGS_PER_READ) {
    const chunk = taken.slice(from, from + SLUGS_PER_READ);
    for (const slug of await slugsLike(manager, scope, chunk, 0)) stored.add(slug);
  }
  const slugs: string[] = [];
  for (const base of bases) {
    const slug = nextSlugCandidate(base, stored);
    stored.add(slug);
    slugs.push(slug);
  }
  return slugs;
}

/** `error`, or, when it is a duplicate key, a conflict the unit of work resolves by running again. */
export function asSlugConflict(error: unknown): unknown {
  return isDuplicateKey(error)
    ? new RetryableConflictError('A concurrent writer took a slug of the batch first')
    : error;
}
