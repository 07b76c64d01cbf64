import { ApiHideProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { TermFieldsDto } from '../../terms/dto/term-fields.dto';

/** The writable fields of a tag; `parent` is accepted only to be refused (tags are flat). */
export class TagFieldsDto extends TermFieldsDto {
  /** Not allowed: every value is 400 `rest_taxonomy_not_hierarchical`; not in the document. */
  @ApiHideProperty()
  @Allow()
  parent?: unknown;
}
