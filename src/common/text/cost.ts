import {
  compareKeys,
  isNumeric,
  looselyEqual,
  numberFormatDigits,
  phpTrim,
  toDouble,
} from './php-values';
import { slugify } from './slug';

/**
 * Event costs read exactly as The Events Calendar reads them (tribe-common's
 * `Tribe__Cost_Utils`, TEC's `Tribe__Events__Cost_Utils::get_formatted_event_cost` and its REST
 * API's `get_cost_values`), so a cost written here shows as it would on a TEC site: the same
 * `cost` string and `cost_details` (docs/behaviour.md#events).
 *
 * In short: every run of digits with a `,` or `.` inside or before it is an amount, kept as
 * written (`12.50`, `1,000`); an entry without digits is a word (`Free`, `Pay what you can`).
 * `cost` is the lowest and highest amount joined by ` – `, `0` shown as `Free`, each amount with
 * the event's currency symbol where the cost had one and the site's otherwise; a cost with no
 * amount shows its word. `cost_details.values` lists every amount and every word as a slug,
 * in numeric order (words count as 0). TEC's own quirks come along on purpose, e.g. a `1,000`
 * among other amounts drops out of the lowest and highest.
 */

/** Where the currency stands relative to the amount; `''` when the cost names none. */
export type CurrencyPosition = 'prefix' | 'postfix' | '';

export interface CostDetails {
  currency_symbol: string;
  currency_code: string;
  currency_position: CurrencyPosition;
  /** Amounts as written (`"12.50"`), words as slugs (`"free"`), in numeric order. */
  values: string[];
}

export interface CostDescription {
  /** Display string, e.g. `"$23"`, `"10€ – 20€"`, `"Free – 30$"`, `"Donation"`. */
  cost: string;
  details: CostDetails;
}

/**
 * The site's currency for costs that name none (TEC's settings `defaultCurrencySymbol` and
 * `reverseCurrencyPosition`: `$` before the amount unless changed).
 */
export interface SiteCurrency {
  readonly symbol: string;
  readonly position: 'prefix' | 'postfix';
}

/** TEC's defaults: `$`, before the amount. */
export const TEC_SITE_CURRENCY: SiteCurrency = { symbol: '$', position: 'prefix' };

/** Display word for a zero cost, as TEC shows it. */
export const FREE_LABEL = 'Free';

/** Separator between the lowest and highest cost: an en dash with spaces. */
export const RANGE_SEPARATOR = ' – ';

/**
 * The separators of the locale TEC reads a cost's values in (WordPress's `$wp_locale`,
 * `en_US` on the sites this service replaces): `.` before decimals, `,` between thousands.
 */
const LOCALE_DECIMAL = '.';
const LOCALE_THOUSANDS = ',';

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

/** One amount of a cost: digits with an optional `,`/`.` before and inside (TEC's cost regex). */
const AMOUNT = /[,.]?(\d+)[,.]?(\d*)/g;

/**
 * Ordered costs keyed as TEC keys them (PHP array keys as strings: an amount's digits scaled to
 * the most decimals seen, a word's slug); a later equal key replaces the value in place.
 */
type KeyedCosts = Map<string, string>;

/**
 * TEC's `parse_cost_range`: the amounts of every entry (an entry without any, whole), keyed by
 * their value with as many decimals as the most precise amount has, sorted by key unless
 * `sort` is false.
 */
function parseCostRange(costs: readonly string[], sort = true): KeyedCosts {
  let decimals = 0;
  const parts: string[] = [];
  for (const cost of costs) {
    const amounts = [...cost.matchAll(AMOUNT)];
    if (amounts.length === 0) {
      parts.push(cost);
      continue;
    }
    for (const amount of amounts) {
      parts.push(amount[0]);
      decimals = Math.max(decimals, (amount[2] ?? '').length);
    }
  }
  const keyed: KeyedCosts = new Map();
  for (const part of parts) {
    const numeric = part.replace(/[,.]/g, '.');
    keyed.set(isNumeric(numeric) ? numberFormatDigits(numeric, decimals) : slugify(numeric), part);
  }
  return sort ? new Map([...keyed].sort(([a], [b]) => compareKeys(a, b))) : keyed;
}

/** TEC's `get_event_costs`: each entry parsed alone, a key seen in an earlier entry kept. */
function eventCosts(entries: readonly string[]): KeyedCosts {
  const costs: KeyedCosts = new Map();
  for (const entry of entries.filter((value) => value !== '')) {
    for (const [key, value] of parseCostRange([entry])) {
      if (!costs.has(key)) costs.set(key, value);
    }
  }
  return costs;
}

/**
 * TEC's `get_cost_by_func`: the costs parsed again together; a single word stands as it is;
 * otherwise the amount (as written) of the lowest or highest key among the values PHP deems
 * numeric, `'0'` when none is.
 */
function costAt(costs: KeyedCosts, end: 'min' | 'max'): string {
  const parsed = [...parseCostRange([...costs.values()])];
  const only = parsed.length === 1 ? parsed[0] : undefined;
  if (only && !isNumeric(only[1])) {
    return only[1];
  }
  const numeric = parsed.filter(([, value]) => isNumeric(value));
  const pick = numeric.reduce<[string, string] | undefined>((best, entry) => {
    if (best === undefined) return entry;
    const order = compareKeys(entry[0], best[0]);
    return (end === 'min' ? order < 0 : order > 0) ? entry : best;
  }, undefined);
  const cost = pick?.[1] ?? '';
  return cost === '' ? '0' : cost;
}

/** TEC's `maybe_replace_cost_with_free`: an amount that rounds to 0.00 is `Free`. */
function freeIfZero(cost: string): string {
  const amount = cost.replace(/[.,]/g, '.');
  return isNumeric(amount) && /^0+$/.test(numberFormatDigits(amount, 2)) ? FREE_LABEL : cost;
}

/** The currency an event's cost names (TEC keeps it beside the cost as it is written). */
export interface CostCurrency {
  readonly symbol: string;
  readonly position: CurrencyPosition;
}

/**
 * TEC's `maybe_format_with_currency`: an amount gets the event's symbol (the site's when the
 * cost named none) where the cost had it (the site's position when it had none).
 */
function withCurrency(cost: string, currency: CostCurrency, site: SiteCurrency): string {
  if (!isNumeric(cost.replace(/[,.]/g, ''))) {
    return cost;
  }
  const symbol = currency.symbol === '' || currency.symbol === '0' ? site.symbol : currency.symbol;
  const position = currency.position === '' ? site.position : currency.position;
  return position === 'prefix' ? `${symbol}${cost}` : `${cost}${symbol}`;
}

/**
 * TEC's `parse_separators`: two kinds of separator, the last is the decimal one; one kind
 * followed by other than three digits is the decimal one; otherwise the locale's.
 */
function separatorsOf(value: string): { decimal: string; thousands: string } {
  const found = value.match(/[.,]+/g) ?? [];
  const last = found[found.length - 1];
  if (last === undefined) {
    return { decimal: LOCALE_DECIMAL, thousands: LOCALE_THOUSANDS };
  }
  if (new Set(found).size > 1) {
    return { decimal: last, thousands: found[0] ?? last };
  }
  const fragments = value.split(last);
  if ((fragments[fragments.length - 1] ?? '').length !== 3) {
    return {
      decimal: last,
      thousands: last === LOCALE_DECIMAL ? LOCALE_THOUSANDS : LOCALE_DECIMAL,
    };
  }
  return { decimal: LOCALE_DECIMAL, thousands: LOCALE_THOUSANDS };
}

/**
 * TEC's REST `get_cost_values`: each cost with its thousands separator dropped and its decimal
 * one made `.` when that leaves a number, else its key; in numeric order (words are 0).
 */
function costValues(costs: KeyedCosts): string[] {
  const values = [...costs].map(([key, value]) => {
    const { decimal, thousands } = separatorsOf(value);
    const plain = value.split(thousands).join('').split(decimal).join('.');
    return isNumeric(plain) ? plain : key;
  });
  return values
    .map((value, at) => ({ value, at, number: toDouble(value) }))
    .sort((a, b) => a.number - b.number || a.at - b.at)
    .map(({ value }) => value);
}

/** A comma with the ASCII white space around it (PHP's `\s*,\s*`, which leaves NBSP alone). */
const COMMA_LIST = /[ \t\n\v\f\r]*,[ \t\n\v\f\r]*/;

/**
 * The currency symbol and position a cost names, as TEC works them out when the cost is
 * written (`parse_currency_symbol`, `parse_currency_position`): what is left of each entry
 * around its amount, when every entry with an amount leaves the same; before or after, when
 * every entry holding it agrees. A cost sent as one string is split at its commas first (TEC
 * gets the string); here that is a cost of one entry.
 */
export function costCurrency(entries: readonly string[]): CostCurrency {
  const none: CostCurrency = { symbol: '', position: '' };
  const [single] = entries;
  const originals =
    entries.length === 1 && single !== undefined ? single.split(COMMA_LIST) : entries;
  const symbols: string[] = [];
  let at = 0;
  for (const [key, value] of parseCostRange(originals, false)) {
    if (isNumeric(key)) {
      const original = originals[at] ?? '';
      symbols.push(phpTrim(value === '' ? original : original.split(value).join('')));
      if (symbols[symbols.length - 1] !== symbols[0]) return none;
    }
    at += 1;
  }
  const symbol = symbols[0] ?? '';
  if (symbol === '' || symbol === '0') {
    return none;
  }
  let position: CurrencyPosition = '';
  for (const original of originals) {
    const found = phpTrim(original).indexOf(symbol);
    if (found === -1) continue;
    const here = found === 0 ? 'prefix' : 'postfix';
    if (position !== '' && position !== here) return { symbol, position: '' };
    position = here;
  }
  return { symbol, position };
}

/**
 * Describes cost entries the way TEC does (`cost` and `cost_details`); `site` is the currency
 * shown where the cost names none.
 *
 * @example describeCost(['0$', '20$', '30$'], TEC_SITE_CURRENCY)
 *   // { cost: 'Free – 30$', details: { currency_symbol: '$', currency_code: '',
 *   //   currency_position: 'postfix', values: ['0', '20', '30'] } }
 * @example describeCost(['1,000 kr'], TEC_SITE_CURRENCY) // cost '$1,000', values ['1000']
 */
export function describeCost(entries: readonly string[], site: SiteCurrency): CostDescription {
  const currency = costCurrency(entries);
  const details = {
    currency_symbol: currency.symbol,
    currency_code: '',
    currency_position: currency.position,
  };
  const costs = eventCosts(entries);
  if (costs.size === 0) {
    return { cost: '', details: { ...details, values: [] } };
  }
  const [lowest, highest] = (['min', 'max'] as const).map((end) =>
    withCurrency(freeIfZero(costAt(costs, end)), currency, site),
  );
  const cost =
    lowest === undefined || highest === undefined || looselyEqual(lowest, highest)
      ? (lowest ?? '')
      : `${lowest}${RANGE_SEPARATOR}${highest}`;
  return { cost, details: { ...details, values: costValues(costs) } };
}
