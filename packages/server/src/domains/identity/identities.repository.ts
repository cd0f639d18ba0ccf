import { PAGE_SIZE, type ReviewStatus } from '@tradedesk/contract';
import type { IdentityRow } from '@tradedesk/contract/admin';
import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { type IdentitiesTable, toInt } from '../../platform/db/schema.ts';
import { uploadUrlOf } from '../uploads/index.ts';
import {
  IDENTITY,
  type IdentityDecisionStep,
  type IdentityState,
  identityStatus,
} from './identity-lifecycle.ts';

export interface IdentityRecord {
  userId: number;
  reviewStatus: IdentityState;
  name: string;
  cardId: string;
  frontUpload: string;
  reverseUpload: string;
  reason: string;
  language: string;
  submittedAt: number;
  reviewedAt: number | null;
}

function toIdentity(row: Selectable<IdentitiesTable>): IdentityRecord {
  return {
    userId: toInt(row.user_id),
    reviewStatus: identityStatus.stateOf(row.review_status),
    name: row.name,
    cardId: row.card_id,
    frontUpload: row.front_upload,
    reverseUpload: row.reverse_upload,
    reason: row.reason,
    language: row.language,
    submittedAt: toInt(row.submitted_at),
    reviewedAt: row.reviewed_at === null ? null : toInt(row.reviewed_at),
  };
}

export interface Submission {
  userId: number;
  name: string;
  cardId: string;
  frontUpload: string;
  reverseUpload: string;
  language: string;
  at: number;
}

/**
 * One identity per trader. Every transition (identity-lifecycle.ts) is a conditional write
 * that must change exactly one row: submit from nothing or from not submitted (rejected),
 * decide only from waiting.
 */
export function createIdentitiesRepository(db: Executor) {
  return {
    async find(userId: number, executor: Executor = db): Promise<IdentityRecord | undefined> {
      const row = await executor
        .selectFrom('identities')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row && toIdentity(row);
    },

    /** Review statuses of many traders, as the wire numbers them (0 for those who never submitted). */
    async statusesOf(
      userIds: readonly number[],
      executor: Executor = db,
    ): Promise<Map<number, ReviewStatus>> {
      const rows = userIds.length
        ? await executor
            .selectFrom('identities')
            .select(['user_id', 'review_status'])
            .where('user_id', 'in', userIds)
            .execute()
        : [];
      const never = identityStatus.codeOf('notSubmitted');
      const statuses = new Map<number, ReviewStatus>(userIds.map((id) => [id, never]));
      for (const row of rows)
        statuses.set(toInt(row.user_id), toInt(row.review_status) as ReviewStatus);
      return statuses;
    },

    /** Records a submission as waiting; false when one is already waiting or approved. */
    async submit(s: Submission, executor: Executor): Promise<boolean> {
      const fields = {
        review_status: identityStatus.codeOf(IDENTITY.submit.to),
        name: s.name,
        card_id: s.cardId,
        front_upload: s.frontUpload,
        reverse_upload: s.reverseUpload,
        reason: '',
        language: s.language,
        submitted_at: s.at,
        reviewed_at: null,
        reviewed_by: null,
      };
      const result = await executor
        .insertInto('identities')
        .values({ user_id: s.userId, ...fields })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet(fields)
            .where(identityStatus.isIn(IDENTITY.submit.from, 'identities')),
        )
        .executeTakeFirst();
      return result.numInsertedOrUpdatedRows === 1n;
    },

    /** Waiting → approved or rejected (with the reason); false unless it was waiting. */
    async decide(
      decision: {
        userId: number;
        step: IdentityDecisionStep;
        reason: string;
        operatorId: number;
        at: number;
      },
      executor: Executor,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('identities')
        .set({
          review_status: identityStatus.codeOf(decision.step.to),
          reason: decision.step === IDENTITY.approve ? '' : decision.reason,
          reviewed_at: decision.at,
          reviewed_by: decision.operatorId,
        })
        .where('user_id', '=', decision.userId)
        .where(identityStatus.isIn(decision.step.from))
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /**
     * Identities of one status (a number: the admin contract's filter) with their traders'
     * contacts; the queue is oldest first.
     */
    async list(
      filter: { status: ReviewStatus; page: number },
      executor: Executor = db,
    ): Promise<{ data: IdentityRow[]; total: number }> {
      const base = executor
        .selectFrom('identities')
        .innerJoin('users', 'users.id', 'identities.user_id')
        .where('identities.review_status', '=', filter.status);
      const [rows, count] = await Promise.all([
        base
          .selectAll('identities')
          .select(['users.uid', 'users.email', 'users.mobile'])
          .orderBy('identities.submitted_at', 'asc')
          .orderBy('identities.user_id', 'asc')
          .limit(PAGE_SIZE)
          .offset((filter.page - 1) * PAGE_SIZE)
          .execute(),
        base.select((eb) => eb.fn.countAll<number | bigint>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        data: rows.map((row) => toIdentityRow(toIdentity(row), row)),
        total: toInt(count.n),
      };
    },
  };
}

export type IdentitiesRepository = ReturnType<typeof createIdentitiesRepository>;

/** An identity as operators see it, with its trader's contacts. */
export function toIdentityRow(
  identity: IdentityRecord,
  trader: { uid: string; email: string | null; mobile: string | null },
): IdentityRow {
  return {
    user_id: identity.userId,
    uid: trader.uid,
    email: trader.email,
    mobile: trader.mobile,
    review_status: identityStatus.codeOf(identity.reviewStatus),
    name: identity.name,
    card_id: identity.cardId,
    front_pic: uploadUrlOf(identity.frontUpload),
    reverse_pic: uploadUrlOf(identity.reverseUpload),
    reason: identity.reason,
    submitted_at: identity.submittedAt,
    reviewed_at: identity.reviewedAt,
  };
}
