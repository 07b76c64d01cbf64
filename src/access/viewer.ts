/** Roles a token may carry (contract §4). */
export const ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const;
export type Role = (typeof ROLES)[number];

/** Who is asking: a user id and role from a verified token, or nobody. */
export interface Viewer {
  readonly userId: number | null;
  readonly role: Role | null;
}

export const ANONYMOUS: Viewer = { userId: null, role: null };

/** Whether `viewer` may see items that are not published (drafts, pending, private). */
export function canSeeUnpublished(viewer: Viewer): boolean {
  return viewer.role === 'administrator' || viewer.role === 'editor';
}
