import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ListTailDto } from '../../common/paging/list-tail.dto';
import { LinkedPostResponseDto } from '../../linked-posts/dto/linked-post.response.dto';

/** A venue as the API shows it (key order: docs/behaviour.md#venues-and-organizers; empty fields left out). */
@ApiSchema({
  name: 'Venue',
  description: 'A venue, keys in the order of The Events Calendar; empty fields are left out.',
})
export class VenueResponseDto extends LinkedPostResponseDto {
  /** The venue's name. */
  venue?: string;
  address?: string;
  city?: string;
  country?: string;
  province?: string;
  state?: string;
  zip?: string;
  /** `state` or `province`, as the address shows it. */
  stateprovince?: string;
  /** Latitude; only when both coordinates are known. */
  @ApiPropertyOptional({ type: 'number', format: 'double', minimum: -90, maximum: 90 })
  geo_lat?: number;
  /** Longitude; only when both coordinates are known. */
  @ApiPropertyOptional({ type: 'number', format: 'double', minimum: -180, maximum: 180 })
  geo_lng?: number;
  @ApiProperty({ type: 'boolean' })
  show_map!: boolean;
  @ApiProperty({ type: 'boolean' })
  show_map_link!: boolean;
}

/** A page of venues (key order: docs/behaviour.md#lists). */
@ApiSchema({ name: 'VenueList', description: 'A page of venues.' })
export class VenueListResponseDto extends ListTailDto {
  venues!: VenueResponseDto[];
}
