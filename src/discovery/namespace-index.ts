import type { OpenAPIObject } from '@nestjs/swagger';
import { NAMESPACE } from '../common/links/links';

type Schema = Record<string, unknown>;

/** One argument of an endpoint as WordPress lists it: JSON-schema keywords plus `required`. */
export type IndexArg = Schema & { required: boolean };

export interface IndexEndpoint {
  readonly methods: string[];
  readonly args: Record<string, IndexArg> | never[];
}

export interface IndexRoute {
  readonly namespace: string;
  readonly methods: string[];
  readonly endpoints: IndexEndpoint[];
  readonly _links?: { self: { href: string }[] };
}

export interface NamespaceIndex {
  readonly namespace: string;
  readonly routes: Record<string, IndexRoute>;
  readonly _links: Record<string, { href: string }[]>;
}

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

const VERBS = ['get', 'post', 'delete'] as const;

/** Item routes take updates by POST, PUT and PATCH alike (one handler). */
function methodsOf(verb: (typeof VERBS)[number], itemRoute: boolean): string[] {
  if (verb === 'post' && itemRoute) return ['POST', 'PUT', 'PATCH'];
  return [verb.toUpperCase()];
}

function asRecord(value: unknown): Schema {
  return typeof value === 'object' && value !== null ? (value as Schema) : {};
}

function keywordsOf(schema: Schema): Schema {
  const kept: Schema = {};
  for (const key of KEYWORDS) if (schema[key] !== undefined) kept[key] = schema[key];
  return kept;
}

/** `{id}` as WordPress writes a route parameter: `(?P<id>\d+)`; other names match a segment. */
function routeKey(relativePath: string): string {
  return `/${NAMESPACE}${relativePath}`.replace(/\{(\w+)\}/g, (_match, name: string) =>
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

/**
 * The namespace index in WordPress's shape (TEC §10), derived from the OpenAPI document: one
 * route per path in regex form, its methods, one endpoint per operation with its arguments,
 * and a `self` link on routes without parameters. `namespaceUrl` is the absolute namespace URL.
 */
export function namespaceIndex(document: OpenAPIObject, namespaceUrl: string): NamespaceIndex {
  const routes: Record<string, IndexRoute> = {
    [`/${NAMESPACE}`]: {
      namespace: NAMESPACE,
      methods: ['GET'],
      endpoints: [
        {
          methods: ['GET'],
          args: {
            namespace: { default: NAMESPACE, required: false },
            context: { default: 'view', required: false },
          },
        },
      ],
      _links: { self: [{ href: namespaceUrl }] },
    },
  };
  for (const [path, rawItem] of Object.entries(document.paths)) {
    const item = asRecord(rawItem);
    const itemRoute = path.includes('{');
    const endpoints: IndexEndpoint[] = [];
    for (const verb of VERBS) {
      const operation = item[verb];
      if (operation === undefined) continue;
      const args = argsOf(document, asRecord(operation));
      endpoints.push({
        methods: methodsOf(verb, itemRoute),
        args: Object.keys(args).length > 0 ? args : [],
      });
    }
    routes[routeKey(path)] = {
      namespace: NAMESPACE,
      methods: endpoints.flatMap((endpoint) => endpoint.methods),
      endpoints,
      ...(itemRoute ? {} : { _links: { self: [{ href: `${namespaceUrl}${path}` }] } }),
    };
  }
  return {
    namespace: NAMESPACE,
    routes,
    _links: { self: [{ href: namespaceUrl }], describedby: [{ href: `${namespaceUrl}/doc` }] },
  };
}
