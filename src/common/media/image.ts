import { ImageDto } from './image.dto';

/** One size of an image as WordPress made it (TEC's `image.sizes.<name>`). */
export interface ShownImageSize {
  readonly width: number;
  readonly height: number;
  readonly 'mime-type': string;
  readonly filesize?: number;
  readonly url: string;
}

/**
 * An image as a TEC site showed it, kept for an imported item: the attachment's URL and id, its
 * extension, width, height, file size and sizes, in TEC's order.
 */
export interface ShownImage {
  readonly url: string;
  readonly id: number;
  readonly extension?: string;
  readonly width?: number;
  readonly height?: number;
  readonly filesize?: number;
  readonly sizes?: Readonly<Record<string, ShownImageSize>>;
}

/** The stored form of an image: a URL or an attachment id, never both. */
export interface ImageColumns {
  imageUrl: string | null;
  imageId: number | null;
  /** The image as an import's source showed it (its URL is `imageUrl`); null for none. */
  imageShown?: ShownImage | null;
}

/**
 * Columns for an `image` input: a positive id, an http(s) URL, or empty/null for none; `shown`,
 * the image as an import's source showed it (a write here keeps none).
 */
export function imageColumns(
  input: string | number | null | undefined,
  shown: ShownImage | null = null,
): Required<ImageColumns> {
  if (typeof input === 'number') return { imageUrl: null, imageId: input, imageShown: null };
  if (typeof input === 'string' && input !== '') {
    return { imageUrl: input, imageId: null, imageShown: shown?.url === input ? shown : null };
  }
  return { imageUrl: null, imageId: null, imageShown: null };
}

/**
 * `{url, extension}` for a URL, `{id}` for an id, `false` for none (docs/behaviour.md#images); an
 * imported image as its source showed it.
 */
export function imageOf(columns: Readonly<ImageColumns>): ImageDto | false {
  const shown = columns.imageShown;
  if (shown && columns.imageUrl === shown.url) return { ...shown };
  if (columns.imageUrl) {
    const path = new URL(columns.imageUrl).pathname;
    const extension = /\.([a-z0-9]{2,5})$/i.exec(path)?.[1];
    return { url: columns.imageUrl, ...(extension ? { extension: extension.toLowerCase() } : {}) };
  }
  return columns.imageId ? { id: columns.imageId } : false;
}

/** The `image` member of a venue's or organizer's schema.org `json_ld`: its URL, when it has one. */
export function imageLd(columns: Readonly<ImageColumns>): { image?: string } {
  const image = imageOf(columns);
  return image && image.url ? { image: image.url } : {};
}

/** Whether `value` is an absolute http or https URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
