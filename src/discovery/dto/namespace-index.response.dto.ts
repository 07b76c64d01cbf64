import {
  ApiExtraModels,
  ApiProperty,
  ApiPropertyOptional,
  ApiSchema,
  getSchemaPath,
  type SchemaObject,
} from '@nestjs/swagger';

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** A link as WordPress writes one: `{href}`. */
@ApiSchema({ name: 'IndexLink', description: 'A link.' })
export class IndexLinkDto {
  @ApiProperty({ format: 'uri' })
  href!: string;
}

/** One argument of an endpoint: JSON-schema keywords (type, enum, default, ...) and `required`. */
export type IndexArg = Record<string, unknown> & { required: boolean };

const INDEX_ARG: SchemaObject = {
  type: 'object',
  description: 'JSON-schema keywords (`type`, `enum`, `default`, ...) and `required`.',
  properties: { required: { type: 'boolean' } },
  required: ['required'],
  additionalProperties: true,
};

/** One endpoint of a route: methods sharing one handler, and their arguments. */
@ApiSchema({ name: 'IndexEndpoint', description: 'Methods of a route that share arguments.' })
export class IndexEndpointDto {
  @ApiProperty({ enum: HTTP_METHODS, isArray: true })
  methods!: string[];
  /** The arguments by name; `[]` when there are none (WordPress's empty array). */
  @ApiProperty({
    oneOf: [
      { type: 'object', additionalProperties: INDEX_ARG },
      { type: 'array', maxItems: 0, items: {} },
    ],
  })
  args!: Record<string, IndexArg> | never[];
}

/** One route of the namespace, keyed by its WordPress regex path. */
@ApiSchema({ name: 'IndexRoute', description: 'A route: its methods and endpoints.' })
@ApiExtraModels(IndexLinkDto)
export class IndexRouteDto {
  namespace!: string;
  @ApiProperty({ enum: HTTP_METHODS, isArray: true })
  methods!: string[];
  endpoints!: IndexEndpointDto[];
  /** `self`, on routes without path parameters. */
  @ApiPropertyOptional({
    type: 'object',
    properties: { self: { type: 'array', items: { $ref: getSchemaPath(IndexLinkDto) } } },
    required: ['self'],
  })
  _links?: { self: IndexLinkDto[] };
}

/** The namespace index in WordPress's shape (README.md#discovery). */
@ApiSchema({
  name: 'NamespaceIndex',
  description: "The namespace's routes in WordPress's shape, built from this document.",
})
@ApiExtraModels(IndexRouteDto, IndexLinkDto)
export class NamespaceIndexDto {
  /** `calendar/events/v1`. */
  namespace!: string;
  /** Every route, keyed `/calendar/events/v1/events/(?P<id>\\d+)`-style. */
  @ApiProperty({ type: 'object', additionalProperties: { $ref: getSchemaPath(IndexRouteDto) } })
  routes!: Record<string, IndexRouteDto>;
  /**
   * `self` (this index), `up` (the API root, as WordPress links its root) and `describedby` (the
   * OpenAPI document).
   */
  @ApiProperty({
    type: 'object',
    properties: {
      self: { type: 'array', items: { $ref: getSchemaPath(IndexLinkDto) } },
      up: { type: 'array', items: { $ref: getSchemaPath(IndexLinkDto) } },
      describedby: { type: 'array', items: { $ref: getSchemaPath(IndexLinkDto) } },
    },
    required: ['self', 'up', 'describedby'],
  })
  _links!: { self: IndexLinkDto[]; up: IndexLinkDto[]; describedby: IndexLinkDto[] };
}
