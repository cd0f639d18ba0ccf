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

/** What a trader's private upload was submitted as, known from what references it. */
export type UploadPurpose = 'identity' | 'deposit';

/**
 * Who reads a trader's private upload, by what it was submitted as (owner always): identity
 * documents are compliance's, deposit proofs finance's. The server decides each read by the
 * record that references the upload — an identity's front or back, a deposit's proof — so
 * finance never sees an identity document, nor compliance a deposit proof. An upload nothing
 * references (not yet submitted, or replaced by a later identity submission) is the trader's
 * own and the owner's.
 */
export const UPLOAD_READERS = {
  identity: ['compliance'],
  deposit: ['finance'],
} as const satisfies Record<UploadPurpose, readonly AdminRole[]>;

/**
 * Whether a role may read an upload referenced as each of `purposes` (usually one; a trader
 * may send the same picture as two things, and then each of their reviewers reads it).
 */
export function mayReadUpload(role: AdminRole, purposes: readonly UploadPurpose[]): boolean {
  return role === 'owner' || purposes.some((purpose) => roleMay(role, UPLOAD_READERS[purpose]));
}

/** The header an operator's token travels in (the trader's `authorization` is never read). */
export const ADMIN_TOKEN_HEADER = 'authorization';
