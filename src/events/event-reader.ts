import { Injectable } from '@nestjs/common';
import { eventAccess, isLocked } from '../access/event-access';
import { Viewer } from '../access/viewer';
import { Clock } from '../common/clock/clock';
import { InvalidParamsError } from '../common/errors/domain-error';
import { Language } from '../common/i18n/language';
import { postPasswordMatches } from '../posts/post-password';
import { PostRegistry } from '../posts/post-registry';
import { ImportedItems } from '../posts/imported-items';
import { EventEntity } from './entities/event.entity';
import {
  EventMovedError,
  EventNotAccessibleError,
  EventNotFoundError,
  EventPasswordProtectedError,
  EventTrashedError,
  NotAnEventError,
} from './events.errors';
import { EventView } from './events.mapper';
import { EventsRepository } from './events.repository';
import { EventLinksService } from './links/event-links.service';

/** What a series' calendar needs besides its first occurrence (events.presenter.ts). */
export interface SeriesParts {
  /** Original starts of the occurrences the reader does not see (trashed, hidden). */
  readonly excluded: readonly string[];
  /** Occurrences changed on their own that the reader sees, with their original starts. */
  readonly changed: ReadonlyArray<{ readonly view: EventView; readonly recurrenceId: string }>;
}

/**
 * The events one reads: by id (with the redirect of an imported event's old id) and by slug, with
 * their text and links, as the viewer may see them; also the parts of a series a calendar needs.
 * The list side and the write side both read through it.
 */
@Injectable()
export class EventReader {
  constructor(
    private readonly events: EventsRepository,
    private readonly posts: PostRegistry,
    private readonly clock: Clock,
    private readonly links: EventLinksService,
    private readonly imported: ImportedItems,
  ) {}

  async getById(
    id: number,
    viewer: Viewer,
    language: Language,
    password: string | undefined,
  ): Promise<EventView> {
    return this.readable(await this.byId(id), viewer, language, password);
  }

  /**
   * A client's read by id ({@link getById}), where an id that names no event here but was an
   * imported event's id at its source (taken here by another item) is answered 301 to the id the
   * event has here.
   */
  async readById(
    id: number,
    viewer: Viewer,
    language: Language,
    password: string | undefined,
  ): Promise<EventView> {
    let event: EventEntity;
    try {
      event = await this.byId(id);
    } catch (error: unknown) {
      if (!(error instanceof EventNotFoundError || error instanceof NotAnEventError)) throw error;
      const moved = await this.imported.movedEvent(id);
      throw moved === null ? error : new EventMovedError(id, moved);
    }
    return this.readable(event, viewer, language, password);
  }

  /**
   * The exceptions of series `seriesId` as `viewer` sees them: the occurrences they cannot read
   * (trashed or not visible), and those changed on their own that they can.
   */
  async seriesParts(seriesId: number, viewer: Viewer, language: Language): Promise<SeriesParts> {
    const now = this.clock.now().toJSDate();
    const excluded: string[] = [];
    const changed: EventEntity[] = [];
    const locked = new Set<number>();
    for (const occurrence of await this.events.findOccurrences(seriesId)) {
      if (occurrence.recurrenceId === null) continue;
      const access = eventAccess(occurrence, viewer, now);
      // One trashed because the rule stopped giving it is no exception: the rule leaves it out.
      if (access === 'trashed' && !occurrence.detached) continue;
      if (access === 'trashed' || access === 'hidden') excluded.push(occurrence.recurrenceId);
      else if (occurrence.detached) changed.push(occurrence);
      if (access === 'locked') locked.add(occurrence.id);
    }
    const views = await this.withText(changed, language);
    return {
      excluded,
      changed: views.map((view) => ({
        // Shown as a list shows a protected event the reader has not unlocked.
        view: { ...view, locked: locked.has(view.event.id) },
        recurrenceId: view.event.recurrenceId ?? '',
      })),
    };
  }

  async getBySlug(
    slug: string,
    viewer: Viewer,
    language: Language,
    password: string | undefined,
  ): Promise<EventView> {
    return this.readable(await this.bySlug(slug), viewer, language, password);
  }

  /**
   * A single read (README.md#access): trashed events are gone for everyone; other unpublished ones are
   * for editors and their author; a password-protected one needs its password unless the
   * viewer may edit it.
   */
  private async readable(
    event: EventEntity,
    viewer: Viewer,
    language: Language,
    password: string | undefined,
  ): Promise<EventView> {
    switch (eventAccess(event, viewer, this.clock.now().toJSDate())) {
      case 'trashed':
        throw new EventTrashedError();
      case 'hidden':
        throw new EventNotAccessibleError();
      case 'locked':
        if (!(await this.passwordMatches(event, password))) throw new EventPasswordProtectedError();
        break;
      case 'open':
        break;
    }
    const [view] = await this.withText([event], language);
    if (!view) throw new EventNotFoundError(event.id);
    return view;
  }

  async byId(id: number): Promise<EventEntity> {
    const event = await this.events.findById(id);
    if (event) return event;
    const kind = await this.posts.kindOf(id);
    if (kind !== null && kind !== 'event') throw new NotAnEventError();
    throw new EventNotFoundError(id);
  }

  /** Whether `password` is the protected event's password. */
  async passwordMatches(event: EventEntity, password: string | undefined): Promise<boolean> {
    if (event.passwordHash === null || password === undefined) return false;
    return postPasswordMatches(event.passwordHash, password);
  }

  /** The event `slug` names: its own slug, else the slug it had on a site it was imported from. */
  async bySlug(slug: string): Promise<EventEntity> {
    const event = await this.events.findBySlug(slug);
    if (event) return event;
    const aliased = await this.imported.slugAlias('event', slug);
    const imported = aliased === null ? null : await this.events.findById(aliased);
    if (!imported) throw InvalidParamsError.of('slug');
    return imported;
  }

  async view(id: number, language: Language): Promise<EventView> {
    const event = await this.events.findById(id);
    if (!event) throw new EventNotFoundError(id);
    const [view] = await this.withText([event], language);
    if (!view) throw new EventNotFoundError(id);
    return view;
  }

  /**
   * `events` with their text and links, each locked where it is password-protected for
   * `viewer` and `password` does not open it (as lists and sync show them).
   */
  async shownTo(
    events: readonly EventEntity[],
    language: Language,
    viewer: Viewer,
    password: string | undefined,
  ): Promise<EventView[]> {
    const views = await this.withText(events, language);
    return Promise.all(
      views.map(async (view) => ({
        ...view,
        locked: isLocked(view.event, viewer) && !(await this.passwordMatches(view.event, password)),
      })),
    );
  }

  /** Attaches translations and links to events with a fixed number of queries for the set. */
  async withText(events: readonly EventEntity[], language: Language): Promise<EventView[]> {
    const [rows, linksOf] = await Promise.all([
      this.events.findTranslations(events.map((event) => event.id)),
      this.links.load(events, language),
    ]);
    return events.map((event) => ({
      event,
      translations: rows.filter((row) => row.eventId === event.id),
      links: linksOf(event.id),
    }));
  }
}
