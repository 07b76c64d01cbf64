import { Injectable } from '@nestjs/common';
import { EntityManager, InsertResult } from 'typeorm';
import { eventAccess } from '../access/event-access';
import { Viewer } from '../access/viewer';
import { PostEntity, PostKind } from './post.entity';
import { UnitOfWork } from '../database/unit-of-work';
import { PostLinks } from './post-links';
import { isValidWish, takeWishedId } from '../database/wished-id';
import { insertRows } from '../database/bulk-insert';
import { RetryableConflictError } from '../database/database-errors';
import { isDuplicateKey } from '../database/sql-values';

/**
 * Inserts `rows` into `posts` with ids the database hands out. InnoDB can hand out an id that
 * another transaction is inserting explicitly at the same moment (`npm run seed`, an import
 * keeping its source ids): this insert then fails on the primary key once that one commits. The
 * transaction is run again, and the next id handed out is past the other's.
 */
async function insertPosts(
  manager: EntityManager,
  rows: { kind: PostKind }[],
): Promise<InsertResult> {
  try {
    return await manager.insert(PostEntity, rows);
  } catch (error: unknown) {
    if (isDuplicateKey(error)) {
      throw new RetryableConflictError('A concurrent writer took an id handed out to this one');
    }
    throw error;
  }
}

/** Hands out ids from the shared id space and tells which kind an id belongs to. */
@Injectable()
export class PostRegistry {
  /** The server's `auto_increment_increment`, read once (a setting of the server, not the data). */
  private increment: number | undefined;

  constructor(
    private readonly unit: UnitOfWork,
    private readonly links: PostLinks,
  ) {}

  /**
   * Takes a new id for an item of `kind`, inside the caller's transaction: `wish` (an imported
   * item's id at its source) when no item ever had it, else the next free one.
   */
  async allocate(manager: EntityManager, kind: PostKind, wish?: number): Promise<number> {
    if (wish !== undefined && (await takeWishedId(manager, PostEntity, wish, { kind }))) {
      return wish;
    }
    const result = await insertPosts(manager, [{ kind }]);
    const id: unknown = result.identifiers[0]?.['id'];
    if (typeof id !== 'number') throw new Error('The database returned no id for a new post');
    return id;
  }

  /**
   * Takes `count` new ids for items of `kind` in one statement, inside the caller's transaction.
   * A multi-row insert is a "simple insert": InnoDB hands out its auto-increment values in one
   * consecutive block in every lock mode, and SQLite has one writer; with an increment other
   * than 1 (`auto_increment_increment`, as Galera sets it) the ids are taken one by one.
   */
  async allocateMany(manager: EntityManager, kind: PostKind, count: number): Promise<number[]> {
    if (count === 0) return [];
    if (manager.connection.options.type !== 'better-sqlite3') {
      let step = this.increment;
      if (step === undefined) {
        const [row] = await manager.query<{ step: number | string }[]>(
          'SELECT @@auto_increment_increment AS step',
        );
        step = Number(row?.step ?? 1);
        this.increment = step;
      }
      if (step !== 1) {
        const ids: number[] = [];
        for (let index = 0; index < count; index++) ids.push(await this.allocate(manager, kind));
        return ids;
      }
    }
    const result = await insertPosts(
      manager,
      Array.from({ length: count }, () => ({ kind })),
    );
    return result.identifiers.map((identifier) => {
      const id: unknown = identifier['id'];
      if (typeof id !== 'number') throw new Error('The database returned no id for a new post');
      return id;
    });
  }

  /**
   * Takes a new id for each entry of `wishes`, in order, inside the caller's transaction, in a
   * few statements whatever their number: each wish (an imported item's source id) that no item
   * ever had and no earlier entry took, else the next free id ({@link allocate} for many). A
   * wished id a concurrent writer takes between the read and the insert is a duplicate key: the
   * unit of work runs again and that entry then takes a new id.
   */
  async allocateWished(
    manager: EntityManager,
    kind: PostKind,
    wishes: readonly (number | undefined)[],
  ): Promise<number[]> {
    const wanted = [...new Set(wishes.filter((wish): wish is number => isValidWish(wish)))];
    const taken = new Set<number>();
    for (let from = 0; from < wanted.length; from += 500) {
      const chunk = wanted.slice(from, from + 500);
      const rows = await manager
        .createQueryBuilder(PostEntity, 'p')
        .select('p.id', 'id')
        .where('p.id IN (:...chunk)', { chunk })
        .getRawMany<{ id: number | string }>();
      for (const row of rows) taken.add(Number(row.id));
    }
    const ids: (number | undefined)[] = wishes.map((wish) => {
      if (!isValidWish(wish) || taken.has(wish)) return undefined;
      taken.add(wish);
      return wish;
    });
    const kept = ids.filter((id): id is number => id !== undefined);
    try {
      await insertRows(
        manager,
        PostEntity,
        kept.map((id) => ({ id, kind })),
      );
    } catch (error: unknown) {
      if (isDuplicateKey(error)) {
        throw new RetryableConflictError('A concurrent writer took an id an import wished for');
      }
      throw error;
    }
    const fresh = await this.allocateMany(
      manager,
      kind,
      ids.filter((id) => id === undefined).length,
    );
    return ids.map((id) => id ?? fresh.shift() ?? 0);
  }

  /** The kind of item `id` names, or null when no item ever had it. */
  async kindOf(id: number): Promise<PostKind | null> {
    const row = await this.unit.manager.getRepository(PostEntity).findOne({
      where: { id },
      select: { id: true, kind: true },
    });
    return row?.kind ?? null;
  }

  /** Whether `id` names an item of `kind` (of any status). */
  async is(id: number, kind: PostKind): Promise<boolean> {
    return (await this.kindOf(id)) === kind;
  }

  /**
   * Whether `id` names an event whose links `viewer` may see through the `event`/`post` filters
   * of venue, organizer and term lists: one they may read (not trashed; published, or theirs to
   * read) and, when password-protected, may edit.
   */
  async isEventVisibleTo(id: number, viewer: Viewer, now: Date): Promise<boolean> {
    const event = await this.links.eventAccessFields(id);
    return event !== null && eventAccess(event, viewer, now) === 'open';
  }
}
