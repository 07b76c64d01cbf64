import { Controller, Get } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse, ApiTags, type OpenAPIObject } from '@nestjs/swagger';
import { Links } from '../common/links/links.decorator';
import { ApiLinks, NAMESPACE } from '../common/links/links';
import { ApiDescription } from './api-description';
import { namespaceIndex, NamespaceIndex } from './namespace-index';

/** Self-description: the namespace index and the OpenAPI document, both public. */
@ApiTags('discovery')
@Controller(NAMESPACE)
export class DiscoveryController {
  constructor(private readonly description: ApiDescription) {}

  /** The namespace index in WordPress's shape: routes, methods and arguments. */
  @Get()
  @ApiExcludeEndpoint()
  index(@Links() links: ApiLinks): NamespaceIndex {
    return namespaceIndex(this.description.forServer(links.namespace), links.namespace);
  }

  /** The OpenAPI 3 document of this API, with this namespace's absolute URL as its server. */
  @Get('doc')
  @ApiOkResponse({ description: 'The OpenAPI 3 document of this API.' })
  doc(@Links() links: ApiLinks): OpenAPIObject {
    return this.description.forServer(links.namespace);
  }
}
