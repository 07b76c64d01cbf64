import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { AppConfig } from '../config/app-config';
import { LinkedPostsPresenter } from '../linked-posts/linked-posts.presenter';
import { VenueListResponseDto, VenueResponseDto } from './dto/venue.response.dto';
import { toVenueListResponse, toVenueResponse } from './venues.mapper';
import { VenueView } from './venues.service';

/** Venues and venue lists on the wire. */
@Injectable()
export class VenuesPresenter extends LinkedPostsPresenter<
  VenueView,
  VenueResponseDto,
  VenueListResponseDto
> {
  constructor(config: AppConfig, clock: Clock) {
    super(config, clock, {
      collection: 'venues',
      toResponse: toVenueResponse,
      toList: toVenueListResponse,
    });
  }
}
