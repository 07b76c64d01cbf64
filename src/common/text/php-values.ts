/**
 * The few PHP value rules that The Events Calendar's cost code leans on, so that this service
 * reads a cost exactly as TEC does (cost.ts): which strings are numeric, how a string becomes a
 * number, how array keys are stored and compared, and `number_format`'s rounding.
 */

/** PHP's whitespace, as `is_numeric` allows it around a number and `trim` removes it. */
const PHP_SPACE = '[ \\t\\n\\r\\v\\f]';

const NUMERIC = new RegExp(
  `^${PHP_SPACE}*[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?${PHP_SPACE}*$`,
);

const LEADING_NUMBER = new RegExp(
  `^${PHP_SPACE}*[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?`,
);

/** PHP 8's `is_numeric` for a string (`"12.50"`, `".5"`, `"5."`, `" 1e3"`; not `"1,000"`). */
export function isNumeric(text: string): boolean {
  return NUMERIC.test(text);
}

/**
 * A string as PHP 8 turns it into a float: its leading number, 0 when it has none (`"1-2-3"`
 * is 1, `"free"` is 0). `sort($values, SORT_NUMERIC)` compares by this.
 */
export function toDouble(text: string): number {
  const match = LEADING_NUMBER.exec(text);
  return match ? Number.parseFloat(match[0].trim()) : 0;
}

/** PHP's `trim` with its default characters (space, tab, newlines, NUL, vertical tab). */
export function phpTrim(text: string): string {
  return text.replace(/^[ \t\n\r\0\v]+|[ \t\n\r\0\v]+$/g, '');
}

/**
 * How PHP 8 orders two array keys (`ksort`, `min(array_keys(…))`): integers and numeric
 * strings by value, anything else as strings byte by byte. A key PHP stores as an integer (a
 * canonical decimal integer string) is numeric too, so `isNumeric` covers both.
 */
export function compareKeys(a: string, b: string): number {
  if (isNumeric(a) && isNumeric(b)) {
    return Math.sign(toDouble(a) - toDouble(b));
  }
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** PHP 8's `==` between two strings: as numbers when both are numeric, else exactly. */
export function looselyEqual(a: string, b: string): boolean {
  return isNumeric(a) && isNumeric(b) ? toDouble(a) === toDouble(b) : a === b;
}

/**
 * The digits of `number_format($number, $decimals)` without its separators: `number` (a numeric
 * string of digits and at most one `.`) rounded half up to `decimals` places, its integer part
 * at least `0` (`("1.000", 3)` → `"1000"`, `(".50", 2)` → `"050"`, (`"0.5"`, 0) → `"1"`).
 * Rounds the decimal digits exactly; PHP rounds the float with a correction that gives the same
 * result for amounts of up to 15 significant digits.
 */
export function numberFormatDigits(number: string, decimals: number): string {
  const [wholeText = '', fractionText = ''] = number.trim().split('.');
  const digits = `${wholeText}${fractionText.padEnd(decimals + 1, '0').slice(0, decimals + 1)}`;
  const kept = digits.slice(0, -1).replace(/^0+/, '');
  const roundUp = Number(digits.slice(-1)) >= 5;
  const rounded = roundUp ? incrementDigits(kept === '' ? '0' : kept) : kept;
  return rounded.padStart(decimals + 1, '0');
}

/** A string of decimal digits plus one. */
function incrementDigits(digits: string): string {
  const chars = [...digits];
  for (let at = chars.length - 1; at >= 0; at -= 1) {
    if (chars[at] !== '9') {
      chars[at] = String(Number(chars[at]) + 1);
      return chars.join('');
    }
    chars[at] = '0';
  }
  return `1${chars.join('')}`;
}
