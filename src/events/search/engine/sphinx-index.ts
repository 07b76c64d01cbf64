import { Language, LANGUAGES } from '../../../common/i18n/language';
import { POST_STATUSES, PostStatus } from '../../../posts/post-status';

/*
 * The search engine's index of events (docs/decisions.md, "Searches on MySQL/MariaDB go to
 * Sphinx"): a real-time index of Sphinx 2.2's `searchd`, one document per event and reader
 * language, holding the text a reader of that language sees (field by field, the event's
 * translation, else its original text) and the listing columns a search filters and orders by.
 */

/** The number that names each reader language in a document's `lang` and id. */
export const ENGINE_LANGUAGE_CODES: Readonly<Record<Language, number>> = { ca: 1, en: 2, es: 3 };

/** A document's id: four per event, one per reader language (1–3); ids 0–3 name no event. */
export function documentId(eventId: number, language: Language): number {
  return eventId * 4 + ENGINE_LANGUAGE_CODES[language];
}

/**
 * The document that records how far the index is fed: `lang` 0 (no search reads it), the
 * change log's position in `start_ms` and the database's epoch in `epoch`.
 */
export const MARK_ID = 1;

/** A status as the index stores it (`POST_STATUSES` order, from 1). */
export function statusCode(status: PostStatus): number {
  return POST_STATUSES.indexOf(status) + 1;
}

/** The columns of a document, in the order `REPLACE INTO` lists them. */
export const DOCUMENT_COLUMNS = [
  'id',
  'title',
  'body',
  'pbody',
  'lang',
  'event',
  'start_ms',
  'end_ms',
  'status',
  'date_ms',
  'author',
  'hidden',
  'featured',
  'venue',
  'organizers',
  'terms',
  'epoch',
] as const;

/**
 * The characters a word is made of: letters and digits up to U+1FFF, each folded to lower case
 * without its marks (`É` is `e`), as the databases' own full-text search reads them (InnoDB's
 * `utf8mb4_unicode_ci`, FTS5's `remove_diacritics`). Every other character separates words.
 */
export const WORD_CHARACTERS_BELOW = 0x2000;

function hex(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase()}`;
}

/** The letter or digit `codePoint` folds to, or undefined for another character. */
export function foldedCharacter(codePoint: number): number | undefined {
  const character = String.fromCodePoint(codePoint);
  if (codePoint >= WORD_CHARACTERS_BELOW || !/[\p{L}\p{N}]/u.test(character)) return undefined;
  const folded = character
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .normalize('NFC');
  const [only, ...more] = [...folded];
  return only !== undefined && more.length === 0 ? only.codePointAt(0) : codePoint;
}

/** `charset_table` for {@link WORD_CHARACTERS_BELOW}: runs kept as ranges, foldings one by one. */
export function charsetTable(): string {
  const parts: string[] = [];
  let run: [number, number] | undefined;
  const flush = (): void => {
    if (run) parts.push(run[0] === run[1] ? hex(run[0]) : `${hex(run[0])}..${hex(run[1])}`);
    run = undefined;
  };
  for (let codePoint = 0x30; codePoint < WORD_CHARACTERS_BELOW; codePoint++) {
    const folded = foldedCharacter(codePoint);
    if (folded === undefined) {
      flush();
    } else if (folded !== codePoint) {
      flush();
      parts.push(`${hex(codePoint)}->${hex(folded)}`);
    } else if (run && run[1] === codePoint - 1) {
      run[1] = codePoint;
    } else {
      flush();
      run = [codePoint, codePoint];
    }
  }
  flush();
  const lines: string[] = [];
  for (let at = 0; at < parts.length; at += 12) lines.push(parts.slice(at, at + 12).join(', '));
  return lines.join(', \\\n    ');
}

/** Where `searchd` keeps its files and listens, for {@link sphinxConfig}. */
export interface SphinxSetup {
  /** A folder of its own: the index, its binlog, the logs and the pid file. */
  readonly dir: string;
  /** The address it listens on: 127.0.0.1 unless given (0.0.0.0 in a container). */
  readonly host?: string;
  readonly port: number;
  /** The index's name (`SEARCH_ENGINE_URL`'s path). */
  readonly index: string;
  /** How much the index keeps in memory before it writes a disk chunk (`rt_mem_limit`). */
  readonly memoryLimit?: string;
}

/** A `searchd` configuration serving the events index (`npm run search:config`). */
export function sphinxConfig(setup: SphinxSetup): string {
  const { dir, host = '127.0.0.1', port, index, memoryLimit = '256M' } = setup;
  return `# Written by \`npm run search:config\` (src/events/search/engine/sphinx-index.ts).
index ${index}
{
  type = rt
  path = ${dir}/${index}
  rt_field = title
  rt_field = body
  rt_field = pbody
  rt_attr_uint = lang
  rt_attr_uint = event
  rt_attr_bigint = start_ms
  rt_attr_bigint = end_ms
  rt_attr_uint = status
  rt_attr_bigint = date_ms
  rt_attr_uint = author
  rt_attr_uint = hidden
  rt_attr_uint = featured
  rt_attr_uint = venue
  rt_attr_multi = organizers
  rt_attr_multi = terms
  rt_attr_string = epoch
  dict = keywords
  min_prefix_len = 1
  rt_mem_limit = ${memoryLimit}
  charset_table = ${charsetTable()}
}

searchd
{
  listen = ${host}:${port}:mysql41
  log = ${dir}/searchd.log
  query_log = ${dir}/query.log
  query_log_format = sphinxql
  pid_file = ${dir}/searchd.pid
  binlog_path = ${dir}
  workers = threads
  max_packet_size = 32M
}
`;
}

/** Every reader language, in code order. */
export const ENGINE_LANGUAGES: readonly Language[] = [...LANGUAGES].sort(
  (a, b) => ENGINE_LANGUAGE_CODES[a] - ENGINE_LANGUAGE_CODES[b],
);
