/** Countries whose `state` is the shown `stateprovince` (as TEC's `Venue::save_meta`). */
const STATE_COUNTRIES = new Set(['', 'US', 'United States']);

/**
 * `stateprovince` derived as TEC does: the state in the US (or with no country), else the
 * province. The service applies it on every venue write; the seed applies it to what it writes.
 */
export function deriveStateProvince(state: string, province: string, country: string): string {
  return state !== '' && STATE_COUNTRIES.has(country.trim()) ? state : province;
}
