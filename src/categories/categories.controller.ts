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
import { CATEGORY } from '../terms/taxonomy';
import { toTermListResponse, toTermResponse } from '../terms/terms.mapper';
import { TermsService } from '../terms/terms.service';
import { CategoryListResponseDto } from './dto/category-list.response.dto';
import { CreateCategoryDto } from './dto/create-category.dto';
import { ListCategoriesQueryDto } from './dto/list-categories.query.dto';
import { UpdateCategoryDto } from './dto/update-category.dto';

/** The event category routes (docs/behaviour.md#ids-and-routes): list, create, and read/update/delete by id. */
@ApiTags('categories')
@Controller(`${NAMESPACE}/categories`)
export class CategoriesController {
  constructor(
    private readonly terms: TermsService,
    private readonly lists: ListQueryReader,
  ) {}

  /** List categories: by name unless asked otherwise; empty ones are hidden by default. */
  @Get()
  @ApiRead({ description: 'A page of categories.', type: CategoryListResponseDto, list: true })
  async list(
    @Query() dto: ListCategoriesQueryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
  ): Promise<CategoryListResponseDto> {
    const query = readTermList(this.lists, dto);
    const { perPage } = query.paging;
    if (dto.sync_token !== undefined) {
      requireSyncAlone(dto);
      const changes = await this.terms.sync(CATEGORY, dto.sync_token, perPage, language);
      return {
        categories: changes.views.map((view) => toTermResponse(view, { language, links })),
        ...syncTail(changes, `${links.namespace}/categories/`, perPage),
      };
    }
    const page = await this.terms.list(CATEGORY, query, language, viewer);
    const echoed: EchoedParam[] = [['per_page', String(page.perPage)], ...query.echo];
    return toTermListResponse('categories', page, echoed, {
      language,
      links,
    });
  }

  /** Create a category. */
  @Post()
  @RequiresPermission('term:create')
  @ApiWrite({
    status: 201,
    bodyExample: { name: 'Theatre', description: 'Plays and readings.' },
    ifNoneMatch: true,
    description: 'The category created.',
    type: TermResponseDto,
    body: CreateCategoryDto,
    errors: ['missingParams', 'termExists', 'termExistsWithParent'],
  })
  async create(
    @Query() _query: TermQueryDto,
    @Body() body: CreateCategoryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @CreateSlugRule() slugRule: SlugRule,
  ): Promise<TermResponseDto> {
    return toTermResponse(
      await this.terms.create(CATEGORY, body, language, viewer, slugRule),
      { language, links },
      true,
    );
  }

  /** Read a category. */
  @Get(':id')
  @ApiRead({ by: 'id', description: 'The category.', type: TermResponseDto })
  async get(
    @Param('id', RouteIdPipe) id: number,
    @Query() _query: TermQueryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @Req() request: Request,
  ): Promise<TermResponseDto> {
    // Its count moves with writes of events filed under it or below it, nothing else.
    cacheHints(request).dependsOn = [termKey(id)];
    return toTermResponse(await this.terms.get(CATEGORY, id), { language, links }, true);
  }

  /** Update a category (PUT and PATCH reach this route too). Fields left out keep their values. */
  @Post(':id')
  @HttpCode(200)
  @RequiresPermission('term:edit')
  @ApiWrite({
    by: 'id',
    ifMatch: true,
    status: 200,
    description: 'The category updated.',
    type: TermResponseDto,
    body: UpdateCategoryDto,
    bodyExample: { description: 'Plays, readings and improv.' },
    errors: ['termExists', 'termExistsWithParent'],
  })
  async update(
    @Param('id', RouteIdPipe) id: number,
    @Query() _query: TermQueryDto,
    @Body() body: UpdateCategoryDto,
    @Lang() language: Language,
    @Links() links: ApiLinks,
    @CurrentViewer() viewer: Viewer,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<TermResponseDto> {
    await checkIfMatch(ifMatch, async () =>
      toTermResponse(await this.terms.get(CATEGORY, id), { language, links }, true),
    );
    // A term reads the same in an update's answer as in a read: Express tags it alike.
    return toTermResponse(
      await this.terms.update(CATEGORY, id, body, language, viewer),
      { language, links },
      true,
    );
  }

  /** Delete a category for good; its children move up to its parent. Answers the category. */
  @Delete(':id')
  @RequiresPermission('term:delete')
  @ApiWrite({
    by: 'id',
    ifMatch: true,
    status: 200,
    description: 'The category as it was; it is deleted for good.',
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
      toTermResponse(await this.terms.get(CATEGORY, id), { language, links }, true),
    );
    return toTermResponse(await this.terms.delete(CATEGORY, id, viewer), { language, links }, true);
  }
}
