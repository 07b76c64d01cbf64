import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Links } from '../common/links/links.decorator';
import { ApiLinks, NAMESPACE } from '../common/links/links';
import { apiRootOf } from './namespace-index';

/** The API root's index: where a newcomer who opens the base URL finds the way on. */
export interface ApiRootIndex {
  readonly name: string;
  readonly description: string;
  /** This root. */
  readonly url: string;
  /** The public site the events belong to. */
  readonly home: string;
  readonly namespaces: readonly string[];
  readonly _links: {
    /** The namespace index. */
    readonly item: readonly { readonly href: string }[];
    /** Swagger UI. */
    readonly help: readonly { readonly href: string }[];
    /** The OpenAPI document. */
    readonly describedby: readonly { readonly href: string }[];
  };
}

/**
 * `GET {API_PREFIX}/` (and under a language segment): a small index in the shape of WordPress's
 * `/wp-json/` (name, description, url, home, namespaces) with links to the namespace index,
 * Swagger UI and the OpenAPI document, instead of a bare 404. Not an operation of the API, so
 * not in its OpenAPI document.
 */
@ApiExcludeController()
@Controller()
export class ApiRootController {
  @Get()
  index(@Links() links: ApiLinks): ApiRootIndex {
    const url = apiRootOf(links.namespace);
    return {
      name: 'Calendar Events API',
      description:
        'Events, venues, organizers, categories and tags: The Events Calendar REST API v1.',
      url,
      home: links.site,
      namespaces: [NAMESPACE],
      _links: {
        item: [{ href: links.namespace }],
        help: [{ href: new URL('/docs', url).href }],
        describedby: [{ href: `${links.namespace}/doc` }],
      },
    };
  }
}
