import { ApiSchema } from '@nestjs/swagger';
import { TagFieldsDto } from './tag-fields.dto';

/** Body of a tag update (POST, PUT or PATCH on the item): every field optional. */
@ApiSchema({
  name: 'UpdateTag',
  description: 'Changes to a tag: fields left out keep their values.',
})
export class UpdateTagDto extends TagFieldsDto {}
