import { ApiSchema } from '@nestjs/swagger';
import { requireParams } from '../../common/validation/validate-input';
import { TagFieldsDto } from './tag-fields.dto';

/** Body of `POST /tags`: `name` is required. */
@ApiSchema({ name: 'CreateTag', description: 'A tag to create.' })
export class CreateTagDto extends TagFieldsDto {}

requireParams(CreateTagDto, ['name']);
