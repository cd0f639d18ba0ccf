/**
 * Operator roles (back office). `owner` may do everything; each other role a slice of it.
 * Kept apart from the schemas so that the back office's bundle can read them cheaply.
 */
export const ADMIN_ROLES = ['owner', 'finance', 'compliance', 'support', 'editor'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** What an operator call needs: any operator, or one of some roles (owner always included). */
export type AdminAccess = 'public' | 'operator' | readonly AdminRole[];

/** Whether a role may make a call of the given access. */
export function roleMay(role: AdminRole, access: AdminAccess): boolean {
  if (access === 'public' || access === 'operator') return true;
  return role === 'owner' || access.includes(role);
}

/** The header an operator's token travels in (the trader's `authorization` is never read). */
export const ADMIN_TOKEN_HEADER = 'authorization';
