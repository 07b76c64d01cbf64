export { SLUG_MAX_LENGTH, nextSlugCandidate, slugify, transliterate } from './slug';
export { nameKey } from './name-key';
export { autoParagraph, renderRichText, sanitizeRichText, toPlainText } from './html';
export { FREE_LABEL, RANGE_SEPARATOR, describeCost, normaliseCostInput, parseAmount } from './cost';
export type { CostDescription, CostDetails, CurrencyPosition } from './cost';
