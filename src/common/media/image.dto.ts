import { ApiPropertyOptional, ApiPropertyOptions, ApiSchema, getSchemaPath } from '@nestjs/swagger';

/** An image as the API shows it: what is known of it (a URL is never fetched). */
@ApiSchema({
  name: 'Image',
  description: 'A featured image: `{url, extension}` for a URL, `{id}` for an attachment id.',
})
export class ImageDto {
  @ApiPropertyOptional({ format: 'uri' })
  url?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 1 })
  id?: number;
  /** The file extension of the URL, lower case, when it has one. */
  extension?: string;
}

/** The schema of an `image` that is `false` when there is none. */
export const IMAGE_OR_FALSE = {
  oneOf: [{ $ref: getSchemaPath(ImageDto) }, { type: 'boolean', enum: [false] }],
} satisfies ApiPropertyOptions;
