import { ApiSchema } from '@nestjs/swagger';
import { ListTailDto } from '../../common/paging/list-tail.dto';
import { TermResponseDto } from '../../terms/dto/term.response.dto';

/** A page of categories (key order: docs/behaviour.md#lists; `rest_url`, `total`, `total_pages`, `categories`, links). */
@ApiSchema({ name: 'CategoryList', description: 'A page of categories.' })
export class CategoryListResponseDto extends ListTailDto {
  categories!: TermResponseDto[];
}
