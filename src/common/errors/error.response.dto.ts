import {
  ApiExtraModels,
  ApiProperty,
  ApiPropertyOptional,
  ApiSchema,
  getSchemaPath,
} from '@nestjs/swagger';

/** Why one parameter was refused, as WordPress details a type problem. */
@ApiSchema({ name: 'ErrorDetail', description: 'Why one parameter was refused.' })
export class ErrorDetailDto {
  /** `rest_invalid_type` and alike. */
  code!: string;
  message!: string;
  @ApiProperty({
    type: 'object',
    properties: { param: { type: 'string' } },
    required: ['param'],
  })
  data!: { param: string };
}

/** The `data` member of an error: its HTTP status, then what the code adds. */
@ApiSchema({ name: 'ErrorData', description: 'The status of an error and what its code adds.' })
@ApiExtraModels(ErrorDetailDto)
export class ErrorDataDto {
  /** The HTTP status of the answer (301 only for an imported event's former id). */
  @ApiProperty({ type: 'integer', minimum: 301, maximum: 599 })
  status!: number;
  /**
   * `rest_invalid_param`: each refused parameter and why; `rest_missing_callback_param`: the
   * names of the missing parameters, in declaration order.
   */
  @ApiPropertyOptional({
    oneOf: [
      { type: 'object', additionalProperties: { type: 'string' } },
      { type: 'array', items: { type: 'string' } },
    ],
  })
  params?: Record<string, string> | string[];
  /** `rest_invalid_param`: details of type problems by parameter, `[]` when there are none. */
  @ApiPropertyOptional({
    oneOf: [
      { type: 'object', additionalProperties: { $ref: getSchemaPath(ErrorDetailDto) } },
      { type: 'array', maxItems: 0, items: {} },
    ],
  })
  details?: Record<string, ErrorDetailDto> | never[];
  /** `rest_invalid_json`: always `4` (a syntax error), as PHP numbers it. */
  @ApiPropertyOptional({ type: 'integer' })
  json_error_code?: number;
  /** `rest_invalid_json`: what the parser said. */
  json_error_message?: string;
  /** `term_exists`: the id of the term that has the name already. */
  @ApiPropertyOptional({ type: 'integer', minimum: 1 })
  term_id?: number;
}

/** The error body (docs/behaviour.md#errors). */
@ApiSchema({
  name: 'Error',
  description:
    'Every error: a stable `code`, a `message` in the request language, and `data` with the status.',
})
export class ErrorResponseDto {
  /** Stable code: `rest_invalid_param`, `rest-event-not-found`, ... */
  code!: string;
  /** In the request's language (English is The Events Calendar's wording). */
  message!: string;
  data!: ErrorDataDto;
}
