/** Longest key stored; names are at most 255 characters, folding can lengthen a few. */
const KEY_MAX_LENGTH = 255;

/**
 * A name folded for comparison: Unicode-normalised, lower case, inner spaces collapsed. Two names
 * with the same key count as the same name (`"A venue"` and `"a  VENUE"`), on every database,
 * because the comparison is on this stored value rather than on a collation.
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLocaleLowerCase('und')
    .trim()
    .replace(/\s+/gu, ' ')
    .slice(0, KEY_MAX_LENGTH);
}
