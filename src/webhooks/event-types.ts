import {
  CHANGE_ACTIONS,
  CHANGE_KINDS,
  ChangeAction,
  ChangeKind,
} from '../changes/entities/change.entity';

/**
 * What a subscription may name in `event_types`: one type (`event.created`), every action of one
 * kind (`venue.*`), or everything (`*`).
 */
export const EVENT_TYPE_PATTERNS: readonly string[] = [
  '*',
  ...CHANGE_KINDS.flatMap((kind) => [`${kind}.*`, ...CHANGE_ACTIONS.map((a) => `${kind}.${a}`)]),
];

/** Whether a subscription to `patterns` receives changes of `kind` that were `action`. */
export function subscribesTo(
  patterns: readonly string[],
  kind: ChangeKind,
  action: ChangeAction,
): boolean {
  return patterns.some(
    (pattern) => pattern === '*' || pattern === `${kind}.*` || pattern === `${kind}.${action}`,
  );
}

/** The stored list (`a,b`) as patterns. */
export function parseEventTypes(stored: string): string[] {
  return stored.split(',').filter((pattern) => pattern !== '');
}
