import { escape } from 'mysql2';
import { isLanguage, Language } from '../../../common/i18n/language';
import { PostStatus } from '../../../posts/post-status';
import {
  DOCUMENT_COLUMNS,
  documentId,
  ENGINE_LANGUAGE_CODES,
  ENGINE_LANGUAGES,
  statusCode,
} from './sphinx-index';
import type { OwnConnection } from './own-connection';

/** An event's columns the index copies, as the database returns them. */
export interface EventRow {
  readonly id: number;
  readonly status: PostStatus;
  readonly author: number;
  readonly original_language: string;
  readonly date_utc: Date;
  readonly start_utc: Date;
  readonly end_utc: Date;
  readonly hide_from_listings: number;
  readonly featured: number;
  readonly venue_id: number | null;
  readonly protected: number;
}

/** One language's text of an event (a field a translation leaves out is null). */
export interface TextRow {
  readonly event_id: number;
  readonly language: string;
  readonly title: string | null;
  readonly description: string | null;
  readonly excerpt: string | null;
}

/** What the index holds of one event: its row, its texts, its terms and organizers. */
export interface IndexedEvent {
  readonly event: EventRow;
  readonly texts: ReadonlyMap<string, TextRow>;
  readonly terms: readonly number[];
  readonly organizers: readonly number[];
}

/**
 * Text as a SphinxQL string. Control characters become spaces first: they separate words
 * anyway, and SphinxQL reads `\n` in a string as the letter `n`.
 */
function sphinxString(text: string): string {
  // eslint-disable-next-line no-control-regex
  return escape(text.replace(/[\u0000-\u001f\u007f]/g, ' '));
}

function idList(ids: readonly number[]): string {
  return `(${ids.map((id) => Math.trunc(id)).join(',')})`;
}

/**
 * The values of an event's document for readers of `language`: field by field, the event's
 * text in that language, else in its original language. A password-protected event's
 * description and excerpt go to `pbody`, which only readers of protected text search.
 */
export function documentValues(indexed: IndexedEvent, language: Language): string {
  const { event, texts, terms, organizers } = indexed;
  const own = texts.get(language);
  const original = texts.get(event.original_language);
  const field = (name: 'title' | 'description' | 'excerpt'): string =>
    own?.[name] ?? original?.[name] ?? '';
  const body = [field('description'), field('excerpt')].filter((text) => text !== '').join(' ');
  const values = [
    documentId(event.id, language),
    sphinxString(field('title')),
    sphinxString(event.protected ? '' : body),
    sphinxString(event.protected ? body : ''),
    ENGINE_LANGUAGE_CODES[language],
    event.id,
    event.start_utc.getTime(),
    event.end_utc.getTime(),
    statusCode(event.status),
    event.date_utc.getTime(),
    event.author,
    event.hide_from_listings ? 1 : 0,
    event.featured ? 1 : 0,
    event.venue_id ?? 0,
    idList(organizers),
    idList(terms),
    "''",
  ];
  return `(${values.join(',')})`;
}

/**
 * How many bytes of documents one statement carries at most (searchd refuses a packet over its
 * `max_packet_size`, 32 MiB in `sphinxConfig`); one event's documents go whole, whatever their
 * size (a request body is at most `MAX_BODY_BYTES`).
 */
export const STATEMENT_BYTES = 4 * 1024 * 1024;

/** `REPLACE INTO` statements of the documents of `events`, every reader language's. */
export function replaceStatements(
  index: string,
  events: readonly IndexedEvent[],
  maxBytes = STATEMENT_BYTES,
): string[] {
  const head = `REPLACE INTO ${index} (${DOCUMENT_COLUMNS.join(',')}) VALUES `;
  const statements: string[] = [];
  let rows: string[] = [];
  let bytes = 0;
  for (const indexed of events) {
    const documents = ENGINE_LANGUAGES.map((language) => documentValues(indexed, language));
    const size = documents.reduce((sum, row) => sum + Buffer.byteLength(row) + 1, 0);
    if (rows.length > 0 && bytes + size > maxBytes) {
      statements.push(head + rows.join(','));
      rows = [];
      bytes = 0;
    }
    rows.push(...documents);
    bytes += size;
  }
  if (rows.length > 0) statements.push(head + rows.join(','));
  return statements;
}

/** `DELETE` the documents of events that are gone. */
export function deleteStatement(index: string, eventIds: readonly number[]): string {
  const ids = eventIds.flatMap((id) =>
    ENGINE_LANGUAGES.map((language) => documentId(id, language)),
  );
  return `DELETE FROM ${index} WHERE id IN ${idList(ids)}`;
}

const EVENT_COLUMNS =
  'id, status, author, original_language, date_utc, start_utc, end_utc, hide_from_listings, ' +
  'featured, venue_id, password_hash IS NOT NULL AS protected';

/**
 * Reads what the index holds of events from the database, on the search feed's own connection
 * (whose DATETIMEs are read as UTC).
 */
export class IndexedEventReader {
  constructor(private readonly database: OwnConnection) {}

  /** The events of `ids` that exist (a deleted one is missing). */
  async byIds(ids: readonly number[]): Promise<IndexedEvent[]> {
    if (ids.length === 0) return [];
    const events = await this.database.rows<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE id IN (?)`,
      [ids],
    );
    return this.withLinks(events);
  }

  /** Up to `limit` events after id `after`, in id order. */
  async after(after: number, limit: number): Promise<IndexedEvent[]> {
    const events = await this.database.rows<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE id > ? ORDER BY id LIMIT ?`,
      [after, limit],
    );
    return this.withLinks(events);
  }

  private async withLinks(events: readonly EventRow[]): Promise<IndexedEvent[]> {
    if (events.length === 0) return [];
    const ids = events.map((event) => event.id);
    const [texts, terms, organizers] = await Promise.all([
      this.database.rows<TextRow>(
        'SELECT event_id, language, title, description, excerpt FROM event_translations WHERE event_id IN (?)',
        [ids],
      ),
      this.database.rows<{ event_id: number; term_id: number }>(
        'SELECT event_id, term_id FROM event_terms WHERE event_id IN (?)',
        [ids],
      ),
      this.database.rows<{ event_id: number; organizer_id: number }>(
        'SELECT event_id, organizer_id FROM event_organizers WHERE event_id IN (?)',
        [ids],
      ),
    ]);
    const textsOf = new Map<number, Map<string, TextRow>>();
    for (const text of texts) {
      if (!isLanguage(text.language)) continue;
      let byLanguage = textsOf.get(text.event_id);
      if (!byLanguage) textsOf.set(text.event_id, (byLanguage = new Map<string, TextRow>()));
      byLanguage.set(text.language, text);
    }
    const termsOf = groupIds(terms, (row) => [row.event_id, row.term_id]);
    const organizersOf = groupIds(organizers, (row) => [row.event_id, row.organizer_id]);
    return events.map((event) => ({
      event: { ...event, id: Number(event.id) },
      texts: textsOf.get(event.id) ?? new Map<string, TextRow>(),
      terms: termsOf.get(event.id) ?? [],
      organizers: organizersOf.get(event.id) ?? [],
    }));
  }
}

function groupIds<T>(
  rows: readonly T[],
  pair: (row: T) => [number, number],
): Map<number, number[]> {
  const grouped = new Map<number, number[]>();
  for (const row of rows) {
    const [owner, id] = pair(row);
    const ids = grouped.get(owner);
    if (ids) ids.push(id);
    else grouped.set(owner, [id]);
  }
  return grouped;
}
