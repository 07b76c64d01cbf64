import type { OpenAPIObject } from '@nestjs/swagger';
import { ALIASES_EXTENSION } from './api-description';
import { NAMESPACE } from '../common/links/links';
import type {
  IndexArg,
  IndexEndpointDto,
  IndexRouteDto,
  NamespaceIndexDto,
} from './dto/namespace-index.response.dto';

type Schema = Record<string, unknown>;

/** The JSON-schema keywords an argument keeps (WordPress strips everything else). */
const KEYWORDS = [
  'type',
  'format',
  'description',
  'default',
  'enum',
  'items',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'nullable',
  'oneOf',
  'anyOf',
] as const;

/** Verbs with an endpoint of their own; PUT and PATCH join the POST endpoint of item routes. */
const VERBS = ['get', 'post', 'delete'] as const;

function asRecord(value: unknown): Schema {
  return typeof value === 'object' && value !== null ? (value as Schema) : {};
}

function keywordsOf(schema: Schema): Schema {
  const kept: Schema = {};
  for (const key of KEYWORDS) if (schema[key] !== undefined) kept[key] = schema[key];
  return kept;
}

/** `/events/{id}` as WordPress keys a route: `/calendar/events/v1/events/(?P<id>\d+)`. */
function routeKey(relativePath: string): string {
  const path = relativePath === '/' ? '' : relativePath;
  return `/${NAMESPACE}${path}`.replace(/\{(\w+)\}/g, (_match, name: string) =>
    name === 'id' ? `(?P<${name}>\\d+)` : `(?P<${name}>[^/]+)`,
  );
}

/** The schema a `$ref` names, or the schema itself. */
function resolve(document: OpenAPIObject, schema: Schema): Schema {
  const ref = schema['$ref'];
  if (typeof ref !== 'string') return schema;
  const name = ref.replace('#/components/schemas/', '');
  return asRecord(document.components?.schemas?.[name]);
}

/** The arguments of one operation: its path and query parameters, then its body's fields. */
function argsOf(document: OpenAPIObject, operation: Schema): Record<string, IndexArg> {
  const args: Record<string, IndexArg> = {};
  const parameters = Array.isArray(operation['parameters']) ? operation['parameters'] : [];
  for (const raw of parameters) {
    const parameter = asRecord(raw);
    const name = parameter['name'];
    if (typeof name !== 'string') continue;
    args[name] = {
      ...keywordsOf(resolve(document, asRecord(parameter['schema']))),
      ...(typeof parameter['description'] === 'string'
        ? { description: parameter['description'] }
        : {}),
      required: parameter['required'] === true,
    };
  }
  const content = asRecord(asRecord(operation['requestBody'])['content']);
  const body = resolve(document, asRecord(asRecord(content['application/json'])['schema']));
  const required = Array.isArray(body['required']) ? (body['required'] as string[]) : [];
  for (const [name, property] of Object.entries(asRecord(body['properties']))) {
    args[name] = {
      ...keywordsOf(resolve(document, asRecord(property))),
      required: required.includes(name),
    };
  }
  return args;
}

/** One endpoint per verb; an endpoint also lists the verbs its operation names as aliases. */
function endpointsOf(document: OpenAPIObject, item: Schema): IndexEndpointDto[] {
  const endpoints: IndexEndpointDto[] = [];
  for (const verb of VERBS) {
    const operation = item[verb];
    if (operation === undefined) continue;
    const named = asRecord(operation)[ALIASES_EXTENSION];
    const aliases = Array.isArray(named) ? named.filter((alias) => typeof alias === 'string') : [];
    const args = argsOf(document, asRecord(operation));
    endpoints.push({
      methods: [verb.toUpperCase(), ...aliases],
      args: Object.keys(args).length > 0 ? args : [],
    });
  }
  return endpoints;
}

/**
 * The API root of the namespace at `namespaceUrl` (`{origin}{API_PREFIX}{segment}/`), where the
 * root index answers, as WordPress's `/wp-json/` above its namespaces.
 */
export function apiRootOf(namespaceUrl: string): string {
  return namespaceUrl.endsWith(`/${NAMESPACE}`)
    ? namespaceUrl.slice(0, -NAMESPACE.length)
    : `${namespaceUrl}/`;
}

/**
 * The namespace index in WordPress's shape (README.md#discovery), derived from the OpenAPI document (this
 * route included): one route per path in regex form, its methods, its endpoints with their
 * arguments, and a `self` link on routes without parameters. `namespaceUrl` is absolute.
 */
export function namespaceIndex(document: OpenAPIObject, namespaceUrl: string): NamespaceIndexDto {
  const routes: Record<string, IndexRouteDto> = {};
  for (const [path, rawItem] of Object.entries(document.paths)) {
    const endpoints = endpointsOf(document, asRecord(rawItem));
    routes[routeKey(path)] = {
      namespace: NAMESPACE,
      methods: endpoints.flatMap((endpoint) => endpoint.methods),
      endpoints,
      ...(path.includes('{')
        ? {}
        : { _links: { self: [{ href: `${namespaceUrl}${path === '/' ? '' : path}` }] } }),
    };
  }
  return {
    namespace: NAMESPACE,
    routes,
    _links: {
      self: [{ href: namespaceUrl }],
      up: [{ href: apiRootOf(namespaceUrl) }],
      describedby: [{ href: `${namespaceUrl}/doc` }],
    },
  };
}
