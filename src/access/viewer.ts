/** Roles a token may carry (README.md#access), from most to least trusted. */
export const ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who is asking. `userId` is null for a caller without a token; a verified token gives its
 * numeric `sub`, and `role` its role claim, or null when the claim names none of the roles
 * (a signed-in user with no rights).
 */
export interface Viewer {
  readonly userId: number | null;
  readonly role: Role | null;
}

export const ANONYMOUS: Viewer = { userId: null, role: null };

/** Whether `value` names one of the roles. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
