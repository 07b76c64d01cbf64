/**
 * Event costs the way The Events Calendar shows them: a display string (`"Free – 30$"`) plus
 * `cost_details` (currency symbol, ISO code, symbol position and the sorted numeric values).
 *
 * Costs arrive as free text written by people in several locales, so parsing is heuristic:
 * every number in every entry is a value (`"10 - 20 €"` has two), both decimal conventions are
 * understood, and the words free / gratis / gratuït count as 0.
 */

/** Where the currency stands relative to the amount; `''` when there is no currency. */
export type CurrencyPosition = 'prefix' | 'postfix' | '';

export interface CostDetails {
  currency_symbol: string;
  currency_code: string;
  currency_position: CurrencyPosition;
  /** Plain decimal strings without trailing zeros, unique, ascending (`["0", "15.5", "20"]`). */
  values: string[];
}

export interface CostDescription {
  /** Display string, e.g. `"$23"`, `"10€ – 20€"`, `"Free – 30$"`, `"Donation"`. */
  cost: string;
  details: CostDetails;
}

/** Display word for a zero cost, as The Events Calendar shows it. */
export const FREE_LABEL = 'Free';

/** Separator between the lowest and highest cost: an en dash with spaces. */
export const RANGE_SEPARATOR = ' – ';

/** A single scalar entry accepted in `cost`, or `null` when it is not one. */
function normaliseCostEntry(entry: unknown): string | null {
  if (typeof entry === 'string') {
    return entry.trim();
  }
  if (typeof entry === 'number' && Number.isFinite(entry) && entry >= 0) {
    return String(entry);
  }
  return null;
}

/**
 * Validates what a client sent as `cost` and turns it into a list of entries: a string becomes
 * one entry (trimmed; an empty string means no cost), a finite non-negative number becomes its
 * decimal string, an array of strings and numbers becomes its trimmed non-empty entries.
 *
 * @returns the entries, or `null` for anything else (objects, booleans, `null`, nested arrays,
 *   negative or non-finite numbers) so the caller can answer 400.
 */
export function normaliseCostInput(input: unknown): string[] | null {
  const items: readonly unknown[] = Array.isArray(input) ? input : [input];
  const entries: string[] = [];
  for (const item of items) {
    const entry = normaliseCostEntry(item);
    if (entry === null) {
      return null;
    }
    if (entry !== '') {
      entries.push(entry);
    }
  }
  return entries;
}

type TokenKind = 'number' | 'free' | 'symbol' | 'word' | 'space' | 'other';

/** Kinds produced directly by the {@link TOKEN} expression. */
const MATCHED_KINDS = ['number', 'symbol', 'word', 'space', 'other'] as const;

interface Token {
  kind: TokenKind;
  text: string;
}

/**
 * One token of a cost entry; the last alternative matches any character, so consecutive
 * matches cover the whole entry.
 * - number: digits with `.`/`,` separators, or a no-break space before a 3-digit group;
 * - symbol: currency signs, optionally after up to 3 capitals (`$`, `€`, `US$`, `R$`);
 * - word: every other run of letters (`USD`, `kr`, `Free`, `Donation`).
 */
const TOKEN =
  /(?<number>\d+(?:(?:[.,]|[\u00a0\u202f](?=\d{3}(?!\d)))\d+)*)|(?<symbol>\p{Lu}{0,3}\p{Sc}+)|(?<word>[\p{L}\p{M}]+)|(?<space>\s+)|(?<other>[\s\S])/gu;

/** Words meaning a zero cost: free, gratis, gratuït (also gratuit, gratuïta, gratuito…). */
const FREE_WORD = /^(?:free|gratis|gratu[iï]t[aeo]?s?)$/iu;

/** Currency symbols written with letters (compared in lower case). */
const LETTER_SYMBOLS: ReadonlySet<string> = new Set([
  'kr',
  'zł',
  'kč',
  'ft',
  'lei',
  'rs',
  'rp',
  'rm',
  'fr',
  'лв',
  'din',
]);

/** A three-letter upper-case word such as `USD` or `EUR`. */
const ISO_CODE = /^[A-Z]{3}$/;

/** Kind of one {@link TOKEN} match; letter runs meaning "free" become `free`. */
function tokenKind(match: RegExpExecArray): TokenKind {
  const groups = match.groups ?? {};
  const kind = MATCHED_KINDS.find((name) => groups[name] !== undefined) ?? 'other';
  return kind === 'word' && FREE_WORD.test(match[0].normalize('NFC')) ? 'free' : kind;
}

/** Splits a cost entry into tokens. */
function tokenize(entry: string): Token[] {
  return [...entry.matchAll(TOKEN)].map((match) => ({ kind: tokenKind(match), text: match[0] }));
}

/**
 * Splits a numeric string into integer and fraction digits. With both `.` and `,` the last one
 * is the decimal separator (`1.234,50`, `1,234.50`). With one kind only, a repeated separator
 * groups thousands (`1.234.567`), and so does a single one followed by exactly three digits
 * after a non-zero integer part of one to three digits (`1,234`, `2.500`); otherwise it is
 * the decimal separator (`15,50`, `0.500`, `1234,567`). No-break spaces always group thousands.
 */
function splitNumber(raw: string): { integer: string; fraction: string } {
  const text = raw.replace(/[\u00a0\u202f]/g, '');
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  const decimalAt = Math.max(lastDot, lastComma);
  if (decimalAt === -1) {
    return { integer: text, fraction: '' };
  }
  const integer = text.slice(0, decimalAt);
  const fraction = text.slice(decimalAt + 1);
  const onlyOneKind = lastDot === -1 || lastComma === -1;
  const separator = text.charAt(decimalAt);
  const isGrouping =
    onlyOneKind &&
    (integer.includes(separator) ||
      (fraction.length === 3 && /^\d{1,3}$/.test(integer) && !/^0+$/.test(integer)));
  if (isGrouping) {
    return { integer: text.replace(/[.,]/g, ''), fraction: '' };
  }
  return { integer: integer.replace(/[.,]/g, ''), fraction };
}

/**
 * Canonical decimal string of a numeric token: no grouping, `.` as decimal separator, no
 * leading zeros and no trailing fractional zeros (`"1.234,50"` → `"1234.5"`, `"23.00"` → `"23"`).
 */
export function parseAmount(raw: string): string {
  const { integer, fraction } = splitNumber(raw);
  const whole = integer.replace(/^0+(?=\d)/, '') || '0';
  const decimals = fraction.replace(/0+$/, '');
  return decimals === '' ? whole : `${whole}.${decimals}`;
}

/** Compares two canonical decimal strings exactly (no floating-point rounding). */
function compareAmounts(a: string, b: string): number {
  const [aWhole = '', aFraction = ''] = a.split('.');
  const [bWhole = '', bFraction = ''] = b.split('.');
  if (aWhole.length !== bWhole.length) {
    return aWhole.length - bWhole.length;
  }
  const width = Math.max(aFraction.length, bFraction.length);
  const aDigits = aWhole + aFraction.padEnd(width, '0');
  const bDigits = bWhole + bFraction.padEnd(width, '0');
  return aDigits < bDigits ? -1 : aDigits > bDigits ? 1 : 0;
}

/** Every amount in the entries (free words as `"0"`), unique and sorted ascending. */
function collectValues(tokenized: readonly Token[][]): string[] {
  const values = new Set<string>();
  for (const token of tokenized.flat()) {
    if (token.kind === 'number') {
      values.add(parseAmount(token.text));
    } else if (token.kind === 'free') {
      values.add('0');
    }
  }
  return [...values].sort(compareAmounts);
}

/** The nearest token before (`step` -1) or after (`step` 1) `index` that is not a space. */
function neighbour(tokens: readonly Token[], index: number, step: 1 | -1): Token | undefined {
  let at = index + step;
  while (tokens[at]?.kind === 'space') {
    at += step;
  }
  return tokens[at];
}

/**
 * Position of a currency token: `prefix` when a number follows it (spaces apart), `postfix`
 * when a number precedes it; otherwise (currency signs only) by whether any number comes
 * earlier in the entry. `''` when the token is not a currency next to an amount.
 */
function currencyPosition(
  tokens: readonly Token[],
  index: number,
  isSign: boolean,
): CurrencyPosition {
  if (neighbour(tokens, index, 1)?.kind === 'number') {
    return 'prefix';
  }
  if (neighbour(tokens, index, -1)?.kind === 'number') {
    return 'postfix';
  }
  if (!isSign || !tokens.some((token) => token.kind === 'number')) {
    return '';
  }
  const before = tokens.slice(0, index).some((token) => token.kind === 'number');
  return before ? 'postfix' : 'prefix';
}

interface Currency {
  symbol: string;
  code: string;
  position: CurrencyPosition;
}

/**
 * The first currency symbol and the first ISO code found in the entries. Symbols are currency
 * signs (`$`, `€`, `US$`) anywhere in an entry with an amount, or letter symbols (`kr`, `zł`)
 * next to an amount; codes are three capitals next to an amount (`USD 15`). The position is
 * the symbol's, or the code's when there is no symbol.
 */
function detectCurrency(tokenized: readonly Token[][]): Currency {
  let symbol: Currency | undefined;
  let code: Currency | undefined;
  for (const tokens of tokenized) {
    for (const [index, token] of tokens.entries()) {
      const isSign = token.kind === 'symbol';
      const isLetterSymbol = token.kind === 'word' && LETTER_SYMBOLS.has(token.text.toLowerCase());
      const isCode = token.kind === 'word' && ISO_CODE.test(token.text);
      if (!isSign && !isLetterSymbol && !isCode) {
        continue;
      }
      const position = currencyPosition(tokens, index, isSign);
      if (position === '') {
        continue;
      }
      if ((isSign || isLetterSymbol) && symbol === undefined) {
        symbol = { symbol: token.text, code: '', position };
      } else if (isCode && code === undefined) {
        code = { symbol: '', code: token.text, position };
      }
    }
  }
  return {
    symbol: symbol?.symbol ?? '',
    code: code?.code ?? '',
    position: symbol?.position ?? code?.position ?? '',
  };
}

/**
 * An amount with its currency where it was written. Signs touch the amount (`$23`, `20$`,
 * `US$5`); units made only of letters, ISO codes included, are one space apart (`USD 15`,
 * `100 kr`). The symbol wins over the code when both were found.
 */
function formatAmount(value: string, currency: Currency): string {
  const unit = currency.symbol !== '' ? currency.symbol : currency.code;
  const gap = /^\p{L}+$/u.test(unit) ? ' ' : '';
  switch (currency.position) {
    case 'prefix':
      return `${unit}${gap}${value}`;
    case 'postfix':
      return `${value}${gap}${unit}`;
    case '':
      return value;
  }
}

/** Display string for sorted values: `Free`, `$23`, `Free – 30$` or `10€ – 20€`. */
function formatCost(values: readonly string[], currency: Currency): string {
  const format = (value: string): string =>
    value === '0' ? FREE_LABEL : formatAmount(value, currency);
  const lowest = values[0];
  const highest = values[values.length - 1];
  if (lowest === undefined || highest === undefined) {
    return '';
  }
  return lowest === highest
    ? format(lowest)
    : `${format(lowest)}${RANGE_SEPARATOR}${format(highest)}`;
}

/**
 * Describes cost entries the way The Events Calendar does (`cost` and `cost_details`).
 *
 * @example describeCost(['0$', '20$', '30$'])
 *   // { cost: 'Free – 30$', details: { currency_symbol: '$', currency_code: '',
 *   //   currency_position: 'postfix', values: ['0', '20', '30'] } }
 * @example describeCost(['Donation']) // cost 'Donation', no values, no currency
 */
export function describeCost(entries: readonly string[]): CostDescription {
  const tokenized = entries.map(tokenize);
  const values = collectValues(tokenized);
  const currency = detectCurrency(tokenized);
  const cost = values.length === 0 ? entries.join(', ') : formatCost(values, currency);
  return {
    cost,
    details: {
      currency_symbol: currency.symbol,
      currency_code: currency.code,
      currency_position: currency.position,
      values,
    },
  };
}
