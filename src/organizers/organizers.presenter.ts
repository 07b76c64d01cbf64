import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { AppConfig } from '../config/app-config';
import { LinkedPostsPresenter } from '../linked-posts/linked-posts.presenter';
import { OrganizerListResponseDto, OrganizerResponseDto } from './dto/organizer.response.dto';
import { toOrganizerListResponse, toOrganizerResponse } from './organizers.mapper';
import { OrganizerView } from './organizers.service';

/** Organizers and organizer lists on the wire. */
@Injectable()
export class OrganizersPresenter extends LinkedPostsPresenter<
  OrganizerView,
  OrganizerResponseDto,
  OrganizerListResponseDto
> {
  constructor(config: AppConfig, clock: Clock) {
    super(config, clock, {
      collection: 'organizers',
      toResponse: toOrganizerResponse,
      toList: toOrganizerListResponse,
    });
  }
}
