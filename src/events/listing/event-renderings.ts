import { Injectable } from '@nestjs/common';
import { isLocked } from '../../access/event-access';
import { Viewer } from '../../access/viewer';
import { Language } from '../../common/i18n/language';
import { ApiLinks } from '../../common/links/links';
import { ReadCache } from '../../read-cache/read-cache';
import { EventResponseDto } from '../dto/event.response.dto';
import { EventEntity } from '../entities/event.entity';
import { EventReader, itemKeys } from '../event-reader';
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
  return `render event ${context.language} ${context.links.namespace} ${context.links.site} ${id}`;
}

/**
 * Events as a list shows them, rendered once and kept (docs/decisions.md, "Renderings kept per
 * item"). A list answer is its ids and total, read from the indexes, and the renderings of its
 * events: for anonymous readers without a password, each event's rendering is kept in the read
 * cache per language and link base, under the keys a read of that one event depends on (its
 * own, moved by its writes, and those of the terms it embeds, whose counts it shows), so a write
 * renders again only what it changed and every other list reuses the rest. Scheduled events are
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
            itemKeys(view),
            context.stableUntil,
          );
        }),
      );
    }
    return ids.flatMap((id, index) => {
      const body = kept.get(keys[index] ?? '');
      if (body !== undefined) return [JSON.parse(body.toString()) as EventResponseDto];
      const item = made.get(id);
      return item === undefined ? [] : [item];
    });
  }

  /** `events` with their text and links, locked where the viewer has not unlocked them. */
  private async views(
    events: readonly EventEntity[],
    context: RenderContext,
  ): Promise<EventView[]> {
    const views = await this.reader.withText(events, context.language);
    return Promise.all(
      views.map(async (view) => ({
        ...view,
        locked:
          isLocked(view.event, context.viewer) &&
          !(await this.reader.passwordMatches(view.event, context.password)),
      })),
    );
  }

  private made(views: readonly EventView[], context: RenderContext): EventResponseDto[] {
    return this.presenter.listItems(views, context.language, context.links);
  }
}
