import { Injectable } from '@nestjs/common';
import { readsAsAnonymous } from '../../access/rights';
import { Viewer } from '../../access/viewer';
import { Language } from '../../common/i18n/language';
import { ApiLinks } from '../../common/links/links';
import { ReadCache } from '../../read-cache/read-cache';
import { EventResponseDto } from '../dto/event.response.dto';
import { EventEntity } from '../entities/event.entity';
import { EventReader } from '../event-reader';
import { eventKey, RENDERING_PREFIX } from '../../read-cache/read-cache.store';
import { countedTerms, itemTemplateOf, KeptItem, Rendered } from '../../read-cache/live-answer';
import { EventView } from '../events.mapper';
import { EventsPresenter } from '../events.presenter';
import { EventListRepository } from './event-list.repository';

/** Whom and how a page's events are rendered for. */
export interface RenderContext {
  readonly language: Language;
  readonly links: ApiLinks;
  readonly viewer: Viewer;
  /** The password the list request carried, which unlocks the protected events it matches. */
  readonly password: string | undefined;
  /**
   * Until when nothing but a write changes a rendering (infinite for anonymous readers: the
   * go-live of a venue or organizer it embeds ends it as their writes do, GoLives; the cache
   * keeps it up to `READ_CACHE_LIST_TTL_MS`); undefined: the cache's TTL bounds it.
   */
  readonly stableUntil?: number;
}

/** The read-cache key of event `id`'s list rendering for anonymous readers of `context`. */
function renderingKey(id: number, context: RenderContext): string {
  return `${RENDERING_PREFIX}event ${context.language} ${context.links.namespace} ${context.links.site} ${id}`;
}

/**
 * Events as a list shows them, rendered once and kept (docs/decisions.md, "Renderings kept per
 * item"). A list answer is its ids and total, read from the indexes, and the renderings of its
 * events: for anonymous readers without a password, each event's rendering is kept in the read
 * cache per language and link base under the event's own key, which its writes move (venue,
 * organizer, term and series writes end everything): so a write renders again only the event it
 * wrote, and every other list reuses the rest. The counts of the terms a kept rendering embeds
 * are written in afresh at each use, from the counts kept per version that also fill kept list
 * templates (live-answer.ts). Scheduled events are
 * never kept: their status changes with the clock alone. Other viewers' renderings are made
 * for each request (their rights and passwords decide what is redacted).
 */
@Injectable()
export class EventRenderings {
  constructor(
    private readonly events: EventListRepository,
    private readonly reader: EventReader,
    private readonly presenter: EventsPresenter,
    private readonly cache: ReadCache,
  ) {}

  /**
   * The events `ids` as a list shows them to the context's viewer, in order: kept renderings
   * as they were kept (spliced into the list answer as bytes), the rest made now.
   */
  async render(
    ids: readonly number[],
    context: RenderContext,
  ): Promise<Rendered<EventResponseDto>[]> {
    if (ids.length === 0) return [];
    if (!readsAsAnonymous(context.viewer) || context.password !== undefined) {
      return this.made(await this.views(await this.events.findByIds(ids), context), context);
    }
    const keys = ids.map((id) => renderingKey(id, context));
    const { version, kept } = await this.cache.keptRenderings(keys);
    const missing = ids.filter((id, index) => !kept.has(keys[index] ?? ''));
    const made = new Map<number, Rendered<EventResponseDto>>();
    if (missing.length > 0) {
      const views = await this.views(await this.events.findByIds(missing), context);
      const items = this.made(views, context);
      await Promise.all(
        views.map(async (view, index) => {
          const item = items[index];
          if (item === undefined) return;
          const template =
            version === null || view.event.status === 'future' ? undefined : itemTemplateOf(item);
          if (version === null || template === undefined) {
            made.set(view.event.id, item);
            return;
          }
          const key = renderingKey(view.event.id, context);
          made.set(view.event.id, new KeptItem(template, undefined, key));
          await this.cache.keepRendering(
            version,
            key,
            template,
            [eventKey(view.event.id)],
            context.stableUntil,
          );
        }),
      );
    }
    if (kept.size === 0) return ids.flatMap((id) => made.get(id) ?? []);
    const counts = await this.cache.termCounts([
      ...new Set([...kept.values()].flatMap((template) => countedTerms(template.live))),
    ]);
    return ids.flatMap((id, index) => {
      const key = keys[index] ?? '';
      const template = kept.get(key);
      const item = template ? new KeptItem<EventResponseDto>(template, counts, key) : made.get(id);
      return item === undefined ? [] : [item];
    });
  }

  private views(events: readonly EventEntity[], context: RenderContext): Promise<EventView[]> {
    return this.reader.shownTo(events, context.language, context.viewer, context.password);
  }

  private made(views: readonly EventView[], context: RenderContext): EventResponseDto[] {
    return this.presenter.listItems(views, context.language, context.links);
  }
}
