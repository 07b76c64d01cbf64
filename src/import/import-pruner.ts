import { Injectable } from '@nestjs/common';
import { Viewer } from '../access/viewer';
import { DomainError } from '../common/errors/domain-error';
import { errorBody } from '../common/errors/error-body';
import { Language } from '../common/i18n/language';
import { UnitOfWork } from '../database/unit-of-work';
import { EventsService } from '../events/events.service';
import { OrganizersService } from '../organizers/organizers.service';
import { ImportedKind } from '../posts/imported-item.entity';
import { ImportedItems } from '../posts/imported-items';
import { CATEGORY } from '../terms/taxonomy';
import { TermsService } from '../terms/terms.service';
import { VenuesService } from '../venues/venues.service';

/** How many imported items a prune reads at a time. */
const PRUNE_PAGE = 1_000;

/** One stage's prune: what the source lists now, and what to tell of each item pruned. */
export interface PruneRequest {
  readonly source: string;
  readonly kind: ImportedKind;
  /** Every source id the site lists now, or why that is not known (nothing is pruned then). */
  readonly present: ReadonlySet<number> | { readonly unknown: string };
  readonly language: Language;
  readonly viewer: Viewer;
  readonly dryRun: boolean;
  readonly signal?: AbortSignal;
}

/** What a prune did: items trashed (or that a dry run would trash), and why it did nothing. */
export interface PruneOutcome {
  readonly pruned: number;
  readonly skippedBecause: string | null;
}

/**
 * `import:tec --prune`: what an earlier import brought from a site and the site no longer lists
 * is trashed here (a category or tag deleted), each in its own unit of work through its
 * resource's service, so sync, webhooks and the broker see it
 * (docs/behaviour.md#importing-from-the-events-calendar).
 */
@Injectable()
export class ImportPruner {
  constructor(
    private readonly unit: UnitOfWork,
    private readonly imported: ImportedItems,
    private readonly events: EventsService,
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
    private readonly terms: TermsService,
  ) {}

  async prune(request: PruneRequest): Promise<PruneOutcome> {
    const { present } = request;
    if ('unknown' in present) return { pruned: 0, skippedBecause: present.unknown };
    let pruned = 0;
    let after = 0;
    for (;;) {
      const imported = await this.imported.page(request.source, request.kind, after, PRUNE_PAGE);
      for (const [sourceId, targetId] of imported) {
        after = sourceId;
        if (present.has(sourceId)) continue;
        request.signal?.throwIfAborted();
        if (request.dryRun) pruned += 1;
        else if (await this.unit.run(() => this.remove(request, sourceId, targetId))) pruned += 1;
      }
      if (imported.size < PRUNE_PAGE) return { pruned, skippedBecause: null };
    }
  }

  /** Trashes (a term: deletes) `targetId`; false when it is gone or in the trash already. */
  private async remove(
    request: PruneRequest,
    sourceId: number,
    targetId: number,
  ): Promise<boolean> {
    const { kind, viewer } = request;
    try {
      switch (kind) {
        case 'event':
          await this.events.trashById(targetId, request.language, viewer);
          return true;
        case 'venue':
          await this.venues.trashById(targetId, viewer);
          return true;
        case 'organizer':
          await this.organizers.trashById(targetId, viewer);
          return true;
        case 'category':
        case 'post_tag': {
          const taxonomy = kind === 'category' ? CATEGORY : 'post_tag';
          const deleted = await this.terms.deleteIfAny(taxonomy, targetId, viewer);
          // A term deleted is gone for good: if the site lists it again, it is created again.
          await this.imported.forget(request.source, kind, sourceId);
          return deleted;
        }
      }
    } catch (error: unknown) {
      // Trashed here already (410) or gone (404): nothing left to prune.
      if (error instanceof DomainError && [404, 410].includes(errorBody(error, 'en').data.status)) {
        return false;
      }
      throw error;
    }
  }
}
