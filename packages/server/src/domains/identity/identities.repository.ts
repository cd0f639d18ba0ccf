import { PAGE_SIZE, type ReviewStatus } from '@tradedesk/contract';
import type { IdentityRow } from '@tradedesk/contract/admin';
import type { Selectable } from 'kysely';
import { toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { uploadUrlOf } from '../uploads/index.ts';
import {
  IDENTITY,
  type IdentityDecisionStep,
  type IdentityState,
  identityStatus,
} from './identity-lifecycle.ts';
import type { IdentitiesTable, IdentityTables } from './tables.ts';

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
 * decide only from waiting. The repository runs on the executor it is built on: the module's
 * root database, or a decision's or submission's transaction.
 */
export function createIdentitiesRepository(executor: Executor<IdentityTables>) {
  return {
    async find(userId: number): Promise<IdentityRecord | undefined> {
      const row = await executor
        .selectFrom('identities')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row && toIdentity(row);
    },

    /** Review statuses of many traders, as the wire numbers them (0 for those who never submitted). */
    async statusesOf(userIds: readonly number[]): Promise<Map<number, ReviewStatus>> {
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

    /**
     * Whether the trader's identity shows this upload, front or back (a document a later
     * submission replaced no longer counts): the identity's key bounds the look-up.
     */
    async shows(userId: number, upload: string): Promise<boolean> {
      const row = await executor
        .selectFrom('identities')
        .select('user_id')
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('front_upload', '=', upload), eb('reverse_upload', '=', upload)]))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Records a submission as waiting; false when one is already waiting or approved. */
    async submit(s: Submission): Promise<boolean> {
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
    async decide(decision: {
      userId: number;
      step: IdentityDecisionStep;
      reason: string;
      operatorId: number;
      at: number;
    }): Promise<boolean> {
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

    /** One page of the identities in a state, oldest submission first (the queue's order). */
    async page(
      state: IdentityState,
      page: number,
    ): Promise<{ rows: IdentityRecord[]; total: number }> {
      const base = executor.selectFrom('identities').where(identityStatus.isIn([state]));
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('submitted_at', 'asc')
          .orderBy('user_id', 'asc')
          .limit(PAGE_SIZE)
          .offset((page - 1) * PAGE_SIZE)
          .execute(),
        base.select((eb) => eb.fn.countAll<number | bigint>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(toIdentity), total: toInt(count.n) };
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
