import { Headers } from '@nestjs/common';
import etag from 'etag';
import { DomainError } from '../errors/domain-error';

/**
 * The strong entity tag of a JSON answer: the one Express sends with it (`etag` set to
 * `strong` in app.setup.ts), computed from the same text.
 */
export function entityTag(body: unknown): string {
  return etag(JSON.stringify(body));
}

/** The `If-Match` header of the request, if any. */
export const IfMatch = (): ParameterDecorator => Headers('if-match');

/** The tags an `If-Match` names: `*`, or strong tags (a weak tag never matches a write). */
function namedTags(header: string): '*' | string[] {
  if (header.trim() === '*') return '*';
  return (header.match(/(?:W\/)?"[^"]*"/g) ?? []).filter((tag) => !tag.startsWith('W/'));
}

/**
 * Optimistic concurrency for an item write: with `If-Match`, the write goes ahead only when one
 * of the tags it names is the current tag of the item as a read by the same caller, in the
 * same language, would show it (`current` renders that read); otherwise it is refused with 412
 * `rest_precondition_failed` and changes nothing. `*` asks only that the item exist. Run
 * inside the write's unit of work, the item's row is locked by the read, so no other write can
 * slip in between the check and the write.
 */
export async function checkIfMatch(
  header: string | undefined,
  current: () => Promise<unknown>,
): Promise<void> {
  if (header === undefined) return;
  const tags = namedTags(header);
  const tag = entityTag(await current());
  if (tags !== '*' && !tags.includes(tag)) throw new DomainError('preconditionFailed');
}
