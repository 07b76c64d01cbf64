export { SLUG_MAX_LENGTH, nextSlugCandidate, slugify, transliterate } from './slug';
export { nameKey } from './name-key';
export { autoParagraph, renderRichText, sanitizeRichText, toPlainText } from './html';
export {
  FREE_LABEL,
  RANGE_SEPARATOR,
  TEC_SITE_CURRENCY,
  costCurrency,
  describeCost,
  normaliseCostInput,
} from './cost';
export type {
  CostCurrency,
  CostDescription,
  CostDetails,
  CurrencyPosition,
  SiteCurrency,
} from './cost';
