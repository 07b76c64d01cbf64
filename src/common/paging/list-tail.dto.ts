import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** An item a sync answer no longer lists: trashed, deleted, or out of the caller's sight. */
export class TombstoneDto {
  @ApiProperty({ type: 'integer', minimum: 1 })
  id!: number;
  /** Always `trash`: drop the item. */
  @ApiProperty({ enum: ['trash'] })
  status!: 'trash';
  /** When the change that removed it happened (UTC, `YYYY-MM-DD HH:MM:SS`). */
  @ApiProperty({ example: '2027-03-01 10:00:00' })
  modified_utc!: string;
}

/** A page's links and totals, which every paged body carries. */
export class PageTailDto {
  /** This page. */
  @ApiProperty({ format: 'uri' })
  rest_url!: string;
  /** The next page; only when there is one. */
  @ApiPropertyOptional({ format: 'uri' })
  next_rest_url?: string;
  /** The previous page; only when there is one. */
  @ApiPropertyOptional({ format: 'uri' })
  previous_rest_url?: string;
  /** Items matching the filters (also in `X-TEC-Total`). */
  @ApiProperty({ type: 'integer', minimum: 0 })
  total!: number;
  /** Pages of that size (also in `X-TEC-TotalPages`). */
  @ApiProperty({ type: 'integer', minimum: 0 })
  total_pages!: number;
}

/**
 * What every list body of the five collections carries besides its items: its links and totals,
 * and its sync token (docs/behaviour.md#lists).
 */
export class ListTailDto extends PageTailDto {
  /**
   * Sync answers only (`sync_token`): the items changed since the token that the caller's list
   * no longer holds (docs/behaviour.md#sync).
   */
  @ApiPropertyOptional({ type: [TombstoneDto] })
  removed?: TombstoneDto[];
  /**
   * Send it back as `sync_token` to get what changed after this answer (also in `X-Sync-Token`).
   */
  @ApiProperty({ required: true, example: 'czEuM2E5ZjAxYzQ1ZDZlN2I4OC5ldmVudC4xMjA' })
  next_sync_token?: string;
}
