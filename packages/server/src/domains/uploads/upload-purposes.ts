import type { UploadPurpose } from '@tradedesk/contract/admin';
import type { Executor } from '../../platform/db/executor.ts';

/**
 * What an upload was submitted as, read from the records that reference it: an identity's
 * front or back makes it an identity document, a deposit's proof a deposit proof. Only its
 * owner's records can reference it (a submission claims its own uploads, `claimOwn`), so each
 * look-up stays within one trader's rows: the identity by its key, the deposits by the
 * (user_id, id) index. Nothing referencing it (not submitted yet, or an identity document a
 * later submission replaced): no purpose.
 */
export async function purposesOf(
  db: Executor,
  name: string,
  ownerId: number,
): Promise<UploadPurpose[]> {
  const [identity, deposit] = await Promise.all([
    db
      .selectFrom('identities')
      .select('user_id')
      .where('user_id', '=', ownerId)
      .where((eb) => eb.or([eb('front_upload', '=', name), eb('reverse_upload', '=', name)]))
      .executeTakeFirst(),
    db
      .selectFrom('deposits')
      .select('id')
      .where('user_id', '=', ownerId)
      .where('proof_upload', '=', name)
      .limit(1)
      .executeTakeFirst(),
  ]);
  const purposes: UploadPurpose[] = [];
  if (identity) purposes.push('identity');
  if (deposit) purposes.push('deposit');
  return purposes;
}
