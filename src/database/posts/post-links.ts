import { Injectable } from '@nestjs/common';
import { PostKind } from './post.entity';

/** Removes an item from every event it is linked to, in the running unit of work. */
export type Unlinker = (id: number) => Promise<unknown>;

/**
 * Where the owner of the link tables (the events aggregate) says how to unlink a venue or
 * organizer, so that trashing one never writes another aggregate's tables from its own
 * repository: the venues and organizers repositories ask here, the events repository answers.
 */
@Injectable()
export class PostLinks {
  private readonly unlinkers = new Map<PostKind, Unlinker>();

  /** Registers how items of `kind` are unlinked (once, by the owner of the links). */
  register(kind: PostKind, unlinker: Unlinker): void {
    this.unlinkers.set(kind, unlinker);
  }

  /** Unlinks item `id` of `kind` from every event, inside the caller's unit of work. */
  async unlink(kind: PostKind, id: number): Promise<void> {
    const unlinker = this.unlinkers.get(kind);
    if (!unlinker) throw new Error(`Nothing unlinks items of kind ${kind}`);
    await unlinker(id);
  }
}
