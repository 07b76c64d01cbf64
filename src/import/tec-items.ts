import { createHash } from 'node:crypto';
import type { CostDescription, CurrencyPosition } from '../common/text/cost';
import type { ShownImage, ShownImageSize } from '../common/media/image';
import { decodeHTML } from 'entities';
import { PostOrigin } from '../posts/post-origin';
import { decodedSlug } from '../posts/imported-items';
import { slugify } from '../common/text/slug';
import { DateTime } from 'luxon';
import { skippedWallClock } from '../common/dates/parse-date';
import { resolveZone } from '../common/dates/zones';

/**
 * The items of a TEC site's API as the import reads them, and the write bodies it makes of them
 * (docs/behaviour.md#importing-from-the-events-calendar). Each reader takes the JSON the site
 * sent and either returns the typed item or throws a {@link SourceItemError} saying which field
 * is missing or malformed; the item is then counted as failed with that reason.
 */

/** A source item the import cannot read. */
export class SourceItemError extends Error {}

type Json = Readonly<Record<string, unknown>>;

function object(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SourceItemError(`${what} is not an object`);
  }
  return value as Json;
}

function id(item: Json, field = 'id'): number {
  const value = Number(item[field]);
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new SourceItemError(`"${field}" is not a positive integer`);
  }
  return value;
}

function text(item: Json, field: string): string {
  const value = item[field];
  if (value === undefined || value === null || value === false) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw new SourceItemError(`"${field}" is not text`);
}

function required(item: Json, field: string): string {
  const value = text(item, field);
  if (value === '') throw new SourceItemError(`"${field}" is missing`);
  return value;
}

function flag(item: Json, field: string, fallback: boolean): boolean {
  const value = item[field];
  if (typeof value === 'boolean') return value;
  if (value === '1' || value === 1 || value === 'yes') return true;
  if (value === '0' || value === 0 || value === '' || value === 'no') return false;
  return fallback;
}

/** WordPress writes `&`, quotes and dashes in titles and names as HTML entities. */
function plain(value: string): string {
  return decodeHTML(value);
}

/** The `global_id` and lineage of a post, kept as the source shows them. */
function origin(item: Json): PostOrigin {
  const postId = id(item);
  const globalId = text(item, 'global_id');
  const lineage = Array.isArray(item['global_id_lineage'])
    ? item['global_id_lineage'].filter((entry): entry is string => typeof entry === 'string')
    : [];
  return globalId === ''
    ? { id: postId, globalId: '', globalIdLineage: [] }
    : { id: postId, globalId, globalIdLineage: lineage.length > 0 ? lineage : [globalId] };
}

/** The image a source item shows: its URL, or null (TEC writes `false` for none). */
function image(item: Json): string | null {
  const value = item['image'];
  if (typeof value === 'object' && value !== null && typeof (value as Json)['url'] === 'string') {
    return (value as Json)['url'] as string;
  }
  return null;
}

/** A number of an image's metadata: a whole number from 0, or absent. */
function whole(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** One of TEC's `image.sizes`, or null when it is not TEC's shape. */
function shownSize(value: unknown): ShownImageSize | null {
  if (typeof value !== 'object' || value === null) return null;
  const size = value as Json;
  const width = whole(size['width']);
  const height = whole(size['height']);
  const type = size['mime-type'];
  const url = size['url'];
  if (width === undefined || height === undefined) return null;
  if (typeof type !== 'string' || typeof url !== 'string') return null;
  const filesize = whole(size['filesize']);
  return { width, height, 'mime-type': type, ...(filesize === undefined ? {} : { filesize }), url };
}

/**
 * The image as the site showed it, kept whole for an imported item: TEC's object with the
 * attachment's id, extension, width, height, file size and sizes. Null for none, for an image
 * without an attachment id, or one whose metadata is not TEC's shape (its URL is still kept).
 */
function shownImage(item: Json): ShownImage | null {
  const value = item['image'];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const image = value as Json;
  const url = image['url'];
  const attachment = whole(image['id']);
  if (typeof url !== 'string' || attachment === undefined || attachment === 0) return null;
  const sizes: Record<string, ShownImageSize> = {};
  const rawSizes = image['sizes'];
  if (typeof rawSizes === 'object' && rawSizes !== null && !Array.isArray(rawSizes)) {
    for (const [name, raw] of Object.entries(rawSizes as Json)) {
      const size = shownSize(raw);
      if (size === null) return null;
      sizes[name] = size;
    }
  }
  const extension = image['extension'];
  const [width, height, filesize] = [image['width'], image['height'], image['filesize']].map(whole);
  return {
    url,
    id: attachment,
    ...(typeof extension === 'string' ? { extension } : {}),
    ...(width === undefined ? {} : { width }),
    ...(height === undefined ? {} : { height }),
    ...(filesize === undefined ? {} : { filesize }),
    ...(rawSizes === undefined ? {} : { sizes }),
  };
}

/** A venue or organizer as the write body our service takes, with where it came from. */
export interface PostImport {
  readonly sourceId: number;
  /** The source's `modified_utc`: an item whose value is unchanged is skipped on a run again. */
  readonly version: string;
  readonly origin: PostOrigin;
  /** The slug at the source, percent-decoded (by-slug reads fall back to it); null: none. */
  readonly sourceSlug: string | null;
  readonly body: Record<string, unknown>;
  /** What the import did about the item that the report should say (counted by text). */
  readonly notes: readonly string[];
  /** An event's cost as the site showed it, kept byte for byte; null for none (and others). */
  readonly costShown: CostDescription | null;
  /** The image as the site showed it (attachment id, sizes, file size); null for none. */
  readonly imageShown: ShownImage | null;
}

/** Notes of the report about items TEC gives without a date or a slug. */
export const IMPORT_NOTES = {
  zeroDate:
    'no publication date at the source (TEC gives drafts and pending items 0000-00-00 00:00:00): dated when imported, as a new one would be',
  zeroDateFromWordPress:
    "no publication date in TEC's API (0000-00-00 00:00:00 for drafts and pending items): dated as WordPress's own route dates the post",
  noSlug: 'no slug at the source (TEC gives drafts and pending items none): made from the title',
  skippedTime:
    'a start or end at a time its zone skips (a DST change): imported at the instant TEC gives for it',
  utcDisagrees:
    "TEC's UTC start or end disagrees with its local time in the event's zone (as TEC computes UTC+2-style zones): the local time kept",
  slugAlias:
    "a slug this service writes otherwise (non-Latin, emoji, over 190 characters): the site's slug still answers by-slug reads",
} as const;

/** TEC's `utc_start_date` / `utc_end_date`. */
const UTC_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * An event's start or end as sent here: TEC's local time in the event's zone (what the site
 * shows), except a time the zone skips, which this service refuses: then TEC's UTC instant (where
 * PHP moved it), and a note.
 */
function eventDate(
  item: Json,
  field: 'start_date' | 'end_date',
  zoneName: string,
  allDay: boolean,
  notes: string[],
): string {
  const local = required(item, field);
  const utc = text(item, `utc_${field}`);
  const zone = resolveZone(zoneName);
  if (allDay || zone === null || !UTC_DATE.test(utc)) return local;
  if (skippedWallClock(local, zone, DateTime.utc()) === null) {
    const instant = DateTime.fromSQL(local, { zone }).toUTC().toFormat('yyyy-MM-dd HH:mm:ss');
    if (instant !== utc && !notes.includes(IMPORT_NOTES.utcDisagrees)) {
      notes.push(IMPORT_NOTES.utcDisagrees);
    }
    return local;
  }
  if (!notes.includes(IMPORT_NOTES.skippedTime)) notes.push(IMPORT_NOTES.skippedTime);
  return `${utc.replace(' ', 'T')}Z`;
}

/**
 * A post's import: its ids and version, and a body of the fields every post shares (status,
 * publication instant, slug, description, image) with `fields`, the kind's own.
 */
function postImport(
  item: Json,
  fields: Record<string, unknown>,
  kindNotes: readonly string[] = [],
): PostImport {
  const dateUtc = text(item, 'date_utc');
  const slug = text(item, 'slug');
  // WordPress's "no date yet" (a draft's floating date): the status's own rule dates it here.
  const undated = ZERO_DATE.test(dateUtc);
  const notes = [
    ...(undated ? [IMPORT_NOTES.zeroDate] : []),
    ...(slug === '' ? [IMPORT_NOTES.noSlug] : []),
    ...(slug !== '' && slugify(slug) !== slug ? [IMPORT_NOTES.slugAlias] : []),
    ...kindNotes,
  ];
  return {
    sourceId: id(item),
    version: text(item, 'modified_utc'),
    origin: origin(item),
    sourceSlug: slug === '' ? null : decodedSlug(slug),
    notes,
    costShown: null,
    imageShown: shownImage(item),
    body: {
      status: text(item, 'status') || 'publish',
      ...(dateUtc && !undated ? { date_utc: dateUtc } : {}),
      // Decoded, so a non-Latin slug is transliterated here rather than its percent-encoding.
      ...(slug === '' ? {} : { slug: decodedSlug(slug) }),
      description: text(item, 'description'),
      image: image(item),
      ...fields,
    },
  };
}

/** MySQL's zero date, which WordPress stores for a post not dated yet. */
const ZERO_DATE = /^0000-00-00/;

export function readVenue(value: unknown): PostImport {
  const item = object(value, 'The venue');
  return postImport(item, {
    venue: plain(required(item, 'venue')),
    address: plain(text(item, 'address')),
    city: plain(text(item, 'city')),
    country: plain(text(item, 'country')),
    ...(text(item, 'state') ? { state: plain(text(item, 'state')) } : {}),
    ...(text(item, 'province') ? { province: plain(text(item, 'province')) } : {}),
    zip: text(item, 'zip'),
    phone: text(item, 'phone'),
    website: text(item, 'website'),
    show_map: flag(item, 'show_map', true),
    show_map_link: flag(item, 'show_map_link', true),
    ...(item['geo_lat'] !== undefined && item['geo_lng'] !== undefined
      ? { geo_lat: item['geo_lat'], geo_lng: item['geo_lng'] }
      : {}),
  });
}

export function readOrganizer(value: unknown): PostImport {
  const item = object(value, 'The organizer');
  return postImport(item, {
    organizer: plain(required(item, 'organizer')),
    phone: text(item, 'phone'),
    website: text(item, 'website'),
    // WordPress may hide an address from harvesters as entities (antispambot).
    email: plain(text(item, 'email')),
  });
}

/** A category or tag: its write body and its parent's source id (0 for none). */
export interface TermImport {
  readonly sourceId: number;
  /** A digest of the fields imported, so a term changed at the source is updated. */
  readonly version: string;
  readonly parentSourceId: number;
  readonly body: { name: string; slug: string; description: string };
}

export function readTerm(value: unknown): TermImport {
  const item = object(value, 'The term');
  const parent = Number(item['parent'] ?? 0);
  const body = {
    name: plain(required(item, 'name')),
    slug: text(item, 'slug'),
    description: text(item, 'description'),
  };
  const parentSourceId = Number.isSafeInteger(parent) && parent > 0 ? parent : 0;
  return {
    sourceId: id(item),
    version: createHash('sha256')
      .update(JSON.stringify([body, parentSourceId]))
      .digest('hex'),
    parentSourceId,
    body,
  };
}

/** An event: its write body without its links, and the source ids of what it links to. */
export interface EventImport extends PostImport {
  readonly venueSourceId: number | null;
  readonly organizerSourceIds: readonly number[];
  readonly categorySourceIds: readonly number[];
  readonly tagSourceIds: readonly number[];
}

/** The ids of a list of linked objects (`[{id: 3, ...}]`); a missing list is none. */
function linkedIds(item: Json, field: string): number[] {
  const value = item[field];
  if (value === undefined || value === null || value === false || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((entry, index) => id(object(entry, `"${field}"[${index}]`)));
}

const POSITIONS: readonly CurrencyPosition[] = ['prefix', 'postfix', ''];

/** A value of TEC's `cost_details`: an amount, or a word as WordPress makes it a slug. */
const SHOWN_VALUE = /^(\d+(\.\d+)?|[a-z0-9%-]+)$/;

/**
 * The cost as the site showed it: its `cost` string and `cost_details` (TEC's values, words
 * such as `free` kept, and a currency only where TEC had one). Null when the site showed no cost,
 * or its `cost_details` are not TEC's shape (the cost is then read by this service's rules).
 */
function shownCost(item: Json, cost: string): CostDescription | null {
  const details = item['cost_details'];
  if (cost === '' || typeof details !== 'object' || details === null || Array.isArray(details)) {
    return null;
  }
  const { currency_symbol, currency_code, currency_position, values } = details as Json;
  const position = POSITIONS.find((known) => known === currency_position);
  if (
    typeof currency_symbol !== 'string' ||
    typeof currency_code !== 'string' ||
    position === undefined ||
    !Array.isArray(values) ||
    !values.every((entry) => SHOWN_VALUE.test(String(entry)))
  ) {
    return null;
  }
  return {
    cost,
    details: {
      currency_symbol: plain(currency_symbol),
      currency_code: plain(currency_code),
      currency_position: position,
      values: values.map(String),
    },
  };
}

export function readEvent(value: unknown): EventImport {
  const item = object(value, 'The event');
  const url = text(item, 'url');
  const website = text(item, 'website');
  const venue = item['venue'];
  const venueSourceId =
    typeof venue === 'object' && venue !== null && !Array.isArray(venue) ? id(venue as Json) : null;
  const cost = text(item, 'cost');
  const timezone = text(item, 'timezone') || 'UTC';
  const allDay = flag(item, 'all_day', false);
  const notes: string[] = [];
  const fields = {
    title: plain(required(item, 'title')),
    excerpt: text(item, 'excerpt'),
    start_date: eventDate(item, 'start_date', timezone, allDay, notes),
    end_date: eventDate(item, 'end_date', timezone, allDay, notes),
    timezone,
    all_day: allDay,
    // Always sent, so a cost the site removed is removed here too.
    cost: plain(cost),
    // TEC shows the event's own page as its website when none was given.
    website: website === url ? '' : website,
    show_map: flag(item, 'show_map', true),
    show_map_link: flag(item, 'show_map_link', true),
    hide_from_listings: flag(item, 'hide_from_listings', false),
    sticky: flag(item, 'sticky', false),
    featured: flag(item, 'featured', false),
  };
  return {
    ...postImport(item, fields, notes),
    costShown: shownCost(item, plain(cost)),
    venueSourceId,
    organizerSourceIds: linkedIds(item, 'organizer'),
    categorySourceIds: linkedIds(item, 'categories'),
    tagSourceIds: linkedIds(item, 'tags'),
  };
}

/**
 * A post as WordPress's own route (`wp/v2/tribe_events` and the like) lists it: the import reads
 * from it what TEC's API leaves out (posts its lists skip, post passwords) and, for a venue or
 * organizer that TEC's lists lose, the whole post.
 */
export interface WordPressPost {
  readonly sourceId: number;
  /** `modified_gmt` written as TEC writes `modified_utc`. */
  readonly modified: string;
  /** `date_gmt` written as TEC writes `date_utc` ('' for none): a draft's date too. */
  readonly dateUtc: string;
  /**
   * The post's password: '' for none; null for a protected post whose password this reader is
   * not given (WordPress gives it only in the edit context, signed in).
   */
  readonly password: string | null;
  readonly item: Json;
}

/** WordPress's `2026-11-27T15:23:33` as TEC writes it (`2026-11-27 15:23:33`); '' for none. */
function tecDate(value: unknown): string {
  return typeof value === 'string' ? value.replace('T', ' ') : '';
}

/** A rendered field (`title`, `content`), or its raw text where only that is given. */
function rendered(item: Json, field: string): string {
  const value = item[field];
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return '';
  const { rendered: shown, raw } = value as Json;
  if (typeof shown === 'string') return shown;
  return typeof raw === 'string' ? raw : '';
}

export function readWordPressPost(value: unknown): WordPressPost {
  const item = object(value, 'The post');
  const password = item['password'];
  const content = item['content'];
  const isProtected =
    typeof content === 'object' && content !== null && (content as Json)['protected'] === true;
  return {
    sourceId: id(item),
    modified: tecDate(item['modified_gmt']),
    dateUtc: tecDate(item['date_gmt']),
    password: typeof password === 'string' ? password : isProtected ? null : '',
    item,
  };
}

/** The version an item is imported at: its source version and whether its password is known. */
export function importedVersion(version: string, password: string | null | undefined): string {
  if (password === null) return `${version} password:unknown`;
  return password ? `${version} password:given` : version;
}

/** The `meta` of a WordPress post (TEC's `_Venue…` and `_Organizer…` fields). */
function meta(item: Json): Json {
  const value = item['meta'];
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : {};
}

/**
 * The fields every post shares, from WordPress's route in the shape TEC's API gives them, with
 * the `global_id` TEC would give it on `host` (the host part of the site's other global ids).
 */
function tecShapeOfPost(post: WordPressPost, host: string): Record<string, unknown> {
  const { item } = post;
  const globalId = `${host}?id=${post.sourceId}`;
  return {
    id: post.sourceId,
    status: text(item, 'status'),
    date_utc: post.dateUtc,
    modified_utc: post.modified,
    slug: text(item, 'slug'),
    description: rendered(item, 'content'),
    image: false,
    global_id: globalId,
    global_id_lineage: [globalId],
  };
}

/** The note of the report for a post read from WordPress's route instead of TEC's. */
export const WORDPRESS_NOTES = {
  readThere:
    "not in TEC's lists (its paging lost it): read from WordPress's own route, ordered by id",
  image: "an image: WordPress's route gives only its attachment id, so it was not imported",
} as const;

function imageNotes(item: Json): string[] {
  return Number(item['featured_media'] ?? 0) > 0 ? [WORDPRESS_NOTES.image] : [];
}

/** A venue TEC's lists lost, read from WordPress's `wp/v2/tribe_venue`. */
export function readWordPressVenue(post: WordPressPost, host: string): PostImport {
  const fields = meta(post.item);
  const field = (name: string): string => text(fields, name);
  const state = field('_VenueState');
  const province = field('_VenueProvince') || (state ? '' : field('_VenueStateProvince'));
  const lat = field('_VenueLat');
  const lng = field('_VenueLng');
  const venue = readVenue({
    ...tecShapeOfPost(post, host),
    venue: plain(rendered(post.item, 'title')),
    address: field('_VenueAddress'),
    city: field('_VenueCity'),
    country: field('_VenueCountry'),
    state,
    province,
    zip: field('_VenueZip'),
    phone: field('_VenuePhone'),
    website: field('_VenueURL'),
    show_map: flag(fields, '_VenueShowMap', true),
    show_map_link: flag(fields, '_VenueShowMapLink', true),
    ...(lat !== '' && lng !== '' ? { geo_lat: Number(lat), geo_lng: Number(lng) } : {}),
  });
  return {
    ...venue,
    notes: [...venue.notes, WORDPRESS_NOTES.readThere, ...imageNotes(post.item)],
  };
}

/** An organizer TEC's lists lost, read from WordPress's `wp/v2/tribe_organizer`. */
export function readWordPressOrganizer(post: WordPressPost, host: string): PostImport {
  const fields = meta(post.item);
  const organizer = readOrganizer({
    ...tecShapeOfPost(post, host),
    organizer: plain(rendered(post.item, 'title')),
    phone: text(fields, '_OrganizerPhone'),
    website: text(fields, '_OrganizerWebsite'),
    email: text(fields, '_OrganizerEmail'),
  });
  return {
    ...organizer,
    notes: [...organizer.notes, WORDPRESS_NOTES.readThere, ...imageNotes(post.item)],
  };
}

/**
 * `item` dated as WordPress's own route dates its post, where TEC's API gave it no date (a
 * draft's or pending item's `0000-00-00 00:00:00`) and the route gives one; else `item` itself.
 */
export function datedByWordPress<T extends PostImport>(
  item: T,
  post: WordPressPost | undefined,
): T {
  if (!item.notes.includes(IMPORT_NOTES.zeroDate) || !post || !UTC_DATE.test(post.dateUtc)) {
    return item;
  }
  return {
    ...item,
    body: { ...item.body, date_utc: post.dateUtc },
    notes: item.notes.map((note) =>
      note === IMPORT_NOTES.zeroDate ? IMPORT_NOTES.zeroDateFromWordPress : note,
    ),
  };
}
