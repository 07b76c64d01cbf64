import {
  LinkedPostListTailDto,
  LinkedPostResponseDto,
} from '../../linked-posts/dto/linked-post.response.dto';

/** An organizer as the API shows it (TEC §1.3 key order; empty fields left out). */
export class OrganizerResponseDto extends LinkedPostResponseDto {
  /** The organizer's name. */
  organizer?: string;
  email?: string;
}

/** A page of organizers (TEC §2.1 key order). */
export class OrganizerListResponseDto extends LinkedPostListTailDto {
  organizers!: OrganizerResponseDto[];
}
