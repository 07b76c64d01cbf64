import type { ShownImage } from '../common/media/image';
import { PostStatus } from '../posts/post-status';

/** The two kinds of item an event links to; their ids come from the shared `posts` registry. */
export type LinkedPostKind = 'venue' | 'organizer';

/** The columns venues and organizers share. */
export interface LinkedPostEntity {
  id: number;
  slug: string;
  status: PostStatus;
  author: number;
  originalLanguage: string;
  dateUtc: Date;
  modifiedUtc: Date;
  phone: string | null;
  website: string | null;
  imageUrl: string | null;
  imageId: number | null;
  imageShown: ShownImage | null;
  globalId: string | null;
  globalIdLineage: string[] | null;
}

/** A venue's or organizer's text in one language; a null field means "not translated". */
export interface LinkedPostTranslation {
  language: string;
  name: string | null;
  nameKey: string | null;
  description: string | null;
}

/** The text of one language to write; undefined fields are left as they are. */
export interface LinkedPostText {
  /** Plain text; its `name_key` is written with it. */
  readonly name?: string;
  /** Sanitised HTML; `""` clears it. */
  readonly description?: string;
}

/** Columns a write sets: all but the id, the slug and the translations. */
export type LinkedPostColumns<E> = Partial<Omit<E, 'id' | 'slug' | 'translations'>>;

/** A stored text value: `""` and null both mean none. */
export function storedText(value: string | null | undefined): string | null {
  return value ? value : null;
}
