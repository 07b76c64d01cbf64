/** How deep objects and arrays may nest in a query or body; no field of the API needs more than 3. */
export const MAX_INPUT_DEPTH = 32;

/**
 * Keys a parsed body or query may carry that reach an object's prototype machinery when copied
 * or converted (`{"constructor": …}` broke class-transformer; `__proto__` rewrites prototypes).
 * No field of the API has these names, so they are dropped.
 */
const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether `key` is one {@link safeInput} drops. */
export function isUnsafeKey(key: string): boolean {
  return UNSAFE_KEYS.has(key);
}

/** Thrown by {@link safeInput} for a value nested deeper than {@link MAX_INPUT_DEPTH}. */
export class InputTooDeepError extends Error {
  override readonly name = 'InputTooDeepError';
}

/**
 * A copy of a parsed input value made of plain objects, arrays and scalars only, without the
 * unsafe keys; throws {@link InputTooDeepError} past {@link MAX_INPUT_DEPTH} levels (so neither
 * this copy nor the validators that walk it can run out of stack).
 */
export function safeInput(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_INPUT_DEPTH) throw new InputTooDeepError('The input nests too deep');
  if (Array.isArray(value)) return value.map((item: unknown) => safeInput(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (!isUnsafeKey(key)) copy[key] = safeInput(item, depth + 1);
  }
  return copy;
}
