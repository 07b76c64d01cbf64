import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { nameKey } from '../common/text/name-key';

/** Columns built from names only known at run time, as TypeORM's write methods take them. */
function rowOf<T>(columns: object): QueryDeepPartialEntity<T> {
  return columns;
}

/** Translated text to write: a field left undefined keeps its stored value. */
export type TextChanges = Readonly<Record<string, string | null | undefined>>;

/** The text of a named item (venue, organizer, term) with its folded `nameKey` beside the name. */
export function namedText(text: {
  readonly name?: string;
  readonly description?: string | null;
}): TextChanges {
  const { name, description } = text;
  return {
    ...(name !== undefined ? { name, nameKey: nameKey(name) } : {}),
    ...(description !== undefined ? { description } : {}),
  };
}

/**
 * Writes the given fields of one language's translation row of item `id` in one statement: a new
 * row gets them (its other fields stay null, "not translated"); an existing one has only them
 * replaced. `owner` is the property holding the item's id (`eventId`, `venueId`, ...).
 */
export async function writeTranslation<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  owner: string,
  id: number,
  language: string,
  changes: TextChanges,
): Promise<void> {
  await writeTranslations(manager, target, owner, [id], language, changes);
}

/** `writeTranslation` of the same fields for each of `ids`, in one statement. */
export async function writeTranslations<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  owner: string,
  ids: readonly number[],
  language: string,
  changes: TextChanges,
): Promise<void> {
  const given = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  );
  if (Object.keys(given).length === 0 || ids.length === 0) return;
  await manager.upsert(
    target,
    ids.map((id) => rowOf<T>({ [owner]: id, language, ...given })),
    [owner, 'language'],
  );
}
