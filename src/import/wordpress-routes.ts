import { PostKind } from '../posts/post.entity';
import { readWordPressPost, WordPressPost } from './tec-items';
import { SourcePage, TecSource, WordPressType } from './tec-source';

/**
 * WordPress's own routes for TEC's post types, which the import reads beside TEC's API: their
 * ids are stable where TEC's paging is not, they list what TEC's lists never give, and signed in
 * they carry post passwords (docs/behaviour.md#importing-from-the-events-calendar).
 */

/** WordPress's own route of each post kind. */
export const WORDPRESS_TYPES: Record<PostKind, WordPressType> = {
  event: 'tribe_events',
  venue: 'tribe_venue',
  organizer: 'tribe_organizer',
};

/** Notes of the report about what WordPress's routes showed. */
export const LIST_NOTES = {
  readSingly:
    "not in TEC's lists (hidden from listings, or outside the window they cover): read singly",
  notReadable: "in WordPress's route but not readable through TEC's API: not imported",
  unknownPassword:
    'password-protected at the source, whose password only a signed-in import reads (--user): protected here by a random password until then',
} as const;

/** What WordPress's own route lists of a stage's posts by id, or why it could not be read. */
export type WordPressIndex =
  | { readonly posts: ReadonlyMap<number, WordPressPost>; readonly total: number }
  | { readonly unavailable: string };

/**
 * WordPress's own route of `kind`'s posts, every page, by id: it lists what TEC's lists skip
 * (hidden events, events outside their window, a venue its unstable paging loses) and, signed
 * in, post passwords. A site that does not serve it is imported through TEC's API alone.
 */
export async function readWordPressIndex(
  client: TecSource,
  kind: PostKind,
): Promise<WordPressIndex> {
  const type = WORDPRESS_TYPES[kind];
  const posts = new Map<number, WordPressPost>();
  // Each page is reduced as it arrives to what the import needs: an event's id, version and
  // password (a million events' posts as WordPress sends them would not fit in memory); a
  // venue's or organizer's whole post, as one TEC's lists lose is read from it.
  const keep = (page: SourcePage): void => {
    for (const item of page.items) {
      try {
        const post = readWordPressPost(item);
        posts.set(post.sourceId, kind === 'event' ? { ...post, item: {} } : post);
      } catch {
        // A post WordPress lists without an id is no post to look for.
      }
    }
  };
  const first = await client.wordPressPage(type, 1);
  if ('unavailable' in first) return first;
  keep(first);
  const rest = Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, index) => index + 2);
  const unavailable = await Promise.all(
    rest.map(async (number) => {
      const page = await client.wordPressPage(type, number);
      if ('unavailable' in page) return page;
      keep(page);
      return null;
    }),
  );
  return unavailable.find((page) => page !== null) ?? { posts, total: first.total };
}
