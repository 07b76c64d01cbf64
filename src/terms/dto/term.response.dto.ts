/** A term's API links. */
export class TermUrlsDto {
  self!: string;
  collection!: string;
  /** The parent category; only when there is one. */
  up?: string;
}

/** A category or tag as its own routes show it (TEC §1.5a key order, then the language keys). */
export class TermResponseDto {
  id!: number;
  /** Published events linked to the term. */
  count!: number;
  description!: string;
  name!: string;
  slug!: string;
  /** `tribe_events_cat` or `post_tag`. */
  taxonomy!: string;
  /** Categories only: the parent category's id, 0 for none. */
  parent?: number;
  meta!: unknown[];
  /** The term's public archive page. */
  url!: string;
  urls!: TermUrlsDto;
  i18n_language!: string;
  i18n_translations!: string[];
}

/** A category or tag embedded in an event (TEC §1.5b key order, then the language keys). */
export class EmbeddedTermDto {
  name!: string;
  slug!: string;
  term_group!: number;
  term_taxonomy_id!: number;
  taxonomy!: string;
  description!: string;
  parent!: number;
  count!: number;
  filter!: string;
  id!: number;
  urls!: TermUrlsDto;
  i18n_language!: string;
  i18n_translations!: string[];
}
