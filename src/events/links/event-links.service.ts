import { earliest } from '../../common/dates/window';
import { Injectable } from '@nestjs/common';
import { Viewer } from '../../access/viewer';
import {
  InvalidParamsError,
  MissingParamsError,
  ParamProblem,
} from '../../common/errors/domain-error';
import { boundingBox, distanceKm, GeoPoint } from '../../common/geo/geo';
import { Language } from '../../common/i18n/language';
import { validateInput } from '../../common/validation/validate-input';
import { CreateOrganizerDto } from '../../organizers/dto/create-organizer.dto';
import { OrganizersService, OrganizerView } from '../../organizers/organizers.service';
import { Taxonomy } from '../../terms/taxonomy';
import { ReadCache, VersionMemo } from '../../read-cache/read-cache';
import { termKey } from '../../read-cache/read-cache.store';
import { TermsService, TermView } from '../../terms/terms.service';
import { CreateVenueDto } from '../../venues/dto/create-venue.dto';
import { VenuesService, VenueView } from '../../venues/venues.service';
import { EventFieldsDto } from '../dto/event-fields.dto';
import { EventsRepository } from '../events.repository';
import {
  LinkedPostInput,
  readOrganizerInput,
  readTermInput,
  readVenueInput,
  VenueInput,
} from './link-inputs';

/** A venue or organizer to link: an existing one, or one to create (or reuse) from its fields. */
type PostPlan<D> = { readonly id: number } | { readonly create: D };

/** The term fields of an event write and the taxonomy each names. */
const TERM_FIELDS = [
  ['categories', 'tribe_events_cat'],
  ['tags', 'post_tag'],
] as const satisfies readonly (readonly [keyof EventFieldsDto, Taxonomy])[];

interface TermPlan {
  readonly ids: readonly number[];
  readonly newNames: readonly string[];
}

/** What a write asks to link, checked but not yet written; a missing member means "unchanged". */
export interface LinkPlan {
  readonly venue?: PostPlan<CreateVenueDto> | null;
  readonly organizers?: readonly PostPlan<CreateOrganizerDto>[];
  readonly terms: Partial<Record<Taxonomy, TermPlan>>;
}

/**
 * The venues, organizers and terms (by taxonomy) that exist among those many writes name by id
 * ({@link EventLinksService.knownLinks}); an id not in its set does not exist.
 */
export type KnownLinks = {
  readonly venues: ReadonlySet<number>;
  readonly organizers: ReadonlySet<number>;
} & Partial<Record<Taxonomy, ReadonlySet<number>>>;

/** Whether resolving `plan` creates a venue, an organizer or a term. */
export function createsItems(plan: LinkPlan): boolean {
  return (
    (plan.venue !== undefined && plan.venue !== null && 'create' in plan.venue) ||
    (plan.organizers ?? []).some((organizer) => 'create' in organizer) ||
    Object.values(plan.terms).some((terms) => terms.newNames.length > 0)
  );
}

/** The ids to store once inline venues, organizers and new terms exist. */
export interface ResolvedLinks {
  /** The venue to link; null unlinks; undefined leaves it. */
  readonly venueId?: number | null;
  /** Organizers in order; undefined leaves them. */
  readonly organizerIds?: readonly number[];
  /** Terms per taxonomy; a missing taxonomy is left as it is. */
  readonly termIds: Partial<Record<Taxonomy, readonly number[]>>;
}

/** The linked items an event shows. */
export interface EventLinks {
  readonly venue: VenueView | null;
  readonly organizers: readonly OrganizerView[];
  readonly terms: readonly TermView[];
}

/** Where a distance filter is centred and how far it reaches. */
export interface NearQuery {
  readonly center: GeoPoint;
  readonly radiusKm: number;
}

/** An event list's link filters as given: terms by ids or slugs, venues and organizers by id. */
export interface LinkFilterQuery {
  readonly categories?: readonly string[];
  readonly tags?: readonly string[];
  readonly venues?: readonly number[];
  readonly organizers?: readonly number[];
}

/** The link filters resolved to ids; a member is present when its filter was given. */
export interface LinkFilter {
  readonly categoryIds?: readonly number[];
  readonly tagIds?: readonly number[];
  readonly venueIds?: readonly number[];
  readonly organizerIds?: readonly number[];
}

const NO_LINKS: EventLinks = { venue: null, organizers: [], terms: [] };

/**
 * An event's venue, organizers, categories and tags: reading the forms a write may give them in,
 * checking that what they name exists, creating inline venues, organizers and new terms, and
 * loading what a page of events shows with a fixed number of queries.
 */

/** A term list naming a category or tag that does not exist. */
function unknownTerm(param: string): ParamProblem {
  return { param, message: 'param.invalid', reason: 'reason.unknown-term' };
}
@Injectable()
export class EventLinksService {
  /**
   * The linked items events embed, kept in this process until a write that could change one
   * moves the listing version: a write that ends everything (of venues, organizers, terms); a
   * term's count (`termCounts`, written over the one its view was read with) also with the
   * write of an event filed under it. So a page read after another, or after another event's
   * write, costs no query for them, and one after a write of an event filed under a term reads
   * that term's count alone.
   */
  private readonly venueViews = new VersionMemo<number, VenueView>(() => []);
  private readonly organizerViews = new VersionMemo<number, OrganizerView>(() => []);
  private readonly termViews = new VersionMemo<number, TermView>(() => []);
  private readonly termCounts = new VersionMemo<number, number>((id) => [termKey(id)]);
  /**
   * A list's link filters as resolved: the ids a category or tag filter names (by taxonomy and
   * inputs), and the venues and organizers found. Only writes that end everything (of terms,
   * venues, organizers) change them; a filter naming something missing is not kept, so an
   * item an event write creates inline is found by the next read.
   */
  private readonly termFilters = new VersionMemo<string, readonly number[]>(() => []);
  private readonly foundVenues = new VersionMemo<number, true>(() => []);
  private readonly foundOrganizers = new VersionMemo<number, true>(() => []);

  constructor(
    private readonly events: EventsRepository,
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
    private readonly terms: TermsService,
    private readonly cache: ReadCache,
  ) {
    // The counts events embed, as a kept list template is filled (live-answer.ts).
    cache.useTermCounts((ids) => this.countsOf(ids));
  }

  /**
   * Checks the link fields of `dto` without writing anything; what is wrong is added to
   * `problems` (as `venue`, `organizer`, `categories`, `tags`).
   */
  async plan(
    dto: EventFieldsDto,
    language: Language,
    problems: ParamProblem[],
    known?: KnownLinks,
  ): Promise<LinkPlan> {
    const venue = await this.planVenue(dto.venue, problems, known);
    const organizers = await this.planOrganizers(dto.organizer, problems, known);
    const terms: Partial<Record<Taxonomy, TermPlan>> = {};
    for (const [field, taxonomy] of TERM_FIELDS) {
      const inputs = dto[field] === undefined ? null : readTermInput(dto[field]);
      if (inputs === null) continue;
      const found = await this.terms.findForEvent(taxonomy, inputs, language, known?.[taxonomy]);
      if (found.unknownIds.length > 0) problems.push(unknownTerm(field));
      terms[taxonomy] = { ids: found.ids, newNames: found.newNames };
    }
    return {
      ...(venue !== undefined ? { venue } : {}),
      ...(organizers !== undefined ? { organizers } : {}),
      terms,
    };
  }

  /**
   * Which of the venues, organizers and terms that `dtos` name by id exist, read for all of them
   * at once (one query per kind), so {@link plan} checks each of those writes without a query
   * of its own for them (an import's page of events). Read in the unit of work of the writes.
   */
  async knownLinks(dtos: readonly EventFieldsDto[]): Promise<KnownLinks> {
    const idsOf = (inputs: readonly (LinkedPostInput | VenueInput | null)[] | null): number[] =>
      (inputs ?? []).flatMap((input) => (input?.kind === 'id' ? [input.id] : []));
    const venueIds = dtos.flatMap((dto) =>
      dto.venue === undefined ? [] : idsOf([readVenueInput(dto.venue)]),
    );
    const organizerIds = dtos.flatMap((dto) =>
      dto.organizer === undefined ? [] : idsOf(readOrganizerInput(dto.organizer)),
    );
    const [venues, organizers, ...terms] = await Promise.all([
      venueIds.length > 0 ? this.venues.existingIds(venueIds) : new Set<number>(),
      organizerIds.length > 0 ? this.organizers.existingIds(organizerIds) : new Set<number>(),
      ...TERM_FIELDS.map(([field, taxonomy]) =>
        this.terms.existingIds(
          taxonomy,
          dtos.flatMap((dto) =>
            dto[field] === undefined ? [] : (readTermInput(dto[field]) ?? []),
          ),
        ),
      ),
    ]);
    const known: KnownLinks = { venues, organizers };
    for (const [index, [, taxonomy]] of TERM_FIELDS.entries()) {
      known[taxonomy] = terms[index] ?? new Set<number>();
    }
    return known;
  }

  /** Creates (or reuses) the inline venues and organizers and the new terms of `plan`. */
  async resolve(plan: LinkPlan, language: Language, viewer: Viewer): Promise<ResolvedLinks> {
    let venueId: number | null | undefined;
    if (plan.venue === null) venueId = null;
    else if (plan.venue) {
      venueId =
        'id' in plan.venue
          ? plan.venue.id
          : (await this.venues.create(plan.venue.create, language, viewer)).venue.id;
    }
    let organizerIds: number[] | undefined;
    if (plan.organizers) {
      organizerIds = [];
      for (const organizer of plan.organizers) {
        const id =
          'id' in organizer
            ? organizer.id
            : (await this.organizers.create(organizer.create, language, viewer)).organizer.id;
        if (!organizerIds.includes(id)) organizerIds.push(id);
      }
    }
    const termIds: Partial<Record<Taxonomy, readonly number[]>> = {};
    for (const [, taxonomy] of TERM_FIELDS) {
      const terms = plan.terms[taxonomy];
      if (!terms) continue;
      const created = await this.terms.createNames(taxonomy, terms.newNames, language);
      termIds[taxonomy] = [...new Set([...terms.ids, ...created])];
    }
    return {
      ...(venueId !== undefined ? { venueId } : {}),
      ...(organizerIds ? { organizerIds } : {}),
      termIds,
    };
  }

  /** The links of each event, loaded together: eventId → links. */
  async load(
    events: readonly { readonly id: number; readonly venueId: number | null }[],
    language: Language,
  ): Promise<(id: number) => EventLinks> {
    if (events.length === 0) return () => NO_LINKS;
    const eventIds = events.map((event) => event.id);
    const venueIds = [
      ...new Set(events.flatMap((event) => (event.venueId ? [event.venueId] : []))),
    ];
    const [organizerRows, termLinks] = await Promise.all([
      this.events.findOrganizerLinks(eventIds),
      this.events.findTermLinks(eventIds),
    ]);
    const [venues, organizers, termViews] = await Promise.all([
      this.cache.rememberEach(this.venueViews, venueIds, (ids) => this.venues.findViews(ids)),
      this.cache.rememberEach(
        this.organizerViews,
        organizerRows.map((row) => row.organizerId),
        (ids) => this.organizers.findViews(ids),
      ),
      this.termViewsOf(termLinks.map((link) => link.termId)),
    ]);
    const terms = await this.terms.findForEvents(termLinks, language, termViews);
    const byEvent = new Map<number, EventLinks>();
    for (const event of events) {
      byEvent.set(event.id, {
        venue: event.venueId ? (venues.get(event.venueId) ?? null) : null,
        organizers: organizerRows
          .filter((row) => row.eventId === event.id)
          .flatMap((row) => {
            const view = organizers.get(row.organizerId);
            return view ? [view] : [];
          }),
        terms: terms.get(event.id) ?? [],
      });
    }
    return (id) => byEvent.get(id) ?? NO_LINKS;
  }

  /** Resolves an event list's link filters; a value naming nothing is a bad parameter. */
  async filter(query: LinkFilterQuery): Promise<LinkFilter> {
    const problems: ParamProblem[] = [];
    const filter: {
      -readonly [K in keyof LinkFilter]: LinkFilter[K];
    } = {};
    for (const [field, taxonomy] of TERM_FIELDS) {
      const inputs = query[field];
      if (!inputs) continue;
      const key = `${taxonomy} ${JSON.stringify(inputs)}`;
      const kept = await this.cache.rememberEach(this.termFilters, [key], async () => {
        const resolved = await this.terms.resolveFilter(taxonomy, inputs);
        return new Map(resolved === null ? [] : [[key, resolved]]);
      });
      const ids = kept.get(key) ?? null;
      if (ids === null) problems.push(unknownTerm(field));
      else if (taxonomy === 'tribe_events_cat') filter.categoryIds = ids;
      else filter.tagIds = ids;
    }
    if (query.venues) {
      const ids = query.venues;
      const found = await this.cache.rememberEach(this.foundVenues, ids, (missing) =>
        this.found(this.venues.existingIds(missing)),
      );
      if (ids.some((id) => !found.has(id))) {
        problems.push({ param: 'venue', message: 'param.invalid' });
      }
      filter.venueIds = ids;
    }
    if (query.organizers) {
      const ids = query.organizers;
      const found = await this.cache.rememberEach(this.foundOrganizers, ids, (missing) =>
        this.found(this.organizers.existingIds(missing)),
      );
      if (ids.some((id) => !found.has(id))) {
        problems.push({ param: 'organizer', message: 'param.invalid' });
      }
      filter.organizerIds = ids;
    }
    if (problems.length > 0) throw new InvalidParamsError(problems);
    return filter;
  }

  /** The current counts of terms `ids` (kept per term: its events' writes move it). */
  private countsOf(ids: readonly number[]): Promise<Map<number, number>> {
    return this.cache.rememberEach(this.termCounts, ids, (missing) => this.terms.countsOf(missing));
  }

  /**
   * The views of terms `ids`, kept through event writes, with their current counts (read apart,
   * so a write's own rendering, which keeps neither, reads them once).
   */
  private async termViewsOf(ids: readonly number[]): Promise<Map<number, TermView>> {
    const [views, counts] = await Promise.all([
      this.cache.rememberEach(this.termViews, ids, (missing) =>
        this.terms.findViews(missing, false),
      ),
      this.countsOf(ids),
    ]);
    return new Map([...views].map(([id, view]) => [id, { ...view, count: counts.get(id) ?? 0 }]));
  }

  /** `ids` as the keys of a map (rememberEach). */
  private async found(ids: Promise<ReadonlySet<number>>): Promise<Map<number, true>> {
    return new Map([...(await ids)].map((id) => [id, true]));
  }

  /** When the next scheduled venue or organizer goes live by the clock alone, if any does. */
  async nextScheduledAfter(after: Date): Promise<Date | null> {
    const dates = await Promise.all([
      this.venues.nextScheduledAfter(after),
      this.organizers.nextScheduledAfter(after),
    ]);
    return earliest(dates);
  }

  /** Ids of the venues within `near.radiusKm` of its centre: box on the index, then exact distance. */
  async venuesNear(near: NearQuery): Promise<number[]> {
    const candidates = await this.venues.findInBox(boundingBox(near.center, near.radiusKm));
    return candidates
      .filter((venue) => distanceKm(near.center, venue) <= near.radiusKm)
      .map((venue) => venue.id);
  }

  private async planVenue(
    raw: unknown,
    problems: ParamProblem[],
    known: KnownLinks | undefined,
  ): Promise<PostPlan<CreateVenueDto> | null | undefined> {
    if (raw === undefined) return undefined;
    const input = readVenueInput(raw);
    if (input === null) return undefined;
    if (input.kind === 'clear') return null;
    const [plan] = await this.planPosts([input], CreateVenueDto, (ids) =>
      known ? Promise.resolve(known.venues) : this.venues.existingIds(ids),
    );
    if (!plan) problems.push({ param: 'venue', message: 'param.invalid' });
    return plan ?? undefined;
  }

  private async planOrganizers(
    raw: unknown,
    problems: ParamProblem[],
    known: KnownLinks | undefined,
  ): Promise<PostPlan<CreateOrganizerDto>[] | undefined> {
    if (raw === undefined) return undefined;
    const inputs = readOrganizerInput(raw);
    if (inputs === null) return undefined;
    const plans = await this.planPosts(inputs, CreateOrganizerDto, (ids) =>
      known ? Promise.resolve(known.organizers) : this.organizers.existingIds(ids),
    );
    if (plans.some((plan) => plan === null)) {
      problems.push({ param: 'organizer', message: 'param.invalid' });
    }
    return plans.flatMap((plan) => (plan ? [plan] : []));
  }

  /** Each input as a plan, or null where an id names nothing or inline fields are not valid. */
  private async planPosts<D extends object>(
    inputs: readonly LinkedPostInput[],
    type: new () => D,
    existing: (ids: readonly number[]) => Promise<ReadonlySet<number>>,
  ): Promise<(PostPlan<D> | null)[]> {
    const ids = inputs.flatMap((input) => (input.kind === 'id' ? [input.id] : []));
    const found: ReadonlySet<number> = ids.length > 0 ? await existing(ids) : new Set<number>();
    return inputs.map((input) => {
      if (input.kind === 'id') return found.has(input.id) ? { id: input.id } : null;
      try {
        return { create: validateInput(type, input.fields) };
      } catch (error: unknown) {
        if (error instanceof InvalidParamsError || error instanceof MissingParamsError) return null;
        throw error;
      }
    });
  }
}
