import { TermResponseDto } from '../../terms/dto/term.response.dto';

/** A page of tags (TEC §2.2 key order). */
export class TagListResponseDto {
  rest_url!: string;
  total!: number;
  total_pages!: number;
  tags!: TermResponseDto[];
  next_rest_url?: string;
  previous_rest_url?: string;
}
