import { ApiSchema } from '@nestjs/swagger';
import { ListTailDto } from '../../common/paging/list-tail.dto';
import { TermResponseDto } from '../../terms/dto/term.response.dto';

/** A page of tags (key order: docs/behaviour.md#lists; `rest_url`, `total`, `total_pages`, `tags`, links). */
@ApiSchema({ name: 'TagList', description: 'A page of tags.' })
export class TagListResponseDto extends ListTailDto {
  tags!: TermResponseDto[];
}
