import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { LANGUAGES } from '../../common/i18n/language';
import { CATEGORY, TAG } from '../taxonomy';

const TAXONOMY = { enum: [CATEGORY, TAG] } as const;

/** A term's API links. */
@ApiSchema({ name: 'TermUrls', description: "A term's REST links." })
export class TermUrlsDto {
  @ApiProperty({ format: 'uri' })
  self!: string;
  @ApiProperty({ format: 'uri' })
  collection!: string;
  /** The parent category; only when there is one. */
  @ApiPropertyOptional({ format: 'uri' })
  up?: string;
}

/** One link of a single term's `_links`, as WordPress writes them. */
@ApiSchema({ name: 'TermLink', description: 'A link of a single term, in WordPress’s shape.' })
export class TermLinkDto {
  @ApiProperty({ format: 'uri' })
  href!: string;
  /** On `up`: the parent can be embedded, as WordPress marks it. */
  @ApiPropertyOptional({ enum: [true] })
  embeddable?: true;
}

/** WordPress's `curies` entry that names the `wp:` link relations. */
@ApiSchema({ name: 'TermCurie', description: 'The `wp:` link relations, as WordPress names them.' })
export class TermCurieDto {
  @ApiProperty({ enum: ['wp'] })
  name!: 'wp';
  @ApiProperty({ enum: ['https://api.w.org/{rel}'] })
  href!: string;
  @ApiProperty({ enum: [true] })
  templated!: true;
}

/**
 * The `_links` a single term read carries, as TEC's do, pointing to this service's routes:
 * `self`, `collection`, `up` (the parent category), `wp:post_type` (the events filed under it)
 * and `curies`. WordPress's `about` (its taxonomy route) has no counterpart here.
 */
@ApiSchema({ name: 'TermLinks', description: 'Links of a single term, in WordPress’s shape.' })
export class TermLinksDto {
  @ApiProperty({ type: [TermLinkDto] })
  self!: TermLinkDto[];
  @ApiProperty({ type: [TermLinkDto] })
  collection!: TermLinkDto[];
  @ApiPropertyOptional({ type: [TermLinkDto] })
  up?: TermLinkDto[];
  @ApiProperty({ type: [TermLinkDto], name: 'wp:post_type' })
  'wp:post_type'!: TermLinkDto[];
  @ApiProperty({ type: [TermCurieDto] })
  curies!: TermCurieDto[];
}

/** A category or tag as its own routes show it (key order: docs/behaviour.md#categories-and-tags, then the language keys). */
@ApiSchema({
  name: 'Term',
  description: 'A category or tag, keys in the order of The Events Calendar.',
})
export class TermResponseDto {
  @ApiProperty({ type: 'integer', minimum: 1 })
  id!: number;
  /** Published events linked to the term. */
  @ApiProperty({ type: 'integer', minimum: 0 })
  count!: number;
  /** In the request's language (or the original one). */
  description!: string;
  name!: string;
  slug!: string;
  /** `tribe_events_cat` (categories) or `post_tag` (tags). */
  @ApiProperty(TAXONOMY)
  taxonomy!: string;
  /** Categories only: the parent category's id, 0 for none. */
  @ApiPropertyOptional({ type: 'integer', minimum: 0 })
  parent?: number;
  /** Always empty: term meta is not supported. */
  @ApiProperty({ type: 'array', maxItems: 0, items: {} })
  meta!: never[];
  /** The term's public archive page. */
  @ApiProperty({ format: 'uri' })
  url!: string;
  urls!: TermUrlsDto;
  /** On single reads and writes, not in lists (as TEC). */
  @ApiPropertyOptional({ type: TermLinksDto })
  _links?: TermLinksDto;
  /** The language of the name shown. */
  @ApiProperty({ enum: LANGUAGES })
  i18n_language!: string;
  /** Languages the term has text in. */
  @ApiProperty({ enum: LANGUAGES, isArray: true })
  i18n_translations!: string[];
}

/** A category or tag embedded in an event (key order: docs/behaviour.md#links-on-events, then the language keys). */
@ApiSchema({
  name: 'EventTerm',
  description: 'A category or tag inside an event, in the shape The Events Calendar embeds.',
})
export class EmbeddedTermDto {
  name!: string;
  slug!: string;
  /** Always `0`. */
  @ApiProperty({ type: 'integer', enum: [0] })
  term_group!: number;
  /** The term id. */
  @ApiProperty({ type: 'integer', minimum: 1 })
  term_taxonomy_id!: number;
  @ApiProperty(TAXONOMY)
  taxonomy!: string;
  description!: string;
  /** The parent category's id, `0` for none (tags: always `0`). */
  @ApiProperty({ type: 'integer', minimum: 0 })
  parent!: number;
  /** Published events linked to the term. */
  @ApiProperty({ type: 'integer', minimum: 0 })
  count!: number;
  /** Always `raw`. */
  @ApiProperty({ enum: ['raw'] })
  filter!: string;
  @ApiProperty({ type: 'integer', minimum: 1 })
  id!: number;
  urls!: TermUrlsDto;
  /** The language of the name shown. */
  @ApiProperty({ enum: LANGUAGES })
  i18n_language!: string;
  /** Languages the term has text in. */
  @ApiProperty({ enum: LANGUAGES, isArray: true })
  i18n_translations!: string[];
}
