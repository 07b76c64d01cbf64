import { randomBytes } from 'node:crypto';
import { totalPages } from '../common/paging/paging';
import {
  HOLE_STRIDE,
  ItemSpan,
  LiveParts,
  NEXT_HOLE,
  PAGES_HOLE,
  TOTAL_HOLE,
} from './read-cache.store';

/**
 * A list page kept as a template. A page of a list ordered by start changes in two ways: its
 * rows, which only a write of an event that starts no later than its last row can move; and the
 * numbers around them, which any write of a matching event moves: the list's total, its pages,
 * whether a next page exists, and the `count` of each term its events embed. The rows are kept
 * (up to that position, see ReadCacheStore.set) and the numbers are left as holes that each
 * replay fills from values the cache shares: the list's total (ReadCache.remember, one per
 * filter) and the terms' counts. So a write of an event after the pages readers look at ends
 * none of them; it moves the total, which the next read of the filter counts again.
 */

/** What a route gives the read cache to keep its list answer as a template (requestState). */
export interface LiveSpec {
  /** The key of the list's total as ReadCache.remember keeps it. */
  readonly totalKey: string;
  readonly page: number;
  readonly perPage: number;
  /** The next page's link, shown while there is a next page. */
  readonly nextUrl: string;
  /** The keys whose moves end the rows (see ReadCacheStore). */
  readonly dependsOn: readonly string[];
  /**
   * The listing position (start instant, ms) of the page's last row when the page is full;
   * undefined when it is not (an event added anywhere after its rows would join them).
   */
  readonly until?: number;
}

/** The numbers a template is filled with. */
export interface LiveValues {
  readonly total: number;
  /** Term id → published events filed under it. */
  readonly counts: ReadonlyMap<number, number>;
}

/** A list body with its live parts, filled with the values of the read that made it. */
export interface Template {
  readonly body: Buffer;
  readonly live: LiveParts;
}

/**
 * Marks the holes in the body before it is serialised: a string no caller can write (a NUL and
 * a random nonce of this process), found again in the JSON text, where `JSON.stringify` has
 * escaped the NUL. A kept item's place in a list is marked the same way (`item:N`).
 */
const NONCE = randomBytes(8).toString('hex');
const MARK = `\u0000${NONCE}:`;
const MARKED = new RegExp(`"\\\\u0000${NONCE}:(total|pages|next|count:(\\d+)|item:(\\d+))"`, 'g');
const NEXT_KEY = '"next_rest_url":';

/** The taxonomies' arrays in an item whose terms embed a count. */
const TERM_FIELDS = ['categories', 'tags'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An item's rendering as it was kept (itemTemplateOf: its JSON bytes, with the `count` of each
 * term it embeds as a hole) and the counts of now: a list answer splices its bytes in as they
 * are (templateOf), with the counts written in, instead of parsing the item and serialising it
 * again (18% of the service's busy time with 2% writes at 100k). Serialised
 * anywhere else, it is the item it stands for ({@link toJSON}).
 */
export class KeptItem<T> {
  /** The counts written in: those of now, else (for a term the caller has none of) as kept. */
  private readonly counts: ReadonlyMap<number, number>;

  /**
   * `key`: the read-cache key the rendering is kept under, which a list that splices it in
   * notes (ItemSpan), so the in-process store keeps the list without a copy of its bytes.
   */
  constructor(
    private readonly template: Template,
    now: ReadonlyMap<number, number> = new Map(),
    readonly key?: string,
  ) {
    const counts = countsOf(template.live);
    for (const id of counts.keys()) {
      const count = now.get(id);
      if (count !== undefined) counts.set(id, count);
    }
    this.counts = counts;
  }

  /** The terms whose counts the item embeds. */
  termIds(): number[] {
    return countedTerms(this.template.live);
  }

  /** The item's bytes as kept, and the counts of now to write into them. */
  kept(): { template: Template; counts: ReadonlyMap<number, number> } {
    return { template: this.template, counts: this.counts };
  }

  /** The item's bytes with the counts of now, and where they are. */
  filled(): Template {
    const { body, live } = this.template;
    // Every hole's count is in `counts` (see the constructor): refill cannot miss one.
    return refill(body, live, { total: live.total, counts: this.counts }) ?? this.template;
  }

  /** The item as an object, with the counts of now. */
  value(): T {
    return JSON.parse(this.filled().body.toString()) as T;
  }

  toJSON(): T {
    return this.value();
  }
}

/** An item as a list holds it: rendered now, or kept from before. */
export type Rendered<T> = T | KeptItem<T>;

/** The object `item` stands for. */
export function valueOf<T>(item: Rendered<T>): T {
  return item instanceof KeptItem ? item.value() : item;
}

/** `item` with each embedded term's count marked, noted in `counts`. */
function markTerms(item: unknown, counts: Map<number, number>): unknown {
  if (!isRecord(item)) return item;
  const marked: Record<string, unknown> = { ...item };
  for (const field of TERM_FIELDS) {
    const terms = item[field];
    if (!Array.isArray(terms)) continue;
    marked[field] = terms.map((term: unknown) => {
      if (!isRecord(term) || typeof term['id'] !== 'number' || typeof term['count'] !== 'number') {
        return term;
      }
      counts.set(term['id'], term['count']);
      return { ...term, count: `${MARK}count:${term['id']}` };
    });
  }
  return marked;
}

/**
 * The list answer `body` (the TEC list shape: one array of items, `rest_url`, the paging links,
 * `total`, `total_pages`) serialised with its live parts marked, or undefined when it does not
 * have that shape. Kept items are spliced in as bytes.
 */
export function templateOf(body: Record<string, unknown>, spec: LiveSpec): Template | undefined {
  const total = body['total'];
  if (typeof total !== 'number' || typeof body['rest_url'] !== 'string') return undefined;
  const counts = new Map<number, number>();
  const items: Spliced[] = [];
  const marked: Record<string, unknown> = {};
  const markItem = (item: unknown): unknown => {
    if (!(item instanceof KeptItem)) return markTerms(item, counts);
    // Its bytes as kept: filledTemplate writes the list's counts into them, once.
    const kept = item.kept();
    for (const [id, count] of kept.counts) counts.set(id, count);
    items.push(item.key === undefined ? kept.template : { ...kept.template, key: item.key });
    return `${MARK}item:${items.length - 1}`;
  };
  for (const [name, value] of Object.entries(body)) {
    if (name === 'next_rest_url') continue;
    if (name === 'total') marked[name] = `${MARK}total`;
    else if (name === 'total_pages') marked[name] = `${MARK}pages`;
    else if (Array.isArray(value)) marked[name] = value.map(markItem);
    else marked[name] = value;
    // The next link has its place after `rest_url`, present or not.
    if (name === 'rest_url') marked['next_rest_url'] = `${MARK}next`;
  }
  const live = {
    totalKey: spec.totalKey,
    page: spec.page,
    perPage: spec.perPage,
    next: `${NEXT_KEY}${JSON.stringify(spec.nextUrl)},`,
  };
  return filledTemplate(JSON.stringify(marked), live, { total, counts }, items);
}

/**
 * A single item's answer `body` serialised with the `count` of each term it embeds as a hole
 * (an event's single read, an event's rendering kept for lists): the rest of it changes only
 * with writes of the item itself, its counts with writes of any event filed under those terms.
 * The parts have no total key: no total, pages or next link to fill.
 */
export function itemTemplateOf(body: object): Template | undefined {
  const counts = new Map<number, number>();
  const marked = markTerms(body, counts);
  return filledTemplate(
    JSON.stringify(marked),
    { page: 1, perPage: 1, next: '' },
    {
      total: 0,
      counts,
    },
  );
}

/** A kept item's bytes as a list splices them in, with the key it is kept under, if any. */
type Spliced = Template & { readonly key?: string };

/**
 * `text` (JSON with its live parts marked) with `values` written in and `items` (kept items'
 * bytes, refilled with `values`' counts) spliced in, and where the holes (and the items kept
 * under a key) are in its bytes, in one pass; undefined when a mark is not where it belongs.
 */
function filledTemplate(
  text: string,
  live: Pick<LiveParts, 'totalKey' | 'page' | 'perPage' | 'next'>,
  values: LiveValues,
  items: readonly Spliced[] = [],
): Template | undefined {
  const holes: number[] = [];
  const spans: ItemSpan[] = [];
  const parts: Buffer[] = [];
  let last = 0;
  let bytes = 0;
  const append = (part: Buffer): void => {
    parts.push(part);
    bytes += part.byteLength;
  };
  for (const match of text.matchAll(MARKED)) {
    const kind = match[1] ?? '';
    let start = match.index;
    let end = start + match[0].length;
    if (kind === 'next') {
      // The whole member goes: its name before, its comma after (`total` always follows).
      start -= NEXT_KEY.length;
      if (text.slice(start, match.index) !== NEXT_KEY || text[end] !== ',') return undefined;
      end += 1;
    }
    append(Buffer.from(text.slice(last, start)));
    last = end;
    if (match[3] !== undefined) {
      const kept = items[Number(match[3])];
      // Its counts as the list has them (a term another item embeds may have been read later).
      const item = kept && refill(kept.body, kept.live, { ...values, total: kept.live.total });
      if (kept === undefined || item === undefined) return undefined;
      const own = item.live.holes;
      for (let i = 0; i < own.length; i += HOLE_STRIDE) {
        holes.push(bytes + (own[i] ?? 0), own[i + 1] ?? 0, own[i + 2] ?? 0);
      }
      if (kept.key !== undefined) {
        spans.push({ at: bytes, length: item.body.byteLength, key: kept.key });
      }
      append(item.body);
      continue;
    }
    const what =
      kind === 'next'
        ? NEXT_HOLE
        : kind === 'total'
          ? TOTAL_HOLE
          : kind === 'pages'
            ? PAGES_HOLE
            : Number(match[2]);
    const filled = Buffer.from(holeText(what, live, values) ?? '');
    holes.push(bytes, filled.byteLength, what);
    append(filled);
  }
  append(Buffer.from(text.slice(last)));
  return {
    body: Buffer.concat(parts, bytes),
    live: {
      ...live,
      holes,
      total: values.total,
      counts: flatCounts(values.counts),
      ...(spans.length > 0 ? { items: spans } : {}),
    },
  };
}

/** The term ids whose counts fill `live`. */
export function countedTerms(live: LiveParts): number[] {
  const ids: number[] = [];
  for (let i = 0; i < live.counts.length; i += 2) ids.push(live.counts[i] ?? 0);
  return ids;
}

/** The counts `live`'s body holds, by term id. */
export function countsOf(live: LiveParts): Map<number, number> {
  const counts = new Map<number, number>();
  for (let i = 0; i < live.counts.length; i += 2) {
    counts.set(live.counts[i] ?? 0, live.counts[i + 1] ?? 0);
  }
  return counts;
}

/** `counts` as LiveParts holds them: term id and count one after the other. */
function flatCounts(counts: ReadonlyMap<number, number>): number[] {
  const flat: number[] = [];
  for (const [id, count] of counts) flat.push(id, count);
  return flat;
}

/** Whether `live` is filled with `values` already. */
function filledWith(live: LiveParts, values: LiveValues): boolean {
  if (live.total !== values.total) return false;
  for (let i = 0; i < live.counts.length; i += 2) {
    if (values.counts.get(live.counts[i] ?? 0) !== live.counts[i + 1]) return false;
  }
  return true;
}

/** What fills a hole of `live` filled by `what` with `values` (undefined: a count is missing). */
function holeText(
  what: number,
  live: Pick<LiveParts, 'page' | 'perPage' | 'next'>,
  values: LiveValues,
): string | undefined {
  const pages = totalPages(values.total, live.perPage);
  switch (what) {
    case TOTAL_HOLE:
      return String(values.total);
    case PAGES_HOLE:
      return String(pages);
    case NEXT_HOLE:
      return live.page < pages ? live.next : '';
    default: {
      const count = values.counts.get(what);
      return count === undefined ? undefined : String(count);
    }
  }
}

/**
 * `body` (filled as `live` says) filled with `values` instead: the same body and parts when
 * nothing changed, new ones when something did, undefined when a count is missing.
 */
export function refill(body: Buffer, live: LiveParts, values: LiveValues): Template | undefined {
  if (filledWith(live, values)) return { body, live };
  const parts: Buffer[] = [];
  const holes: number[] = [];
  const counts = new Map<number, number>();
  // Each hole's new place, to move the item spans with the holes before and inside them.
  const moves: { readonly at: number; readonly end: number; readonly shift: number }[] = [];
  let from = 0;
  let shift = 0;
  const kept = live.holes;
  for (let i = 0; i < kept.length; i += HOLE_STRIDE) {
    const at = kept[i] ?? 0;
    const length = kept[i + 1] ?? 0;
    const what = kept[i + 2] ?? 0;
    const text = holeText(what, live, values);
    if (text === undefined) return undefined;
    if (what >= 0) counts.set(what, values.counts.get(what) ?? 0);
    const bytes = Buffer.from(text);
    parts.push(body.subarray(from, at), bytes);
    from = at + length;
    holes.push(at + shift, bytes.byteLength, what);
    shift += bytes.byteLength - length;
    moves.push({ at, end: from, shift });
  }
  parts.push(body.subarray(from));
  return {
    body: Buffer.concat(parts),
    live: {
      ...live,
      holes,
      total: values.total,
      counts: flatCounts(counts),
      ...(live.items ? { items: movedSpans(live.items, moves) } : {}),
    },
  };
}

/**
 * `spans` after the holes were filled anew: `moves` (in body order) gives, for each hole, its
 * old bytes and the shift of every byte after it.
 */
function movedSpans(
  spans: readonly ItemSpan[],
  moves: readonly { readonly at: number; readonly end: number; readonly shift: number }[],
): ItemSpan[] {
  let next = 0;
  let before = 0;
  return spans.map((span) => {
    // The shift of the holes before the span, then of those inside it (holes never straddle).
    while (next < moves.length && (moves[next]?.end ?? Infinity) <= span.at) {
      before = moves[next]?.shift ?? before;
      next += 1;
    }
    let after = before;
    const end = span.at + span.length;
    while (next < moves.length && (moves[next]?.end ?? Infinity) <= end) {
      after = moves[next]?.shift ?? after;
      next += 1;
    }
    const moved = { ...span, at: span.at + before, length: span.length + after - before };
    before = after;
    return moved;
  });
}

/** The total headers of a list of `total` items in pages of `perPage`. */
export function liveHeaders(perPage: number, total: number): Record<string, string> {
  return {
    'x-tec-total': String(total),
    'x-tec-totalpages': String(totalPages(total, perPage)),
  };
}
