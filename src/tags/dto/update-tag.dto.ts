import { TagFieldsDto } from './tag-fields.dto';

/** Body of a tag update (POST, PUT or PATCH on the item): every field optional. */
export class UpdateTagDto extends TagFieldsDto {}
