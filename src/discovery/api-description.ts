import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { NAMESPACE } from '../common/links/links';

/**
 * The OpenAPI document generated from the code (`@nestjs/swagger` and its CLI plugin), kept
 * once the app is set up. `/doc` and the namespace index are both read from it, so they cannot
 * disagree.
 */
@Injectable()
export class ApiDescription {
  private generated: OpenAPIObject | undefined;

  /** Keeps the document `configureApp` generated, its paths made relative to the namespace. */
  set(document: OpenAPIObject, prefix: string): void {
    const base = `${prefix}/${NAMESPACE}`;
    const paths: OpenAPIObject['paths'] = {};
    for (const [path, item] of Object.entries(document.paths)) {
      if (path === base) continue;
      paths[path.startsWith(`${base}/`) ? path.slice(base.length) : path] = item;
    }
    this.generated = { ...document, paths };
  }

  /** The document whose server is `namespaceUrl` (absolute, or relative to the page). */
  forServer(namespaceUrl: string): OpenAPIObject {
    if (!this.generated) throw new Error('The API description is read before the app was set up');
    return { ...this.generated, servers: [{ url: namespaceUrl }] };
  }
}
