import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';

const OBJECT = { type: 'object', additionalProperties: true } as const;

/** The OpenAPI document `/doc` answers with (its members, not restated here). */
@ApiSchema({ name: 'OpenApiDocument', description: 'An OpenAPI 3.0 document: this one.' })
export class OpenApiDocumentDto {
  @ApiProperty({ pattern: '^3\\.0\\.\\d+$' })
  openapi!: string;
  @ApiProperty(OBJECT)
  info!: Record<string, unknown>;
  @ApiPropertyOptional({ type: 'array', items: OBJECT })
  tags?: Record<string, unknown>[];
  /** One server: the absolute namespace URL of the request. */
  @ApiProperty({
    type: 'array',
    minItems: 1,
    items: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
  })
  servers!: { url: string }[];
  @ApiProperty(OBJECT)
  paths!: Record<string, unknown>;
  @ApiProperty(OBJECT)
  components!: Record<string, unknown>;
}
