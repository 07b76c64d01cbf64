import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ListTailDto } from '../../common/paging/list-tail.dto';
import { LinkedPostResponseDto } from '../../linked-posts/dto/linked-post.response.dto';

/** An organizer as the API shows it (key order: docs/behaviour.md#venues-and-organizers; empty fields left out). */
@ApiSchema({
  name: 'Organizer',
  description: 'An organizer, keys in the order of The Events Calendar; empty fields are left out.',
})
export class OrganizerResponseDto extends LinkedPostResponseDto {
  /** The organizer's name. */
  organizer?: string;
  /** The email address as given. */
  @ApiPropertyOptional({ type: 'string' })
  email?: string;
}

/** A page of organizers (key order: docs/behaviour.md#lists). */
@ApiSchema({ name: 'OrganizerList', description: 'A page of organizers.' })
export class OrganizerListResponseDto extends ListTailDto {
  organizers!: OrganizerResponseDto[];
}
