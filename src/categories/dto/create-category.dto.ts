import { ApiSchema } from '@nestjs/swagger';
import { IntegerParam } from '../../common/validation/decorators';
import { requireParams } from '../../common/validation/validate-input';
import { TermFieldsDto } from '../../terms/dto/term-fields.dto';

/** Body of `POST /categories`: `name` is required. */
@ApiSchema({ name: 'CreateCategory', description: 'A category to create.' })
export class CreateCategoryDto extends TermFieldsDto {
  /** Parent category id; `0` for a top-level category. */
  @IntegerParam(0)
  parent?: number;
}

requireParams(CreateCategoryDto, ['name']);
