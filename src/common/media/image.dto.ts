import type { ShownImageSize } from './image';
import { ApiPropertyOptional, ApiPropertyOptions, ApiSchema, getSchemaPath } from '@nestjs/swagger';

/** An image as the API shows it: what is known of it (a URL is never fetched). */
@ApiSchema({
  name: 'Image',
  description:
    'A featured image: `{url, extension}` for a URL, `{id}` for an attachment id; an imported image as its TEC site showed it, with its attachment `id`, `width`, `height`, `filesize` and `sizes`.',
})
export class ImageDto {
  @ApiPropertyOptional({ format: 'uri' })
  url?: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 1 })
  id?: number;
  /** The file extension of the URL, lower case, when it has one. */
  extension?: string;
  /** Width in pixels (an imported image). */
  @ApiPropertyOptional({ type: 'integer', minimum: 0 })
  width?: number;
  /** Height in pixels (an imported image). */
  @ApiPropertyOptional({ type: 'integer', minimum: 0 })
  height?: number;
  /** File size in bytes (an imported image). */
  @ApiPropertyOptional({ type: 'integer', minimum: 0 })
  filesize?: number;
  /** The sizes WordPress made of an imported image, by name (`thumbnail`, `medium`, ...). */
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: {
      type: 'object',
      required: ['width', 'height', 'mime-type', 'url'],
      properties: {
        width: { type: 'integer', minimum: 0 },
        height: { type: 'integer', minimum: 0 },
        'mime-type': { type: 'string' },
        filesize: { type: 'integer', minimum: 0 },
        url: { type: 'string', format: 'uri' },
      },
    },
  })
  sizes?: Record<string, ShownImageSize>;
}

/** The schema of an `image` that is `false` when there is none. */
export const IMAGE_OR_FALSE = {
  oneOf: [{ $ref: getSchemaPath(ImageDto) }, { type: 'boolean', enum: [false] }],
} satisfies ApiPropertyOptions;
