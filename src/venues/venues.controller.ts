import type { Request } from 'express';
import { cacheHints } from '../read-cache/cache-hints';
import { LINKED_ITEM } from '../read-cache/read-cache.store';
import { requireSyncAlone } from '../changes/sync';
import { ListQueryReader } from '../common/paging/list-query';
import { filtersByEvents, readLinkedPostList } from '../linked-posts/linked-post-list-query';
import { CreateSlugRule } from '../posts/slug-rule.decorator';
import { SlugRule } from '../posts/unique-slug';
import { ApiRead, ApiWrite } from '../common/openapi/route-docs';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import type { Response } from 'express';
import { checkIfMatch, entityTag, IfMatch } from '../common/http/preconditions';
import { ApiTags } from '@nestjs/swagger';
import { CurrentViewer } from '../access/current-viewer.decorator';
import { RequiresPermission } from '../access/permission.decorator';
import { Viewer } from '../access/viewer';
import { Lang } from '../common/i18n/lang.decorator';
import { Language } from '../common/i18n/language';
import { Links } from '../common/links/links.decorator';
import { ApiLinks, NAMESPACE } from '../common/links/links';
import { RouteIdPipe } from '../common/validation/route-id.pipe';
import { CreateVenueDto } from './dto/create-venue.dto';
import { ListVenuesQueryDto } from './dto/list-venues.query.dto';
import { UpdateVenueDto } from './dto/update-venue.dto';
import { VenueListResponseDto, VenueResponseDto } from './dto/venue.response.dto';
import { VenueQueryDto } from './dto/venue-query.dto';
import { VenuesPresenter } from './venues.presenter';
import { VenuesService } from './venues.service';

/** The venues routes: list, create, and read/update/delete by id or slug. */
@ApiTags('venues')
@Controller(`${NAMESPACE}/venues`)
export class VenuesController {
  constructor(
    private readonly venues: VenuesService,
    private readonly presenter: VenuesPresenter,
    private readonly lists: ListQueryReader,
  ) {}

  /** List venues, newest first, with optional search and event filters. */
  @Get()
  @ApiRead({
    description: 'A page of venues, newest first.',
    type: VenueListResponseDto,
    list: true,
    errors: ['venuePageNotFound'],
  })
  async list(
    @Query() dto: ListVenuesQueryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @Req() request: Request,
  ): Promise<VenueListResponseDto> {
    const query = readLinkedPostList(this.lists, dto);
    if (dto.sync_token === undefined && !filtersByEvents(query)) {
      cacheHints(request).dependsOn = [LINKED_ITEM];
    }
    if (dto.sync_token !== undefined) {
      requireSyncAlone(dto);
      const changes = await this.venues.sync(dto.sync_token, query.paging.perPage, viewer);
      return this.presenter.sync(changes, query.paging.perPage, language, links);
    }
    const page = await this.venues.list(query, language, viewer);
    return this.presenter.page(page, query, language, links);
  }

  /** Create a venue, or reuse the one with the same name (and description, if given). */
  @Post()
  @RequiresPermission('venue:create')
  @ApiWrite({
    status: 201,
    bodyExample: {
      venue: 'Palau de la Música',
      address: 'C/ Palau de la Música 4-6',
      city: 'Barcelona',
      country: 'Spain',
      zip: '08003',
      geo_lat: 41.3875,
      geo_lng: 2.1753,
    },
    ifNoneMatch: true,
    description: 'The venue created, or the existing one with the same name.',
    type: VenueResponseDto,
    body: CreateVenueDto,
    errors: ['missingParams'],
  })
  async create(
    @Query() _query: VenueQueryDto,
    @Body() body: CreateVenueDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @CreateSlugRule() slugRule: SlugRule,
  ): Promise<VenueResponseDto> {
    return this.presenter.one(
      await this.venues.create(body, language, viewer, slugRule),
      language,
      links,
    );
  }

  /** Read a venue by slug. */
  @Get('by-slug/:slug')
  @ApiRead({
    by: 'slug',
    description: 'The venue, with `json_ld`.',
    type: VenueResponseDto,
    errors: ['venueNotAccessible'],
  })
  async getBySlug(
    @Param('slug') slug: string,
    @Query() _query: VenueQueryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @Req() request: Request,
  ): Promise<VenueResponseDto> {
    cacheHints(request).dependsOn = [LINKED_ITEM];
    return this.presenter.one(await this.venues.getBySlug(slug, viewer), language, links, true);
  }

  /** Update a venue by slug (PUT and PATCH reach this route too). */
  @Post('by-slug/:slug')
  @HttpCode(200)
  @RequiresPermission('venue:edit')
  @ApiWrite({
    by: 'slug',
    ifMatch: true,
    status: 200,
    description: 'The venue updated.',
    type: VenueResponseDto,
    body: UpdateVenueDto,
    bodyExample: { phone: '+34 932 957 200', website: 'https://www.palaumusica.cat' },
  })
  async updateBySlug(
    @Param('slug') slug: string,
    @Query() _query: VenueQueryDto,
    @Body() body: UpdateVenueDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @IfMatch() ifMatch: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<VenueResponseDto> {
    await checkIfMatch(ifMatch, async () =>
      this.presenter.one(await this.venues.getBySlug(slug, viewer), language, links, true),
    );
    const venue = await this.venues.updateBySlug(slug, body, language, viewer);
    response.setHeader('ETag', entityTag(this.presenter.one(venue, language, links, true)));
    return this.presenter.one(venue, language, links);
  }

  /** Move a venue to the trash, by slug. */
  @Delete('by-slug/:slug')
  @RequiresPermission('venue:delete')
  @ApiWrite({
    by: 'slug',
    ifMatch: true,
    status: 200,
    description: 'The venue, now in the trash.',
    type: VenueResponseDto,
    errors: ['venueAlreadyTrashed'],
  })
  async deleteBySlug(
    @Param('slug') slug: string,
    @Query() _query: VenueQueryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<VenueResponseDto> {
    await checkIfMatch(ifMatch, async () =>
      this.presenter.one(await this.venues.getBySlug(slug, viewer), language, links, true),
    );
    return this.presenter.one(await this.venues.trashBySlug(slug, viewer), language, links);
  }

  /** Read a venue. */
  @Get(':id')
  @ApiRead({
    by: 'id',
    description: 'The venue, with `json_ld`.',
    type: VenueResponseDto,
    errors: ['venueNotAccessible'],
  })
  async get(
    @Param('id', RouteIdPipe) id: number,
    @Query() _query: VenueQueryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @Req() request: Request,
  ): Promise<VenueResponseDto> {
    cacheHints(request).dependsOn = [LINKED_ITEM];
    return this.presenter.one(await this.venues.getById(id, viewer), language, links, true);
  }

  /** Update a venue (PUT and PATCH reach this route too). Fields left out keep their values. */
  @Post(':id')
  @HttpCode(200)
  @RequiresPermission('venue:edit')
  @ApiWrite({
    by: 'id',
    ifMatch: true,
    status: 200,
    description: 'The venue updated.',
    type: VenueResponseDto,
    body: UpdateVenueDto,
    bodyExample: { phone: '+34 932 957 200', website: 'https://www.palaumusica.cat' },
  })
  async update(
    @Param('id', RouteIdPipe) id: number,
    @Query() _query: VenueQueryDto,
    @Body() body: UpdateVenueDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @IfMatch() ifMatch: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<VenueResponseDto> {
    await checkIfMatch(ifMatch, async () =>
      this.presenter.one(await this.venues.getById(id, viewer), language, links, true),
    );
    const venue = await this.venues.updateById(id, body, language, viewer);
    response.setHeader('ETag', entityTag(this.presenter.one(venue, language, links, true)));
    return this.presenter.one(venue, language, links);
  }

  /** Move a venue to the trash and unlink it from its events; a second delete is 410. */
  @Delete(':id')
  @RequiresPermission('venue:delete')
  @ApiWrite({
    by: 'id',
    ifMatch: true,
    status: 200,
    description: 'The venue, now in the trash.',
    type: VenueResponseDto,
    errors: ['venueAlreadyTrashed'],
  })
  async delete(
    @Param('id', RouteIdPipe) id: number,
    @Query() _query: VenueQueryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<VenueResponseDto> {
    await checkIfMatch(ifMatch, async () =>
      this.presenter.one(await this.venues.getById(id, viewer), language, links, true),
    );
    return this.presenter.one(await this.venues.trashById(id, viewer), language, links);
  }
}
