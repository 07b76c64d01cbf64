import { Injectable } from '@nestjs/common';
import type { OpenAPIObject, OperationObject, PathItemObject } from '@nestjs/swagger';
import { UPDATE_ALIASES } from '../common/http/update-verbs.middleware';
import { NAMESPACE } from '../common/links/links';

/**
 * Item routes take updates by PUT and PATCH as well as POST (one handler, reached through
 * `updateVerbsMiddleware`), so the document lists the POST operation under those verbs too,
 * right after it.
 */
function withUpdateAliases(path: string, item: PathItemObject): PathItemObject {
  const update = item.post;
  if (!update || !path.includes('{')) return item;
  const aliases: Partial<Record<'put' | 'patch', OperationObject>> = {};
  for (const verb of UPDATE_ALIASES) {
    const name = verb.toLowerCase() as 'put' | 'patch';
    aliases[name] = {
      ...update,
      ...(update.operationId ? { operationId: `${update.operationId}_${name}` } : {}),
    };
  }
  const { delete: remove, ...rest } = item;
  return { ...rest, ...aliases, ...(remove ? { delete: remove } : {}) };
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
   * namespace index itself is `/`) and updates listed under PUT and PATCH too.
   */
  set(document: OpenAPIObject, prefix: string): void {
    const base = `${prefix}/${NAMESPACE}`;
    const paths: OpenAPIObject['paths'] = {};
    for (const [path, item] of Object.entries(document.paths)) {
      const relative =
        path === base ? '/' : path.startsWith(`${base}/`) ? path.slice(base.length) : path;
      paths[relative] = withUpdateAliases(relative, item);
    }
    this.generated = { ...document, paths };
  }

  /** The document whose server is `namespaceUrl` (absolute, or relative to the page). */
  forServer(namespaceUrl: string): OpenAPIObject {
    if (!this.generated) throw new Error('The API description is read before the app was set up');
    return { ...this.generated, servers: [{ url: namespaceUrl }] };
  }
}
