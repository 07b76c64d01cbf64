/**
 * How the import's tests compare an item this service shows with the same item as a TEC site
 * served it: addresses written alike, the fields an import sets and those only this service
 * shows left out, and the documented differences (docs/tec-differences.md) applied to TEC's.
 */
import { decodeHTML } from 'entities';
import { htmlToText, toPlainText } from '../../src/common/text/html';
import type { TecSite } from '../../scripts/lib/tec-site';
import type { TestApp } from './test-app';

export type Item = Record<string, unknown> & { id: number };

const API = '/calendar/events/v1';

/** Fields an import sets itself: when the item changed here. */
const IMPORT_SETS = new Set(['modified', 'modified_utc']);

/** Fields this service shows that TEC 6.3.7's lists do not (docs/behaviour.md). */
const OUR_ADDITIONS = new Set([
  'i18n_language',
  'i18n_translations',
  'custom_fields',
  'post_parent',
  'is_recurring',
  'series_id',
  'recurrence',
]);

/**
 * `value` with the two sites' addresses written alike: the source's REST namespace and ours as
 * `NS`, the source's origin and our site as `SITE`; and without the fields an import sets
 * itself, and those only this service shows.
 */
export function comparable(value: unknown, site: TecSite, sut: TestApp): unknown {
  const ours = {
    namespace: `${sut.config.PUBLIC_URL ?? ''}${API}`,
    site: sut.config.SITE_URL ?? '',
  };
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      return node
        .replaceAll(`${site.origin}/wp-json/tribe/events/v1`, 'NS')
        .replaceAll(ours.namespace, 'NS')
        .replaceAll(site.origin, 'SITE')
        .replaceAll(ours.site, 'SITE');
    }
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node === 'object' && node !== null) {
      return Object.fromEntries(
        Object.entries(node)
          .filter(([key]) => !IMPORT_SETS.has(key) && !OUR_ADDITIONS.has(key))
          .map(([key, inner]) => [key, walk(inner)]),
      );
    }
    return node;
  };
  return walk(value);
}

type Json = Record<string, unknown>;

/** TEC's name as this service shows it: WordPress's stored entities and tags as plain text. */
function plainName(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  // WordPress prefixes a private post's title so in the title TEC's json_ld reads.
  return toPlainText(decodeHTML(toPlainText(value))).replace(/^Private: /, '');
}

/** TEC's json_ld text (escaped HTML, a literal `\n` after each paragraph) as plain text. */
function plainLdText(value: unknown): unknown {
  return typeof value === 'string' ? htmlToText(decodeHTML(value).replace(/\\n/g, ' ')) : value;
}

/** A venue's or organizer's json_ld as this service shows it (docs/tec-differences.md). */
function linkedLd(ld: unknown): void {
  if (typeof ld !== 'object' || ld === null) return;
  const record = ld as Json;
  record['name'] = plainName(record['name']);
  if ('description' in record) record['description'] = plainLdText(record['description']);
  for (const key of ['url', 'sameAs']) {
    if (typeof record[key] === 'string') record[key] = decodeHTML(record[key]);
  }
  // Empty contact members are left out here.
  for (const key of ['telephone', 'email', 'sameAs']) if (record[key] === '') delete record[key];
  if (typeof record['email'] === 'string') record['email'] = decodeHTML(record['email']);
  const address = record['address'];
  if (typeof address === 'object' && address !== null) {
    for (const [key, part] of Object.entries(address as Json)) {
      (address as Json)[key] = key === '@type' ? part : plainName(part);
    }
  }
}

/**
 * A TEC single read as this service shows the same event (docs/tec-differences.md): names and
 * titles as plain text (TEC shows WordPress's stored entities and tags); every `json_ld` text as
 * plain text and its URLs unescaped; empty contact members of a venue's or organizer's
 * `json_ld` left out.
 */
export function withDocumentedDifferences(source: Item): Item {
  const copy = structuredClone(source) as Item & {
    venue?: Json;
    organizer?: Json[];
    categories?: Json[];
    tags?: Json[];
    json_ld?: Json & { location?: Json; organizer?: Json };
  };
  copy['title'] = plainName(copy['title']);
  if (copy.venue && typeof copy.venue === 'object') {
    copy.venue['venue'] = plainName(copy.venue['venue']);
    linkedLd(copy.venue['json_ld']);
  }
  for (const organizer of copy.organizer ?? []) {
    organizer['organizer'] = plainName(organizer['organizer']);
    linkedLd(organizer['json_ld']);
  }
  for (const term of [...(copy.categories ?? []), ...(copy.tags ?? [])]) {
    term['name'] = plainName(term['name']);
  }
  const ld = copy.json_ld;
  if (ld) {
    ld['name'] = plainName(ld['name']);
    if (ld['description'] !== undefined) ld['description'] = plainLdText(ld['description']);
    linkedLd(ld.location);
    linkedLd(ld.organizer);
  }
  return copy;
}
