import { TermResponseDto } from '../../terms/dto/term.response.dto';

/** A page of categories (TEC §2.2 key order). */
export class CategoryListResponseDto {
  rest_url!: string;
  total!: number;
  total_pages!: number;
  categories!: TermResponseDto[];
  next_rest_url?: string;
  previous_rest_url?: string;
}
