import { Injectable } from '@nestjs/common';
import { Viewer } from '../access/viewer';
import { Language } from '../common/i18n/language';
import { validateInput } from '../common/validation/validate-input';
import { CreateEventDto } from '../events/dto/create-event.dto';
import { UpdateEventDto } from '../events/dto/update-event.dto';
import { CreateOutcome, EventsService, NewEventEntry } from '../events/events.service';
import { DomainError } from '../common/errors/domain-error';
import { ImportedShown } from '../posts/imported-shown';
import { CreateOrganizerDto } from '../organizers/dto/create-organizer.dto';
import { UpdateOrganizerDto } from '../organizers/dto/update-organizer.dto';
import { OrganizersService } from '../organizers/organizers.service';
import { PostOrigin } from '../posts/post-origin';
import { PostKind } from '../posts/post.entity';
import { CreateVenueDto } from '../venues/dto/create-venue.dto';
import { UpdateVenueDto } from '../venues/dto/update-venue.dto';
import { VenuesService } from '../venues/venues.service';

/**
 * Writes an imported venue, organizer or event through its resource's service, its body checked
 * as the API checks one: created with the source's origin (and an event with the cost the source
 * showed), or updated.
 */
@Injectable()
export class ImportedPostWriter {
  constructor(
    private readonly events: EventsService,
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
  ) {}

  async create(
    kind: PostKind,
    body: Record<string, unknown>,
    language: Language,
    viewer: Viewer,
    origin: PostOrigin,
    imported: ImportedShown,
  ): Promise<number> {
    switch (kind) {
      case 'event':
        return (
          await this.events.create(
            validateInput(CreateEventDto, body),
            language,
            viewer,
            'next-free',
            origin,
            imported,
          )
        ).event.id;
      case 'venue':
        return (
          await this.venues.create(
            validateInput(CreateVenueDto, body),
            language,
            viewer,
            'next-free',
            origin,
            imported,
          )
        ).venue.id;
      case 'organizer':
        return (
          await this.organizers.create(
            validateInput(CreateOrganizerDto, body),
            language,
            viewer,
            'next-free',
            origin,
            imported,
          )
        ).organizer.id;
    }
  }

  /**
   * Creates imported events together ({@link EventsService.createMany}), each body checked as
   * the API checks one; a body that fails its check is that entry's error.
   */
  async createEvents(
    entries: ReadonlyArray<{
      readonly body: Record<string, unknown>;
      readonly origin: PostOrigin;
      readonly imported: ImportedShown;
    }>,
    language: Language,
    viewer: Viewer,
  ): Promise<CreateOutcome[]> {
    const outcomes: (CreateOutcome | NewEventEntry)[] = entries.map(
      ({ body, origin, imported }) => {
        try {
          return { dto: validateInput(CreateEventDto, body), origin, imported };
        } catch (error: unknown) {
          if (error instanceof DomainError) return { error };
          throw error;
        }
      },
    );
    const checked = outcomes.filter((entry): entry is NewEventEntry => isEntry(entry));
    const created = await this.events.createMany(checked, language, viewer);
    return outcomes.map((entry) => (isEntry(entry) ? (created.shift() ?? 'single') : entry));
  }

  async update(
    kind: PostKind,
    id: number,
    body: Record<string, unknown>,
    language: Language,
    viewer: Viewer,
    imported: ImportedShown,
  ): Promise<void> {
    switch (kind) {
      case 'event':
        await this.events.updateImported(
          id,
          validateInput(UpdateEventDto, body),
          language,
          viewer,
          imported,
        );
        return;
      case 'venue':
        await this.venues.updateById(
          id,
          validateInput(UpdateVenueDto, body),
          language,
          viewer,
          imported,
        );
        return;
      case 'organizer':
        await this.organizers.updateById(
          id,
          validateInput(UpdateOrganizerDto, body),
          language,
          viewer,
          imported,
        );
    }
  }
}

function isEntry(value: CreateOutcome | NewEventEntry): value is NewEventEntry {
  return typeof value === 'object' && 'dto' in value;
}
