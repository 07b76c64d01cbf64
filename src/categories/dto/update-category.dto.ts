import { ApiSchema } from '@nestjs/swagger';
import { IntegerParam } from '../../common/validation/decorators';
import { TermFieldsDto } from '../../terms/dto/term-fields.dto';

/** Body of a category update (POST, PUT or PATCH on the item): every field optional. */
@ApiSchema({
  name: 'UpdateCategory',
  description: 'Changes to a category: fields left out keep their values.',
})
export class UpdateCategoryDto extends TermFieldsDto {
  /** Parent category id, `0` for none; not the category itself nor one of its descendants. */
  @IntegerParam(0)
  parent?: number;
}
