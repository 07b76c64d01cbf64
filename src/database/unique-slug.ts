import { Brackets, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { nextSlugCandidate } from '../common/text/slug';
import { RetryableConflictError } from './database-errors';
import { escapeLike, isDuplicateKey } from './sql-values';

const MAX_SLUG_ATTEMPTS = 5;

/** Where a slug must be unique: a table with `id` and `slug`, optionally narrowed by columns. */
export interface SlugScope<T extends ObjectLiteral> {
  readonly target: EntityTarget<T>;
  /** Extra equality conditions (e.g. `{ taxonomy: 'post_tag' }`). */
  readonly where?: Readonly<Record<string, string | number>>;
}

async function freeSlug<T extends ObjectLiteral>(
  manager: EntityManager,
  scope: SlugScope<T>,
  base: string,
  ownId: number,
): Promise<string> {
  const query = manager
    .createQueryBuilder(scope.target, 's')
    .select('s.slug', 'slug')
    .where('s.id <> :ownId', { ownId })
    .andWhere(
      new Brackets((qb) =>
        qb.where('s.slug = :base', { base }).orWhere("s.slug LIKE :prefix ESCAPE '!'", {
          prefix: `${escapeLike(base)}-%`,
        }),
      ),
    );
  for (const [column, value] of Object.entries(scope.where ?? {})) {
    query.andWhere(`s.${column} = :scope_${column}`, { [`scope_${column}`]: value });
  }
  const rows = await query.getRawMany<{ slug: string }>();
  return nextSlugCandidate(base, new Set(rows.map((row) => row.slug)));
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
): Promise<string> {
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
