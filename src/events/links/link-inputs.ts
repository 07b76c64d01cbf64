import { asRecord } from '../../common/validation/convert';

/**
 * Readers of the link fields of an event write (`venue`, `organizer`, `categories`, `tags`) in
 * every form TEC clients send them: JSON values, form-encoded brackets, comma lists. Each returns
 * null when the value has no meaning, which the DTO reports as an invalid parameter.
 */

/** A linked venue or organizer: an existing one by id, or one described inline. */
export type LinkedPostInput =
  | { readonly kind: 'id'; readonly id: number }
  | { readonly kind: 'inline'; readonly fields: Record<string, unknown> };

/** What an event's `venue` asks for; `clear` unlinks it. */
export type VenueInput = LinkedPostInput | { readonly kind: 'clear' };

const DIGITS = /^\s*[1-9]\d*\s*$/;

/** `null`, `""`, `0`, `"0"`, `false` and `[]` mean "none" (docs/behaviour.md#writes). */
function isEmptyValue(raw: unknown): boolean {
  return (
    raw === null ||
    raw === false ||
    raw === 0 ||
    (typeof raw === 'string' && (raw.trim() === '' || raw.trim() === '0')) ||
    (Array.isArray(raw) && raw.length === 0)
  );
}

function positiveId(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw > 0 ? raw : null;
  if (typeof raw === 'string' && DIGITS.test(raw)) {
    const id = Number(raw.trim());
    return Number.isSafeInteger(id) ? id : null;
  }
  return null;
}

/** Form bodies turn sparse `x[0]`, `x[2]` into an object keyed by index; read it as a list. */
function indexedValues(raw: Record<string, unknown>): unknown[] | null {
  const keys = Object.keys(raw);
  if (keys.length === 0 || !keys.every((key) => /^\d+$/.test(key))) return null;
  return keys.sort((a, b) => Number(a) - Number(b)).map((key) => raw[key]);
}

function linkedPost(raw: unknown): LinkedPostInput | null {
  const id = positiveId(raw);
  if (id !== null) return { kind: 'id', id };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const fields = asRecord(raw);
  if ('id' in fields) {
    const linked = positiveId(fields['id']);
    return linked === null ? null : { kind: 'id', id: linked };
  }
  return { kind: 'inline', fields };
}

function commaList(raw: string): string[] {
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** One venue (an event has at most one): an id, `{id}`, an inline venue, or empty to unlink. */
export function readVenueInput(raw: unknown): VenueInput | null {
  if (isEmptyValue(raw)) return { kind: 'clear' };
  if (typeof raw === 'string' && raw.includes(',')) {
    const parts = commaList(raw);
    return parts.length === 1 ? linkedPost(parts[0]) : null;
  }
  if (Array.isArray(raw)) return raw.length === 1 ? readVenueInput(raw[0]) : null;
  const values = typeof raw === 'object' && raw !== null ? indexedValues(asRecord(raw)) : null;
  if (values) return values.length === 1 ? readVenueInput(values[0]) : null;
  return linkedPost(raw);
}

/**
 * Organizers in order: an id, a comma list or array of ids, `{id}` objects, inline organizers,
 * or a mix; `[]` (or any empty value) unlinks them all.
 */
export function readOrganizerInput(raw: unknown): LinkedPostInput[] | null {
  if (isEmptyValue(raw)) return [];
  let items: unknown[];
  if (typeof raw === 'string') items = commaList(raw);
  else if (Array.isArray(raw)) items = raw;
  else if (typeof raw === 'object' && raw !== null) items = indexedValues(asRecord(raw)) ?? [raw];
  else items = [raw];
  const inputs: LinkedPostInput[] = [];
  for (const item of items) {
    if (typeof item === 'string' && item.trim() === '') continue;
    const input = linkedPost(item);
    if (!input) return null;
    inputs.push(input);
  }
  return inputs;
}

/**
 * Categories or tags: ids, slugs or names, as an array or a comma list; empty clears them.
 * Numbers come back as digit strings.
 */
export function readTermInput(raw: unknown): string[] | null {
  if (isEmptyValue(raw)) return [];
  let items: unknown[];
  if (typeof raw === 'string') items = commaList(raw);
  else if (Array.isArray(raw)) items = raw;
  else if (typeof raw === 'number') items = [raw];
  else if (typeof raw === 'object' && raw !== null) {
    const values = indexedValues(asRecord(raw));
    if (!values) return null;
    items = values;
  } else return null;
  const terms: string[] = [];
  for (const item of items) {
    if (typeof item === 'number' && Number.isSafeInteger(item) && item > 0) {
      terms.push(String(item));
    } else if (typeof item === 'string') terms.push(...commaList(item));
    else return null;
  }
  return [...new Set(terms)];
}
