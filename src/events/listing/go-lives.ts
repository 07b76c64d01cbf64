import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { earliest } from '../../common/dates/window';
import { UnitChanges } from '../../database/unit-changes';
import { GoLiveSource } from '../../read-cache/go-live-sweep';
import { changeOf } from '../../read-cache/listing-version.subscriber';
import { ReadCache } from '../../read-cache/read-cache';
import { WriteChange } from '../../read-cache/read-cache.store';
import { eventReach } from '../event-reach';
import { EventsRepository } from '../events.repository';
import { EventLinksService } from '../links/event-links.service';
import { EventListRepository } from './event-list.repository';
import { dayStart, utcDay } from './window-total';

/**
 * The most events going live at once that are ended one by one; more (a sweep after a long
 * pause, an import of scheduled events) end everything, as one write of them all would.
 */
const MOST_ONE_BY_ONE = 100;

/**
 * What the clock changes as scheduled items go live, for the read cache (GoLiveSweep): an event
 * that goes live changes what its write publishing it would (its terms' lists and counts, its
 * venue's and organizers' lists, the searches its words reach, the lists without narrower keys
 * from its start on, the scheduled parts of totals, its own reads); a venue or organizer that
 * goes live, or an occurrence of a series, changes anything, as their writes do.
 */
@Injectable()
export class GoLives implements GoLiveSource {
  constructor(
    private readonly listing: EventListRepository,
    private readonly events: EventsRepository,
    private readonly links: EventLinksService,
    private readonly clock: Clock,
    cache: ReadCache,
  ) {
    cache.useGoLives(this);
  }

  now(): number {
    return this.clock.millis();
  }

  async nextAfter(after: number): Promise<number | null> {
    const since = new Date(after);
    const dates = await Promise.all([
      this.listing.findNextScheduledAfter(since),
      this.links.nextScheduledAfter(since),
    ]);
    return earliest(dates)?.getTime() ?? null;
  }

  async changesIn(after: number, upTo: number): Promise<WriteChange[]> {
    const linked = await this.links.nextScheduledAfter(new Date(after));
    if (linked !== null && linked.getTime() <= upTo) return ['all'];
    const gone = await this.listing.findGoneLive(
      new Date(after),
      new Date(upTo),
      MOST_ONE_BY_ONE + 1,
    );
    if (gone.length > MOST_ONE_BY_ONE || gone.some((event) => event.seriesId !== null)) {
      return ['all'];
    }
    const ids = gone.map((event) => event.id);
    const [texts, organizers, filed] = await Promise.all([
      this.events.findTranslations(ids),
      this.events.findOrganizerLinks(ids),
      this.events.findFiledTerms(ids),
    ]);
    return gone.map((event) => {
      // What the write publishing it would note (events.service.ts, term-listing.ts).
      const changes = new UnitChanges();
      changes.narrowedTo = event.id;
      for (const term of filed.get(event.id) ?? []) changes.filedTerms.add(term);
      changes.listingFrom = dayStart(event.startUtc).getTime();
      changes.listingDays.add(utcDay(event.startUtc));
      changes.addReach(
        eventReach(
          texts.filter((text) => text.eventId === event.id),
          event.venueId,
          organizers.filter((link) => link.eventId === event.id).map((link) => link.organizerId),
        ),
      );
      changes.wroteScheduled = true;
      return changeOf(changes);
    });
  }
}
