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
import { CreateOrganizerDto } from './dto/create-organizer.dto';
import { ListOrganizersQueryDto } from './dto/list-organizers.query.dto';
import { UpdateOrganizerDto } from './dto/update-organizer.dto';
import { OrganizerListResponseDto, OrganizerResponseDto } from './dto/organizer.response.dto';
import { OrganizerQueryDto } from './dto/organizer-query.dto';
import { OrganizersPresenter } from './organizers.presenter';
import { OrganizersService } from './organizers.service';

/** The organizers routes: list, create, and read/update/delete by id or slug. */
@ApiTags('organizers')
@Controller(`${NAMESPACE}/organizers`)
export class OrganizersController {
  constructor(
    private readonly organizers: OrganizersService,
    private readonly presenter: OrganizersPresenter,
    private readonly lists: ListQueryReader,
  ) {}

  /** List organizers, newest first, with optional search and event filters. */
  @Get()
  @ApiRead({
    description: 'A page of organizers, newest first.',
    type: OrganizerListResponseDto,
    list: true,
    errors: ['organizerPageNotFound'],
  })
  async list(
    @Query() dto: ListOrganizersQueryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @Req() request: Request,
  ): Promise<OrganizerListResponseDto> {
    const query = readLinkedPostList(this.lists, dto);
    if (dto.sync_token === undefined && !filtersByEvents(query)) {
      cacheHints(request).dependsOn = [LINKED_ITEM];
    }
    if (dto.sync_token !== undefined) {
      requireSyncAlone(dto);
      const changes = await this.organizers.sync(dto.sync_token, query.paging.perPage, viewer);
      return this.presenter.sync(changes, query.paging.perPage, language, links);
    }
    const page = await this.organizers.list(query, language, viewer);
    return this.presenter.page(page, query, language, links);
  }

  /** Create an organizer, or reuse the one with the same name (and description, if given). */
  @Post()
  @RequiresPermission('organizer:create')
  @ApiWrite({
    status: 201,
    bodyExample: {
      organizer: 'Raval Jazz Club',
      email: 'hello@example.com',
      phone: '+34 600 000 000',
      website: 'https://example.com',
    },
    ifNoneMatch: true,
    description: 'The organizer created, or the existing one with the same name.',
    type: OrganizerResponseDto,
    body: CreateOrganizerDto,
    errors: ['missingParams'],
  })
  async create(
    @Query() _query: OrganizerQueryDto,
    @Body() body: CreateOrganizerDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @CreateSlugRule() slugRule: SlugRule,
  ): Promise<OrganizerResponseDto> {
    return this.presenter.one(
      await this.organizers.create(body, language, viewer, slugRule),
      language,
      links,
    );
  }

  /** Read an organizer by slug. */
  @Get('by-slug/:slug')
  @ApiRead({
    by: 'slug',
    description: 'The organizer, with `json_ld`.',
    type: OrganizerResponseDto,
    errors: ['organizerNotAccessible'],
  })
  async getBySlug(
    @Param('slug') slug: string,
    @Query() _query: OrganizerQueryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @Req() request: Request,
  ): Promise<OrganizerResponseDto> {
    cacheHints(request).dependsOn = [LINKED_ITEM];
    return this.presenter.one(await this.organizers.getBySlug(slug, viewer), language, links, true);
  }

  /** Update an organizer by slug (PUT and PATCH reach this route too). */
  @Post('by-slug/:slug')
  @HttpCode(200)
  @RequiresPermission('organizer:edit')
  @ApiWrite({
    by: 'slug',
    ifMatch: true,
    status: 200,
    description: 'The organizer updated.',
    type: OrganizerResponseDto,
    body: UpdateOrganizerDto,
    bodyExample: { phone: '+34 600 000 001' },
  })
  async updateBySlug(
    @Param('slug') slug: string,
    @Query() _query: OrganizerQueryDto,
    @Body() body: UpdateOrganizerDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @IfMatch() ifMatch: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<OrganizerResponseDto> {
    await checkIfMatch(ifMatch, async () =>
      this.presenter.one(await this.organizers.getBySlug(slug, viewer), language, links, true),
    );
    const organizer = await this.organizers.updateBySlug(slug, body, language, viewer);
    response.setHeader('ETag', entityTag(this.presenter.one(organizer, language, links, true)));
    return this.presenter.one(organizer, language, links);
  }

  /** Move an organizer to the trash, by slug. */
  @Delete('by-slug/:slug')
  @RequiresPermission('organizer:delete')
  @ApiWrite({
    by: 'slug',
    ifMatch: true,
    status: 200,
    description: 'The organizer, now in the trash.',
    type: OrganizerResponseDto,
    errors: ['organizerAlreadyTrashed'],
  })
  async deleteBySlug(
    @Param('slug') slug: string,
    @Query() _query: OrganizerQueryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<OrganizerResponseDto> {
    await checkIfMatch(ifMatch, async () =>
      this.presenter.one(await this.organizers.getBySlug(slug, viewer), language, links, true),
    );
    return this.presenter.one(await this.organizers.trashBySlug(slug, viewer), language, links);
  }

  /** Read an organizer. */
  @Get(':id')
  @ApiRead({
    by: 'id',
    description: 'The organizer, with `json_ld`.',
    type: OrganizerResponseDto,
    errors: ['organizerNotAccessible'],
  })
  async get(
    @Param('id', RouteIdPipe) id: number,
    @Query() _query: OrganizerQueryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @Req() request: Request,
  ): Promise<OrganizerResponseDto> {
    cacheHints(request).dependsOn = [LINKED_ITEM];
    return this.presenter.one(await this.organizers.getById(id, viewer), language, links, true);
  }

  /** Update an organizer (PUT and PATCH reach this route too). Fields left out keep their values. */
  @Post(':id')
  @HttpCode(200)
  @RequiresPermission('organizer:edit')
  @ApiWrite({
    by: 'id',
    ifMatch: true,
    status: 200,
    description: 'The organizer updated.',
    type: OrganizerResponseDto,
    body: UpdateOrganizerDto,
    bodyExample: { phone: '+34 600 000 001' },
  })
  async update(
    @Param('id', RouteIdPipe) id: number,
    @Query() _query: OrganizerQueryDto,
    @Body() body: UpdateOrganizerDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @IfMatch() ifMatch: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<OrganizerResponseDto> {
    await checkIfMatch(ifMatch, async () =>
      this.presenter.one(await this.organizers.getById(id, viewer), language, links, true),
    );
    const organizer = await this.organizers.updateById(id, body, language, viewer);
    response.setHeader('ETag', entityTag(this.presenter.one(organizer, language, links, true)));
    return this.presenter.one(organizer, language, links);
  }

  /** Move an organizer to the trash and unlink it from its events; a second delete is 410. */
  @Delete(':id')
  @RequiresPermission('organizer:delete')
  @ApiWrite({
    by: 'id',
    ifMatch: true,
    status: 200,
    description: 'The organizer, now in the trash.',
    type: OrganizerResponseDto,
    errors: ['organizerAlreadyTrashed'],
  })
  async delete(
    @Param('id', RouteIdPipe) id: number,
    @Query() _query: OrganizerQueryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<OrganizerResponseDto> {
    await checkIfMatch(ifMatch, async () =>
      this.presenter.one(await this.organizers.getById(id, viewer), language, links, true),
    );
    return this.presenter.one(await this.organizers.trashById(id, viewer), language, links);
  }
}
