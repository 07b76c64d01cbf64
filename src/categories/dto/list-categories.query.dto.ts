import { IntegerParam } from '../../common/validation/decorators';
import { ListTermsQueryDto } from '../../terms/dto/list-terms.query.dto';

/** Query of `GET /categories`: the term filters plus `parent`. */
export class ListCategoriesQueryDto extends ListTermsQueryDto {
  /** Only direct children of this category; `0` for top-level categories. */
  @IntegerParam(0)
  parent?: number;
}
