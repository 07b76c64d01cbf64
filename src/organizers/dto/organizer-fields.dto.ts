import { LinkedPostFieldsDto } from '../../linked-posts/dto/linked-post-fields.dto';
import { NameParam, ShortTextParam } from '../../linked-posts/dto/linked-post-params';

/** The writable fields of an organizer (docs/behaviour.md#venues-and-organizers); on update every one is optional. */
export class OrganizerFieldsDto extends LinkedPostFieldsDto {
  /** Organizer name (plain text, at most 255 characters). */
  @NameParam()
  organizer?: string;

  /** Email address, any text (TEC does not check it); `""` clears it. */
  @ShortTextParam()
  email?: string | null;
}
