import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** What every list body carries besides its items: its links and totals (TEC §2). */
export class ListTailDto {
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
