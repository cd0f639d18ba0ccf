import type { UploadPurpose } from '@tradedesk/contract/admin';

/**
 * Whether one of `ownerId`'s records references the upload `name` as this purpose. Only its
 * owner's records can (a submission claims its own uploads, `claimOwn`), so a check stays
 * within one trader's rows.
 */
export type PurposeCheck = (name: string, ownerId: number) => Promise<boolean>;

/**
 * What an upload was submitted as, told by the domains whose records reference uploads: identity
 * registers its documents, funding its deposit proofs. They depend on uploads, so uploads asks
 * them through what they registered rather than reading their tables. Nothing referencing it
 * (not submitted yet, or an identity document a later submission replaced): no purpose.
 */
export function createUploadPurposes() {
  const checks = new Map<UploadPurpose, PurposeCheck>();
  return {
    register(purpose: UploadPurpose, check: PurposeCheck): void {
      if (checks.has(purpose)) throw new Error(`upload purpose ${purpose} registered twice`);
      checks.set(purpose, check);
    },

    async of(name: string, ownerId: number): Promise<UploadPurpose[]> {
      const registered = [...checks];
      const found = await Promise.all(registered.map(([, check]) => check(name, ownerId)));
      return registered.filter((_, i) => found[i]).map(([purpose]) => purpose);
    },
  };
}
