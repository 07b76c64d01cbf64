import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags, type OpenAPIObject } from '@nestjs/swagger';
import { Links } from '../common/links/links.decorator';
import { ApiLinks, NAMESPACE } from '../common/links/links';
import { ApiRead } from '../common/openapi/route-docs';
import { ApiDescription } from './api-description';
import { DocQueryDto, NamespaceIndexQueryDto } from './dto/discovery-query.dto';
import { NamespaceIndexDto } from './dto/namespace-index.response.dto';
import { OpenApiDocumentDto } from './dto/openapi-document.response.dto';
import { namespaceIndex } from './namespace-index';

/** Self-description: the namespace index and the OpenAPI document, both public. */
@ApiTags('discovery')
@Controller(NAMESPACE)
export class DiscoveryController {
  constructor(private readonly description: ApiDescription) {}

  /** The namespace index in WordPress's shape: routes, methods and arguments. */
  @ApiRead({ description: 'The namespace index.', type: NamespaceIndexDto })
  @Get()
  index(@Query() _query: NamespaceIndexQueryDto, @Links() links: ApiLinks): NamespaceIndexDto {
    return namespaceIndex(this.description.forServer(links.namespace), links.namespace);
  }

  /** The OpenAPI 3 document of this API, with this namespace's absolute URL as its server. */
  @ApiRead({ description: 'This document.', type: OpenApiDocumentDto })
  @Get('doc')
  doc(@Query() _query: DocQueryDto, @Links() links: ApiLinks): OpenAPIObject {
    return this.description.forServer(links.namespace);
  }
}
