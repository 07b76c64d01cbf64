import type { Request } from 'express';
import { cacheHints } from '../read-cache/cache-hints';
import { termKey } from '../read-cache/read-cache.store';
import { requireSyncAlone, syncTail } from '../changes/sync';
import { ListQueryReader } from '../common/paging/list-query';
import { EchoedParam } from '../common/paging/list-links';
import { readTermList } from '../terms/term-list-query';
import { CreateSlugRule } from '../posts/slug-rule.decorator';
import { SlugRule } from '../posts/unique-slug';
import { ApiRead, ApiWrite } from '../common/openapi/route-docs';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentViewer } from '../access/current-viewer.decorator';
import { RequiresPermission } from '../access/permission.decorator';
import { Viewer } from '../access/viewer';
import { Lang } from '../common/i18n/lang.decorator';
import { Language } from '../common/i18n/language';
import { Links } from '../common/links/links.decorator';
import { ApiLinks, NAMESPACE } from '../common/links/links';
import { RouteIdPipe } from '../common/validation/route-id.pipe';
import { checkIfMatch, IfMatch } from '../common/http/preconditions';
import { TermQueryDto } from '../terms/dto/term-query.dto';
import { TermResponseDto } from '../terms/dto/term.response.dto';
import { TAG } from '../terms/taxonomy';
import { toTermListResponse, toTermResponse } from '../terms/terms.mapper';
import { TermsService } from '../terms/terms.service';
import { TagListResponseDto } from './dto/tag-list.response.dto';
import { CreateTagDto } from './dto/create-tag.dto';
import { ListTermsQueryDto } from '../terms/dto/list-terms.query.dto';
import { UpdateTagDto } from './dto/update-tag.dto';

/** The tag routes (docs/behaviour.md#ids-and-routes): list, create, and read/update/delete by id. */
@ApiTags('tags')
@Controller(`${NAMESPACE}/tags`)
export class TagsController {
  constructor(
    private readonly terms: TermsService,
    private readonly lists: ListQueryReader,
  ) {}

  /** List tags: by name unless asked otherwise; unused ones are hidden by default. */
  @Get()
  @ApiRead({ description: 'A page of tags.', type: TagListResponseDto, list: true })
  async list(
    @Query() dto: ListTermsQueryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
  ): Promise<TagListResponseDto> {
    const query = readTermList(this.lists, dto);
    const { perPage } = query.paging;
    if (dto.sync_token !== undefined) {
      requireSyncAlone(dto);
      const changes = await this.terms.sync(TAG, dto.sync_token, perPage, language);
      return {
        tags: changes.views.map((view) => toTermResponse(view, { language, links })),
        ...syncTail(changes, `${links.namespace}/tags/`, perPage),
      };
    }
    const page = await this.terms.list(TAG, query, language, viewer);
    const echoed: EchoedParam[] = [['per_page', String(page.perPage)], ...query.echo];
    return toTermListResponse('tags', page, echoed, {
      language,
      links,
    });
  }

  /** Create a tag. */
  @Post()
  @RequiresPermission('term:create')
  @ApiWrite({
    status: 201,
    bodyExample: { name: 'open air' },
    ifNoneMatch: true,
    description: 'The tag created.',
    type: TermResponseDto,
    body: CreateTagDto,
    errors: ['missingParams', 'termExists', 'taxonomyNotHierarchical'],
  })
  async create(
    @Query() _query: TermQueryDto,
    @Body() body: CreateTagDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @CreateSlugRule() slugRule: SlugRule,
  ): Promise<TermResponseDto> {
    return toTermResponse(
      await this.terms.create(TAG, body, language, viewer, slugRule),
      { language, links },
      true,
    );
  }

  /** Read a tag. */
  @Get(':id')
  @ApiRead({ by: 'id', description: 'The tag.', type: TermResponseDto })
  async get(
    @Param('id', RouteIdPipe) id: number,
    @Query() _query: TermQueryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @Req() request: Request,
  ): Promise<TermResponseDto> {
    // Its count moves with writes of events filed under it or below it, nothing else.
    cacheHints(request).dependsOn = [termKey(id)];
    return toTermResponse(await this.terms.get(TAG, id), { language, links }, true);
  }

  /** Update a tag (PUT and PATCH reach this route too). Fields left out keep their values. */
  @Post(':id')
  @HttpCode(200)
  @RequiresPermission('term:edit')
  @ApiWrite({
    by: 'id',
    ifMatch: true,
    status: 200,
    description: 'The tag updated.',
    type: TermResponseDto,
    body: UpdateTagDto,
    bodyExample: { description: 'Under the sky.' },
    errors: ['termExists', 'taxonomyNotHierarchical'],
  })
  async update(
    @Param('id', RouteIdPipe) id: number,
    @Query() _query: TermQueryDto,
    @Body() body: UpdateTagDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<TermResponseDto> {
    await checkIfMatch(ifMatch, async () =>
      toTermResponse(await this.terms.get(TAG, id), { language, links }, true),
    );
    // A term reads the same in an update's answer as in a read: Express tags it alike.
    return toTermResponse(
      await this.terms.update(TAG, id, body, language, viewer),
      { language, links },
      true,
    );
  }

  /** Delete a tag for good; it leaves the events it was on. Answers the tag. */
  @Delete(':id')
  @RequiresPermission('term:delete')
  @ApiWrite({
    by: 'id',
    ifMatch: true,
    status: 200,
    description: 'The tag as it was; it is deleted for good.',
    type: TermResponseDto,
  })
  async delete(
    @Param('id', RouteIdPipe) id: number,
    @Query() _query: TermQueryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<TermResponseDto> {
    await checkIfMatch(ifMatch, async () =>
      toTermResponse(await this.terms.get(TAG, id), { language, links }, true),
    );
    return toTermResponse(await this.terms.delete(TAG, id, viewer), { language, links }, true);
  }
}
