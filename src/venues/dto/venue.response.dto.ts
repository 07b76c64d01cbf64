import {
  LinkedPostListTailDto,
  LinkedPostResponseDto,
} from '../../linked-posts/dto/linked-post.response.dto';

/** A venue as the API shows it (TEC §1.2 key order; empty fields left out). */
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
  geo_lat?: number;
  /** Longitude; only when both coordinates are known. */
  geo_lng?: number;
  show_map!: boolean;
  show_map_link!: boolean;
}

/** A page of venues (TEC §2.1 key order). */
export class VenueListResponseDto extends LinkedPostListTailDto {
  venues!: VenueResponseDto[];
}
