import type { Selectable } from 'kysely';
import { toBigInt, toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import {
  DEPOSIT,
  type DepositDecisionStep,
  type DepositState,
  depositStatus,
  isUnchecked,
} from './deposit-lifecycle.ts';
import { pageOf } from './funding-pages.ts';
import type { DepositsTable, FundingTables } from './tables.ts';

export interface DepositRecord {
  id: number;
  userId: number;
  type: 0 | 1;
  networkId: number | null;
  wireId: number | null;
  currencyCode: string;
  protocolCode: string;
  destination: string;
  /** 10^-8 of the currency. */
  number: bigint;
  proofUpload: string;
  proofSha256: string;
  status: DepositState;
  remark: string;
  /** 10^-12 USD per unit, at approval. */
  priceUsd: bigint | null;
  /** USD micros, at approval. */
  credited: bigint | null;
  language: string;
  createdAt: number;
  reviewedAt: number | null;
  reviewerId: number | null;
  reviewerEmail: string | null;
  /** Four eyes: the first of two approvals, while the deposit waits for the second. */
  firstApproverId: number | null;
  firstApproverEmail: string | null;
  firstApprovedAt: number | null;
}

export type NewDeposit = Omit<
  DepositRecord,
  | 'id'
  | 'status'
  | 'remark'
  | 'priceUsd'
  | 'credited'
  | 'reviewedAt'
  | 'reviewerId'
  | 'reviewerEmail'
  | 'firstApproverId'
  | 'firstApproverEmail'
  | 'firstApprovedAt'
>;

const nullableInt = (v: number | bigint | null) => (v === null ? null : toInt(v));
const nullableBig = (v: number | bigint | null) => (v === null ? null : toBigInt(v));

const toDeposit = (r: Selectable<DepositsTable>): DepositRecord => ({
  id: toInt(r.id),
  userId: toInt(r.user_id),
  type: toInt(r.type) as 0 | 1,
  networkId: nullableInt(r.network_id),
  wireId: nullableInt(r.wire_id),
  currencyCode: r.currency_code,
  protocolCode: r.protocol_code,
  destination: r.destination,
  number: toBigInt(r.number),
  proofUpload: r.proof_upload,
  proofSha256: r.proof_sha256,
  status: depositStatus.stateOf(r.status),
  remark: r.remark,
  priceUsd: nullableBig(r.price_usd),
  credited: nullableBig(r.credited),
  language: r.language,
  createdAt: toInt(r.created_at),
  reviewedAt: nullableInt(r.reviewed_at),
  reviewerId: nullableInt(r.reviewer_id),
  reviewerEmail: r.reviewer_email,
  firstApproverId: nullableInt(r.first_approver_id),
  firstApproverEmail: r.first_approver_email,
  firstApprovedAt: nullableInt(r.first_approved_at),
});

export interface DepositDecision {
  id: number;
  step: DepositDecisionStep;
  remark: string;
  priceUsd: bigint | null;
  credited: bigint | null;
  reviewerId: number | null;
  reviewerEmail: string;
  at: number;
}

/**
 * Deposits, on the executor the repository is built on: the module's root database for pages
 * and look-ups, a command's transaction (ctx.repository) under the account's lock for its
 * steps. A decision is one conditional update from the states its transition leaves
 * (deposit-lifecycle.ts: unchecked): it happens once. A first approval (four eyes) is one too,
 * from unchecked without one; the credit after it must come from another operator, in the
 * same statement.
 */
export function createDepositsRepository(executor: Executor<FundingTables>) {
  const select = () => executor.selectFrom('deposits');
  return {
    async insert(deposit: NewDeposit): Promise<DepositRecord> {
      const row = await executor
        .insertInto('deposits')
        .values({
          user_id: deposit.userId,
          type: deposit.type,
          network_id: deposit.networkId,
          wire_id: deposit.wireId,
          currency_code: deposit.currencyCode,
          protocol_code: deposit.protocolCode,
          destination: deposit.destination,
          number: deposit.number,
          proof_upload: deposit.proofUpload,
          proof_sha256: deposit.proofSha256,
          status: depositStatus.codeOf(DEPOSIT.submit.to),
          language: deposit.language,
          created_at: deposit.createdAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toDeposit(row);
    },

    async find(id: number): Promise<DepositRecord | undefined> {
      const row = await select().selectAll().where('id', '=', id).executeTakeFirst();
      return row && toDeposit(row);
    },

    async uncheckedCount(userId: number): Promise<number> {
      const { n } = await select()
        .select(({ fn }) => fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .where(depositStatus.isIn(['unchecked']))
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    /**
     * Whether one of the trader's deposits has this upload as its proof: the (user_id, id)
     * index bounds the look-up to the trader's rows.
     */
    async hasProof(userId: number, upload: string): Promise<boolean> {
      const row = await select()
        .select('id')
        .where('user_id', '=', userId)
        .where('proof_upload', '=', upload)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** One page of a trader's deposits (of one type), newest first. */
    pageOfUser(userId: number, type: 0 | 1 | undefined, page: number, size: number) {
      let base = select().where('user_id', '=', userId);
      if (type !== undefined) base = base.where('type', '=', type);
      return pageOf(base.selectAll().orderBy('id', 'desc'), { page, size }, toDeposit);
    },

    /** One page of deposits in a status: the unchecked queue oldest first. */
    pageByStatus(state: DepositState, page: number, size: number) {
      const base = select().where(depositStatus.isIn([state]));
      const order = isUnchecked(state) ? 'asc' : 'desc';
      return pageOf(base.selectAll().orderBy('id', order), { page, size }, toDeposit);
    },

    /** For each of these deposits, the other deposits whose proof has the same bytes. */
    async duplicatesOf(deposits: readonly DepositRecord[]): Promise<Map<number, number[]>> {
      const hashes = [...new Set(deposits.map((d) => d.proofSha256))];
      const found = new Map<number, number[]>(deposits.map((d) => [d.id, []]));
      if (hashes.length === 0) return found;
      const rows = await select()
        .select(['id', 'proof_sha256'])
        .where('proof_sha256', 'in', hashes)
        .orderBy('id')
        .execute();
      for (const deposit of deposits)
        found.set(
          deposit.id,
          rows
            .filter((r) => r.proof_sha256 === deposit.proofSha256 && toInt(r.id) !== deposit.id)
            .map((r) => toInt(r.id)),
        );
      return found;
    },

    /** USD micros credited to the account's deposits decided after `since` (four eyes). */
    async creditedSince(userId: number, since: number): Promise<bigint> {
      const rows = await select()
        .select('credited')
        .where('user_id', '=', userId)
        .where(depositStatus.isIn(['finished']))
        .where('reviewed_at', '>', since)
        .execute();
      return rows.reduce((sum, r) => sum + (r.credited === null ? 0n : toBigInt(r.credited)), 0n);
    },

    /** The first of two approvals; false when the deposit is decided or approved once already. */
    async firstApproval(
      id: number,
      by: { id: number | null; email: string },
      at: number,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('deposits')
        .set({ first_approver_id: by.id, first_approver_email: by.email, first_approved_at: at })
        .where('id', '=', id)
        .where(depositStatus.isIn(DEPOSIT.firstApproval.from))
        .where('first_approved_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /**
     * Records a decision on an unchecked deposit; false when it is no longer unchecked, or when
     * a credit after a first approval comes from the operator who gave it (four eyes).
     */
    async decide(d: DepositDecision): Promise<boolean> {
      let query = executor
        .updateTable('deposits')
        .set({
          status: depositStatus.codeOf(d.step.to),
          remark: d.remark,
          price_usd: d.priceUsd,
          credited: d.credited,
          reviewed_at: d.at,
          reviewer_id: d.reviewerId,
          reviewer_email: d.reviewerEmail,
        })
        .where('id', '=', d.id)
        .where(depositStatus.isIn(d.step.from));
      const reviewerId = d.reviewerId;
      // Four eyes: a credit after a first approval comes from another operator.
      if (d.step.to === DEPOSIT.credit.to)
        query = query.where((eb) =>
          reviewerId === null
            ? eb('first_approved_at', 'is', null)
            : eb.or([
                eb('first_approved_at', 'is', null),
                eb('first_approver_id', '<>', reviewerId),
              ]),
        );
      const result = await query.executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
  };
}

export type DepositsRepository = ReturnType<typeof createDepositsRepository>;
