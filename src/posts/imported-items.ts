import { Injectable } from '@nestjs/common';
import { In, MoreThan } from 'typeorm';
import { UnitOfWork } from '../database/unit-of-work';
import { ImportedItemEntity, ImportedKind } from './imported-item.entity';

/** What an imported item became here, and the version of it last imported. */
export interface ImportedItem {
  readonly targetId: number;
  readonly sourceVersion: string;
  /** The post's slug at the source, percent-decoded; absent for terms. */
  readonly sourceSlug?: string | null;
}

/**
 * The map from a source site's ids to ours (table `imported_items`), written by the import in the
 * unit of work that writes the item, so an item and its mapping are saved together or not at all.
 */
@Injectable()
export class ImportedItems {
  constructor(private readonly unit: UnitOfWork) {}

  /** What the items of `kind` with these source ids became, by source id. */
  async find(
    source: string,
    kind: ImportedKind,
    sourceIds: readonly number[],
  ): Promise<Map<number, ImportedItem>> {
    if (sourceIds.length === 0) return new Map();
    const rows = await this.unit.manager.getRepository(ImportedItemEntity).find({
      where: { source, kind, sourceId: In([...new Set(sourceIds)]) },
    });
    return new Map(rows.map((row) => [row.sourceId, row]));
  }

  /**
   * Up to `limit` items of `kind` imported from `source` with a source id above `after`, in
   * source id order (the primary key's): our id by source id. Paging through them keeps a prune
   * of a million events from holding every pair at once.
   */
  async page(
    source: string,
    kind: ImportedKind,
    after: number,
    limit: number,
  ): Promise<Map<number, number>> {
    const rows = await this.unit.manager.getRepository(ImportedItemEntity).find({
      select: { sourceId: true, targetId: true },
      where: { source, kind, sourceId: MoreThan(after) },
      order: { sourceId: 'ASC' },
      take: limit,
    });
    return new Map(rows.map((row) => [row.sourceId, row.targetId]));
  }

  /** Forgets, in the running unit of work, what `sourceId` became (a term deleted here). */
  async forget(source: string, kind: ImportedKind, sourceId: number): Promise<void> {
    await this.unit.manager.getRepository(ImportedItemEntity).delete({ source, kind, sourceId });
  }

  /** Records, in the running unit of work, that `sourceId` is `targetId` at `sourceVersion`. */
  async record(
    source: string,
    kind: ImportedKind,
    sourceId: number,
    item: ImportedItem,
    now: Date,
  ): Promise<void> {
    await this.recordMany(source, kind, [{ sourceId, item }], now);
  }

  /** {@link record} for many items of one kind, in one statement. */
  async recordMany(
    source: string,
    kind: ImportedKind,
    items: ReadonlyArray<{ readonly sourceId: number; readonly item: ImportedItem }>,
    now: Date,
  ): Promise<void> {
    if (items.length === 0) return;
    await this.unit.manager.getRepository(ImportedItemEntity).upsert(
      items.map(({ sourceId, item }) => ({ source, kind, sourceId, ...item, importedUtc: now })),
      ['source', 'kind', 'sourceId'],
    );
  }

  /**
   * The id an event imported with source id `sourceId` has here when it is another one (its
   * source id was taken), from the newest import that brought such an event; else null.
   */
  async movedEvent(sourceId: number): Promise<number | null> {
    const row = await this.unit.manager
      .getRepository(ImportedItemEntity)
      .createQueryBuilder('item')
      .select('item.targetId', 'targetId')
      .where('item.kind = :kind AND item.sourceId = :sourceId', { kind: 'event', sourceId })
      .andWhere('item.targetId <> item.sourceId')
      .orderBy('item.importedUtc', 'DESC')
      .limit(1)
      .getRawOne<{ targetId: number | string }>();
    return row === undefined ? null : Number(row.targetId);
  }

  /**
   * The id here of the post of `kind` imported with slug `slug` at its source (percent-encoded
   * or not), from the newest import that brought one; else null. By-slug reads fall back to it,
   * so a site's old slugs that this service's rules would write otherwise (non-Latin, emoji,
   * longer than 190 characters) still name their post.
   */
  async slugAlias(kind: 'event' | 'venue' | 'organizer', slug: string): Promise<number | null> {
    const key = decodedSlug(slug);
    if (key === '' || key.length > 200) return null;
    const row = await this.unit.manager
      .getRepository(ImportedItemEntity)
      .createQueryBuilder('item')
      .select('item.targetId', 'targetId')
      .where('item.kind = :kind AND item.sourceSlug = :key', { kind, key })
      .orderBy('item.importedUtc', 'DESC')
      .limit(1)
      .getRawOne<{ targetId: number | string }>();
    return row === undefined ? null : Number(row.targetId);
  }
}

/** A slug as WordPress stores it (`%cf%83...`) or as a URL path gives it decoded: decoded. */
export function decodedSlug(slug: string): string {
  if (!/%[0-9a-f]{2}/i.test(slug)) return slug;
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}
