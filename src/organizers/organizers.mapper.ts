import { globalIdsOf } from '../posts/post-origin';
import { imageLd } from '../common/media/image';
import { htmlToText } from '../common/text/html';
import {
  languageKeysOf,
  linkedPostBody,
  linkedPostHead,
  LinkedPostMapping,
  linkedPostText,
  withoutEmpty,
} from '../linked-posts/linked-post.mapper';
import { OrganizerListResponseDto, OrganizerResponseDto } from './dto/organizer.response.dto';
import { OrganizerEntity } from './entities/organizer.entity';
import type { OrganizerView } from './organizers.service';

export type { LinkedPostMapping } from '../linked-posts/linked-post.mapper';

/**
 * schema.org `Person`, as TEC's single organizer shows it; the email is plain (TEC obfuscates
 * it with HTML entities) and empty contact members are left out.
 */
function jsonLd(
  organizer: OrganizerEntity,
  name: string,
  description: string,
): Record<string, unknown> {
  return {
    '@type': 'Person',
    name,
    description: htmlToText(description),
    ...imageLd(organizer),
    url: organizer.website ?? '',
    ...withoutEmpty({
      telephone: organizer.phone,
      email: organizer.email,
      sameAs: organizer.website,
    }),
  };
}

/** Builds the wire shape of one organizer (docs/behaviour.md#venues-and-organizers): the fields in TEC's order without the empty ones, then the language keys. */
export function toOrganizerResponse(
  view: OrganizerView,
  mapping: LinkedPostMapping,
): OrganizerResponseDto {
  const { organizer } = view;
  const text = linkedPostText(organizer, view.translations, mapping.language);
  const fields = withoutEmpty({
    ...linkedPostHead('organizer', organizer, mapping),
    organizer: text.values.name,
    ...linkedPostBody(organizer, text),
    phone: organizer.phone,
    website: organizer.website,
    email: organizer.email,
    json_ld: mapping.single
      ? jsonLd(organizer, text.values.name, text.values.description)
      : undefined,
    ...globalIdsOf(organizer, mapping.links),
  });
  return { ...fields, ...languageKeysOf(text) };
}

/** A page of organizers as the list body shows it. */
export function toOrganizerListResponse(
  organizers: OrganizerResponseDto[],
  tail: Omit<OrganizerListResponseDto, 'organizers'>,
): OrganizerListResponseDto {
  return { organizers, ...tail };
}
