import type { EventReach } from '../database/unit-changes';
import { searchPrefixes } from './search/search-keys';

/** The text fields of an event's row in one language that searches read. */
interface SearchedText {
  readonly title?: string | null;
  readonly description?: string | null;
  readonly excerpt?: string | null;
}

/**
 * What an event with these texts (every language's), venue and organizers reaches, which a
 * write of it changes: the searches its words can match (`search/search-keys.ts`) and the
 * lists by its venue and organizers. The one reckoning of an event write's reach, for the
 * write itself (events.service.ts) and for its go-live (listing/go-lives.ts).
 */
export function eventReach(
  texts: readonly SearchedText[],
  venueId: number | null | undefined,
  organizerIds: readonly number[],
): EventReach {
  return {
    searchPrefixes: searchPrefixes(
      texts.flatMap((text) => [text.title, text.description, text.excerpt]),
    ),
    venues: venueId != null ? [venueId] : [],
    organizers: organizerIds,
  };
}
