import { Injectable } from '@nestjs/common';
import { Viewer } from '../../access/viewer';
import { Language } from '../../common/i18n/language';
import { ApiLinks } from '../../common/links/links';
import { ReadCache } from '../../read-cache/read-cache';
import { EventResponseDto } from '../dto/event.response.dto';
import { EventEntity } from '../entities/event.entity';
import { EventReader } from '../event-reader';
import { eventKey, RENDERING_PREFIX } from '../../read-cache/read-cache.store';
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
   * Until when nothing but a write changes a rendering: the next instant a scheduled venue or
   * organizer an event embeds may go live (undefined: unknown, the cache's TTL bounds it).
   */
  readonly stableUntil?: number;
}

/** The read-cache key of event `id`'s list rendering for anonymous readers of `context`. */
function renderingKey(id: number, context: RenderContext): string {
  return `${RENDERING_PREFIX}event ${context.language} ${context.links.namespace} ${context.links.site} ${id}`;
}

/**
 * `item` with the counts of the terms it embeds as `counts` has them (the counts of now: a kept
 * rendering's are those of when it was made).
 */
function withCounts(item: EventResponseDto, counts: ReadonlyMap<number, number>): EventResponseDto {
  const counted = <T extends { id: number; count: number }>(term: T): T => {
    const count = counts.get(term.id);
    return count === undefined || count === term.count ? term : { ...term, count };
  };
  return { ...item, categories: item.categories.map(counted), tags: item.tags.map(counted) };
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

  /** The events `ids` as a list shows them to the context's viewer, in order. */
  async render(ids: readonly number[], context: RenderContext): Promise<EventResponseDto[]> {
    if (ids.length === 0) return [];
    if (context.viewer.userId !== null || context.password !== undefined) {
      return this.made(await this.views(await this.events.findByIds(ids), context), context);
    }
    const keys = ids.map((id) => renderingKey(id, context));
    const { version, kept } = await this.cache.keptRenderings(keys);
    const missing = ids.filter((id, index) => !kept.has(keys[index] ?? ''));
    const made = new Map<number, EventResponseDto>();
    if (missing.length > 0) {
      const views = await this.views(await this.events.findByIds(missing), context);
      const items = this.made(views, context);
      await Promise.all(
        views.map(async (view, index) => {
          const item = items[index];
          if (item === undefined) return;
          made.set(view.event.id, item);
          if (version === null || view.event.status === 'future') return;
          await this.cache.keepRendering(
            version,
            renderingKey(view.event.id, context),
            Buffer.from(JSON.stringify(item)),
            [eventKey(view.event.id)],
            context.stableUntil,
          );
        }),
      );
    }
    const reused = ids.flatMap((id, index) => {
      const body = kept.get(keys[index] ?? '');
      return body === undefined ? [] : [JSON.parse(body.toString()) as EventResponseDto];
    });
    if (reused.length === 0) return ids.flatMap((id) => made.get(id) ?? []);
    const counts = await this.cache.termCounts([
      ...new Set(reused.flatMap((item) => [...item.categories, ...item.tags].map((t) => t.id))),
    ]);
    const byId = new Map(reused.map((item) => [item.id, withCounts(item, counts)]));
    return ids.flatMap((id) => {
      const item = byId.get(id) ?? made.get(id);
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
