import { ImageDto } from './image.dto';

/** The stored form of an image: a URL or an attachment id, never both. */
export interface ImageColumns {
  imageUrl: string | null;
  imageId: number | null;
}

/** Columns for an `image` input: a positive id, an http(s) URL, or empty/null for none. */
export function imageColumns(input: string | number | null | undefined): ImageColumns {
  if (typeof input === 'number') return { imageUrl: null, imageId: input };
  if (typeof input === 'string' && input !== '') return { imageUrl: input, imageId: null };
  return { imageUrl: null, imageId: null };
}

/** `{url, extension}` for a URL, `{id}` for an id, `false` for none (docs/behaviour.md#images). */
export function imageOf(columns: Readonly<ImageColumns>): ImageDto | false {
  if (columns.imageUrl) {
    const path = new URL(columns.imageUrl).pathname;
    const extension = /\.([a-z0-9]{2,5})$/i.exec(path)?.[1];
    return { url: columns.imageUrl, ...(extension ? { extension: extension.toLowerCase() } : {}) };
  }
  return columns.imageId ? { id: columns.imageId } : false;
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
