import type { IdentityCenter, Language, RealNameRequest, ReviewStatus } from '@tradedesk/contract';
import type { IdentityRow } from '@tradedesk/contract/admin';
import type { Transact } from '../../platform/db/transaction-scope.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type {
  NoticesExecutor,
  TraderNotice,
  TraderNotices,
} from '../../platform/notify/trader-notices.ts';
import {
  type AuditActor,
  type AuditEntry,
  type AuditExecutor,
  appendAudit,
} from '../../platform/operators/audit-log.ts';
import { type UploadsService, uploadUrlOf } from '../uploads/index.ts';
import type { UserRecord, UsersRepository } from '../users/index.ts';
import {
  createIdentitiesRepository,
  type IdentitiesRepository,
  type IdentityRecord,
  toIdentityRow,
} from './identities.repository.ts';
import { IDENTITY, type IdentityDecisionStep, identityStatus } from './identity-lifecycle.ts';

/** The audit log on a decision's transaction: its row commits with the decision. */
const auditOn = (executor: AuditExecutor) => ({
  append: (actor: AuditActor, entry: AuditEntry, at: number) =>
    appendAudit(executor, actor, entry, at),
});

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
  /** On the module's root database, for what reads outside a transaction. */
  identities: IdentitiesRepository;
  /** A submission with the uploads it claims, a decision with its audit row and notice. */
  transact: Transact;
  uploads: UploadsService;
  users: UsersRepository;
  notices: TraderNotices;
  now: () => number;
}) {
  const { identities, uploads, transact, now } = deps;
  const noticesOn = (executor: NoticesExecutor) => ({
    record: (notice: TraderNotice) => deps.notices.record(executor, notice),
  });

  async function decide(
    actor: AuditActor,
    userId: number,
    step: IdentityDecisionStep,
    reason: string,
  ): Promise<IdentityRow> {
    const user = await deps.users.findById(userId);
    if (!user) throw new AppError('NOT_FOUND');
    const { decided, noticeKey } = await transact(async (tx) => {
      const identities = tx.repository(createIdentitiesRepository);
      const before = await identities.find(userId);
      if (!before) throw new AppError('NOT_FOUND');
      const at = now();
      const changed = await identities.decide({
        userId,
        step,
        reason,
        operatorId: actor.adminId ?? 0,
        at,
      });
      if (!changed) throw new AppError('IDENTITY_NOT_WAITING');
      const after = (await identities.find(userId))!;
      await tx.repository(auditOn).append(
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
      return { decided: after, noticeKey: await tx.repository(noticesOn).record(notice) };
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
      const saved = await transact(async (tx) => {
        const claims = tx.repository(uploads.claims);
        const frontUpload = await claims.claimOwn(user.id, request.front_pic);
        const reverseUpload = await claims.claimOwn(user.id, request.reverse_pic);
        // One photo in both slots is not two sides of a document.
        if (frontUpload === reverseUpload) throw new AppError('UPLOAD_NOT_OWN');
        const identities = tx.repository(createIdentitiesRepository);
        const submitted = await identities.submit({
          userId: user.id,
          name: request.name,
          cardId: request.card_id,
          frontUpload,
          reverseUpload,
          language,
          at: now(),
        });
        if (!submitted) {
          // Waiting or approved already (perhaps by a request racing this one); the claims
          // above roll back with this transaction.
          const latest = await identities.find(user.id);
          throw new AppError(
            latest?.reviewStatus === IDENTITY.approve.to
              ? 'IDENTITY_CERTIFIED'
              : 'IDENTITY_WAITING',
          );
        }
        return (await identities.find(user.id))!;
      });
      return toCenter(saved);
    },

    approve: (actor: AuditActor, userId: number) => decide(actor, userId, IDENTITY.approve, ''),
    reject: (actor: AuditActor, userId: number, reason: string) =>
      decide(actor, userId, IDENTITY.reject, reason),

    /**
     * Identities of one status (a number: the admin contract's filter) with their traders'
     * contacts; the queue is oldest first.
     */
    async list(filter: { status: ReviewStatus; page: number }) {
      const { rows, total } = await identities.page(
        identityStatus.stateOf(filter.status),
        filter.page,
      );
      const traders = await deps.users.findByIds(rows.map((identity) => identity.userId));
      const data = rows.map((identity) => {
        // identities.user_id references users.id: every identity has its trader.
        const trader = traders.get(identity.userId);
        if (!trader) throw new Error(`identity of unknown user ${identity.userId}`);
        return toIdentityRow(identity, trader);
      });
      return { data, total };
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
