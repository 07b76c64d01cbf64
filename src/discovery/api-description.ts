import { Injectable } from '@nestjs/common';
import type { OpenAPIObject, OperationObject, PathItemObject } from '@nestjs/swagger';
import { UPDATE_ALIASES } from '../common/http/update-verbs.middleware';
import { NAMESPACE } from '../common/links/links';
import { withResponseExamples } from './response-examples';

/** The vendor extension naming the other verbs an operation answers to. */
export const ALIASES_EXTENSION = 'x-method-aliases';

/** An operation with the verbs that reach it besides its own (`x-method-aliases`). */
export type AliasedOperation = OperationObject & { [ALIASES_EXTENSION]?: string[] };

/**
 * Item routes take updates by PUT and PATCH as well as POST (one handler, reached through
 * `updateVerbsMiddleware`). The document describes the update once, under POST, and names the
 * other two verbs in `x-method-aliases`: Swagger UI shows one operation per update, and the
 * namespace index lists the three methods on one endpoint, as WordPress does.
 */
function withUpdateAliases(path: string, item: PathItemObject): PathItemObject {
  const update = item.post;
  if (!update || !path.includes('{')) return item;
  const aliased: AliasedOperation = { ...update, [ALIASES_EXTENSION]: [...UPDATE_ALIASES] };
  return { ...item, post: aliased };
}

/**
 * The OpenAPI document generated from the code (`@nestjs/swagger` and its CLI plugin), kept
 * once the app is set up. `/doc`, the namespace index and Swagger UI are all read from it, so
 * they cannot disagree.
 */
@Injectable()
export class ApiDescription {
  private generated: OpenAPIObject | undefined;

  /**
   * Keeps the document `configureApp` generated, its paths made relative to the namespace (the
   * namespace index itself is `/`), the update aliases named and the recorded answers shown as
   * response examples.
   */
  set(document: OpenAPIObject, prefix: string): void {
    const base = `${prefix}/${NAMESPACE}`;
    const paths: OpenAPIObject['paths'] = {};
    for (const [path, item] of Object.entries(document.paths)) {
      const relative =
        path === base ? '/' : path.startsWith(`${base}/`) ? path.slice(base.length) : path;
      paths[relative] = withResponseExamples(relative, withUpdateAliases(relative, item));
    }
    this.generated = { ...document, paths };
  }

  /** The document whose server is `namespaceUrl` (absolute, or relative to the page). */
  forServer(namespaceUrl: string): OpenAPIObject {
    if (!this.generated) throw new Error('The API description is read before the app was set up');
    return { ...this.generated, servers: [{ url: namespaceUrl }] };
  }
}
