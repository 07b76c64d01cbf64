/**
 * How the import's tests compare an item this service shows with the same item as a TEC site
 * served it: addresses written alike, the fields an import sets and those only this service
 * shows left out, and the documented differences (docs/tec-differences.md) applied to TEC's.
 */
import { decodeHTML } from 'entities';
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

/**
 * A TEC single read as this service shows the same event (docs/tec-differences.md): in the
 * event's `json_ld`, the description as plain text; in every `json_ld` (the event's and those of
 * its nested venue and organizers), the organizer's email plain and no empty `sameAs` for the
 * venue.
 */
export function withDocumentedDifferences(source: Item): Item {
  const copy = structuredClone(source) as Item & {
    venue?: Record<string, unknown>;
    organizer?: Record<string, unknown>[];
    json_ld?: {
      description?: string;
      location?: Record<string, unknown>;
      organizer?: Record<string, unknown>;
    };
  };
  const place = (ld: unknown): void => {
    const record = ld as Record<string, unknown> | undefined;
    if (record?.['sameAs'] === '') delete record['sameAs'];
  };
  const person = (ld: unknown): void => {
    const record = ld as Record<string, unknown> | undefined;
    if (typeof record?.['email'] === 'string') record['email'] = decodeHTML(record['email']);
  };
  place(copy.venue?.['json_ld']);
  for (const organizer of copy.organizer ?? []) person(organizer['json_ld']);
  const ld = copy.json_ld;
  if (ld?.description !== undefined) {
    // TEC also escapes the line break after each paragraph (a literal `\n`).
    ld.description = decodeHTML(ld.description)
      .replace(/<[^>]*>|\\n/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  }
  place(ld?.location);
  person(ld?.organizer);
  return copy;
}
