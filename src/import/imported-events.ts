import { Injectable } from '@nestjs/common';
import { Viewer } from '../access/viewer';
import { DomainError } from '../common/errors/domain-error';
import { Language } from '../common/i18n/language';
import { UnitOfWork } from '../database/unit-of-work';
import { CreateOutcome } from '../events/events.service';
import { ImportedItem, ImportedItems } from '../posts/imported-items';
import { failureReason } from './import-report';
import { ImportedPostWriter } from './imported-post-writer';
import { EventImport, PostImport } from './tec-items';

/** The kinds of item an event links to. */
type LinkedKind = 'venue' | 'organizer' | 'category' | 'post_tag';

/** What earlier stages imported that a page's events link to: by kind, by source id. */
export type LinkTargets = Record<LinkedKind, Map<number, ImportedItem>>;

/** Our ids of everything `events` link to, by kind and source id. */
export async function linkTargetsOf(
  imported: ImportedItems,
  source: string,
  events: readonly EventImport[],
): Promise<LinkTargets> {
  const [venue, organizer, category, tag] = await Promise.all([
    imported.find(
      source,
      'venue',
      events.flatMap((event) => (event.venueSourceId === null ? [] : [event.venueSourceId])),
    ),
    imported.find(
      source,
      'organizer',
      events.flatMap((event) => event.organizerSourceIds),
    ),
    imported.find(
      source,
      'category',
      events.flatMap((event) => event.categorySourceIds),
    ),
    imported.find(
      source,
      'post_tag',
      events.flatMap((event) => event.tagSourceIds),
    ),
  ]);
  return { venue, organizer, category, post_tag: tag };
}

/**
 * An event's links as our ids (the body fields `venue`, `organizer`, `categories`, `tags`); a
 * link to something not imported is dropped and `dropped` told so.
 */
export function eventLinksOf(
  event: EventImport,
  targets: LinkTargets,
  dropped: (note: string) => void,
): Record<string, unknown> {
  const ours = (kind: LinkedKind, ids: readonly number[]): number[] =>
    ids.flatMap((id) => {
      const target = targets[kind].get(id);
      if (target) return [target.targetId];
      dropped(`${kind} ${id} not imported: link dropped`);
      return [];
    });
  const [venue] = ours('venue', event.venueSourceId === null ? [] : [event.venueSourceId]);
  return {
    venue: venue ?? 0,
    organizer: ours('organizer', event.organizerSourceIds),
    categories: ours('category', event.categorySourceIds),
    tags: ours('post_tag', event.tagSourceIds),
  };
}

/** One new event of a page: what the site gave, its body to write and its version there. */
export interface NewEventImport {
  readonly item: PostImport;
  readonly body: Record<string, unknown>;
  readonly version: string;
}

/** The import run a page belongs to. */
export interface PageContext {
  readonly source: string;
  readonly language: Language;
  readonly viewer: Viewer;
}

/**
 * Writes a page of new events in one unit of work (EventsService.createMany: the checks and
 * stored values of one create each, written in a few statements), with the records of where
 * they came from.
 */
@Injectable()
export class ImportedEventPages {
  constructor(
    private readonly unit: UnitOfWork,
    private readonly posts: ImportedPostWriter,
    private readonly imported: ImportedItems,
  ) {}

  /**
   * Each entry's outcome, in order; or null when the page failed as a whole for a reason that
   * may be one event's (a statement the database refused), so the caller writes its events one
   * at a time and names the one at fault. The database busy or away is thrown: the import stops,
   * as it does one item at a time.
   */
  async create(
    page: readonly NewEventImport[],
    context: PageContext,
  ): Promise<CreateOutcome[] | null> {
    try {
      return await this.unit.run(async () => {
        const created = await this.posts.createEvents(
          page.map(({ item, body }) => ({
            body,
            origin: item.origin,
            imported: { costShown: item.costShown, imageShown: item.imageShown },
          })),
          context.language,
          context.viewer,
        );
        const records = page.flatMap(({ item, version }, index) => {
          const outcome = created[index];
          if (outcome === undefined || outcome === 'single' || 'error' in outcome) return [];
          const written = {
            targetId: outcome.id,
            sourceVersion: version,
            sourceSlug: item.sourceSlug,
          };
          return [{ sourceId: item.sourceId, item: written }];
        });
        await this.imported.recordMany(context.source, 'event', records, new Date());
        return created;
      });
    } catch (error: unknown) {
      if (error instanceof DomainError && failureReason(error) === null) throw error;
      return null;
    }
  }
}
