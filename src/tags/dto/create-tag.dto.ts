import { requireParams } from '../../common/validation/validate-input';
import { TagFieldsDto } from './tag-fields.dto';

/** Body of `POST /tags`: `name` is required. */
export class CreateTagDto extends TagFieldsDto {}

requireParams(CreateTagDto, ['name']);
