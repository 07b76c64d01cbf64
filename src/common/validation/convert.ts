/** Explicit conversions of query and form values, which arrive as strings. */

const TRUE_WORDS = new Set(['true', '1']);
const FALSE_WORDS = new Set(['false', '0']);

/** `true/false/1/0` in any case (as strings or numbers) become booleans; anything else is kept. */
export function toBoolean(value: unknown): unknown {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' && (value === 0 || value === 1)) return value === 1;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  return value;
}

/** Decimal digit strings become numbers; integers pass; anything else is kept for the validator. */
export function toInteger(value: unknown): unknown {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  return value;
}

/** Decimal number strings (`41.38`, `-2`) become numbers; numbers pass; anything else is kept. */
export function toNumber(value: unknown): unknown {
  if (typeof value === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/.test(value)) {
    return Number(value);
  }
  return value;
}

/**
 * A list given as repeated `x[]=` values, a JSON array or a comma-separated string becomes an
 * array of trimmed non-empty strings; a number becomes a one-item list; anything else is kept.
 */
export function toList(value: unknown): unknown {
  if (typeof value === 'number') return [String(value)];
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : null;
  if (parts === null) return value;
  if (!parts.every((part) => typeof part === 'string' || typeof part === 'number')) return value;
  return parts.map((part) => String(part).trim()).filter((part) => part !== '');
}

/** A query or body as a record of its fields; anything that is not a plain object is empty. */
export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** A Transform for optional fields where JSON's `null` means "not given", as an absent field. */
export function notGivenIfNull({ value }: { value: unknown }): unknown {
  return value ?? undefined;
}
