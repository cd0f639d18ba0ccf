import type { IdentityCenter, Language, RealNameRequest } from '@tradedesk/contract';
import type { IdentityRow } from '@tradedesk/contract/admin';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TraderNotice, TraderNotices } from '../../platform/notify/trader-notices.ts';
import { type AuditActor, appendAudit } from '../../platform/operators/audit-log.ts';
import { type UploadsService, uploadUrlOf } from '../uploads/index.ts';
import type { UserRecord, UsersRepository } from '../users/index.ts';
import {
  type IdentitiesRepository,
  type IdentityRecord,
  toIdentityRow,
} from './identities.repository.ts';
import { IDENTITY, type IdentityDecisionStep, identityStatus } from './identity-lifecycle.ts';

const NOT_SUBMITTED: IdentityCenter = {
  review_status: identityStatus.codeOf('notSubmitted'),
  name: '',
  card_id: '',
  front_pic: '',
  reverse_pic: '',
  reason: '',
};

export function toCenter(identity: IdentityRecord | undefined): IdentityCenter {
  if (!identity) return NOT_SUBMITTED;
  return {
    review_status: identityStatus.codeOf(identity.reviewStatus),
    name: identity.name,
    card_id: identity.cardId,
    front_pic: uploadUrlOf(identity.frontUpload),
    reverse_pic: uploadUrlOf(identity.reverseUpload),
    reason: identity.reason,
  };
}

/** The audit record of an identity: what the reviewer saw and decided, images by name. */
function audited(identity: IdentityRecord | undefined) {
  return (
    identity && {
      review_status: identityStatus.codeOf(identity.reviewStatus),
      name: identity.name,
      card_id: identity.cardId,
      front_upload: identity.frontUpload,
      reverse_upload: identity.reverseUpload,
      reason: identity.reason,
    }
  );
}

/**
 * The notice of a decision on a submission. A trader resubmits only after a rejection they
 * have read, so no two submissions of theirs share a millisecond: the key names one decision.
 */
function identityNotice(
  identity: IdentityRecord,
  step: IdentityDecisionStep,
  reason: string,
): TraderNotice {
  const { outcome } = step;
  return {
    key: `identity:${identity.userId}:${identity.submittedAt}:${outcome}`,
    userId: identity.userId,
    kind: `identity_${outcome}`,
    language: identity.language,
    ...(step === IDENTITY.reject && { vars: { reason } }),
  };
}

/**
 * Real-name verification (SPEC.md §3 Identity, DECISIONS.md): 0 not submitted → 1 waiting on
 * submit → 2 finished on approval, or back to 0 with the reason on rejection. Each decision's
 * notice is recorded in its transaction and sent after it commits.
 */
export function createIdentityService(deps: {
  db: Kysely<Database>;
  identities: IdentitiesRepository;
  uploads: UploadsService;
  users: UsersRepository;
  notices: TraderNotices;
  now: () => number;
}) {
  const { db, identities, uploads, now } = deps;

  async function decide(
    actor: AuditActor,
    userId: number,
    step: IdentityDecisionStep,
    reason: string,
  ): Promise<IdentityRow> {
    const user = await deps.users.findById(userId);
    if (!user) throw new AppError('NOT_FOUND');
    const { decided, noticeKey } = await db.transaction().execute(async (trx) => {
      const before = await identities.find(userId, trx);
      if (!before) throw new AppError('NOT_FOUND');
      const at = now();
      const changed = await identities.decide(
        { userId, step, reason, operatorId: actor.adminId ?? 0, at },
        trx,
      );
      if (!changed) throw new AppError('IDENTITY_NOT_WAITING');
      const after = (await identities.find(userId, trx))!;
      await appendAudit(
        trx,
        actor,
        {
          action: step.audit,
          targetType: 'user',
          targetId: userId,
          before: audited(before),
          after: audited(after),
        },
        at,
      );
      // Told in the language they submitted in.
      const notice = identityNotice(before, step, reason);
      return { decided: after, noticeKey: await deps.notices.record(trx, notice) };
    });
    await deps.notices.deliver(noticeKey);
    return toIdentityRow(decided, user);
  }

  return {
    async center(user: UserRecord): Promise<IdentityCenter> {
      return toCenter(await identities.find(user.id));
    },

    async submit(
      user: UserRecord,
      request: RealNameRequest,
      language: Language,
    ): Promise<IdentityCenter> {
      const saved = await db.transaction().execute(async (trx) => {
        const frontUpload = await uploads.claimOwn(trx, user.id, request.front_pic);
        const reverseUpload = await uploads.claimOwn(trx, user.id, request.reverse_pic);
        // One photo in both slots is not two sides of a document.
        if (frontUpload === reverseUpload) throw new AppError('UPLOAD_NOT_OWN');
        const submitted = await identities.submit(
          {
            userId: user.id,
            name: request.name,
            cardId: request.card_id,
            frontUpload,
            reverseUpload,
            language,
            at: now(),
          },
          trx,
        );
        if (!submitted) {
          // Waiting or approved already (perhaps by a request racing this one); the claims
          // above roll back with this transaction.
          const latest = await identities.find(user.id, trx);
          throw new AppError(
            latest?.reviewStatus === 'finished' ? 'IDENTITY_CERTIFIED' : 'IDENTITY_WAITING',
          );
        }
        return (await identities.find(user.id, trx))!;
      });
      return toCenter(saved);
    },

    approve: (actor: AuditActor, userId: number) => decide(actor, userId, IDENTITY.approve, ''),
    reject: (actor: AuditActor, userId: number, reason: string) =>
      decide(actor, userId, IDENTITY.reject, reason),
    list: identities.list,
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
