import { ApiProperty, ApiSchema, getSchemaPath, type ApiPropertyOptions } from '@nestjs/swagger';
import { CreateOrganizerDto } from '../../organizers/dto/create-organizer.dto';
import { CreateVenueDto } from '../../venues/dto/create-venue.dto';

/** An existing venue or organizer named by its id. */
@ApiSchema({ name: 'LinkById', description: 'An existing venue or organizer, by id.' })
export class LinkByIdDto {
  @ApiProperty({ type: 'integer', minimum: 1 })
  id!: number;
}

const ID = { type: 'integer', minimum: 1 } as const;
const NONE = { type: 'array', maxItems: 0, items: {} } as const;
const ID_OR_COMMA_LIST = { type: 'string', description: 'An id, or ids separated by commas.' };

/** One venue: an id, `{"id"}`, a venue object (created or reused), or `0`, `""` or `[]` to unlink. */
export const VENUE_INPUT = {
  oneOf: [
    { type: 'integer', minimum: 0 },
    ID_OR_COMMA_LIST,
    { $ref: getSchemaPath(LinkByIdDto) },
    { $ref: getSchemaPath(CreateVenueDto) },
    NONE,
  ],
} satisfies ApiPropertyOptions;

const ORGANIZER = {
  oneOf: [ID, ID_OR_COMMA_LIST, { $ref: getSchemaPath(LinkByIdDto) }],
};

/** Organizers in order: ids, `{"id"}` objects, organizer objects, or a mix; `""` or `[]` unlinks all. */
export const ORGANIZER_INPUT = {
  oneOf: [
    ...ORGANIZER.oneOf,
    { $ref: getSchemaPath(CreateOrganizerDto) },
    {
      type: 'array',
      items: { oneOf: [...ORGANIZER.oneOf, { $ref: getSchemaPath(CreateOrganizerDto) }] },
    },
  ],
} satisfies ApiPropertyOptions;

/** Categories or tags: ids, slugs or names, as a list or a comma list; `""` or `[]` clears. */
export const TERMS_INPUT = {
  oneOf: [
    { type: 'array', items: { oneOf: [ID, { type: 'string' }] } },
    { type: 'string', description: 'Ids, slugs or names separated by commas.' },
    ID,
  ],
} satisfies ApiPropertyOptions;

/** A cost: text such as `$23` or `10 - 20 €`, a number, or a list of them. */
export const COST_INPUT = {
  oneOf: [
    { type: 'string' },
    { type: 'number' },
    { type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'number' }] } },
  ],
} satisfies ApiPropertyOptions;
