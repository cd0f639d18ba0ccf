import type { Selectable, Updateable } from 'kysely';
import { toBigInt, toInt } from '../../platform/db/columns.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { pageOf } from './funding-pages.ts';
import type { FundingTables, WithdrawalsTable } from './tables.ts';
import {
  isOpenWithdrawal,
  PAID_OUT_WITHDRAWAL_STATES,
  WAITING_WITHDRAWAL_STATES,
  WITHDRAWAL,
  type WithdrawalState,
  type WithdrawalTransition,
  withdrawalStatus,
} from './withdrawal-lifecycle.ts';

export interface WithdrawalRecord {
  id: number;
  userId: number;
  type: 1 | 2;
  drawCurrencyId: number;
  methodId: number;
  currencyCode: string;
  protocol: string;
  destination: string;
  payeeAccount: string;
  payeeName: string;
  /** USD micros held, the fee included. */
  number: bigint;
  fee: bigint;
  /** 10^-8 of the currency. */
  realNumber: bigint;
  memo: string;
  status: WithdrawalState;
  needsSecond: boolean;
  firstApproverId: number | null;
  firstApproverEmail: string | null;
  firstApprovedAt: number | null;
  approverId: number | null;
  approverEmail: string | null;
  approvedAt: number | null;
  reason: string;
  rejectedAt: number | null;
  reference: string;
  paidAt: number | null;
  idempotencyKey: string | null;
  requestHash: string | null;
  language: string;
  createdAt: number;
}

export type NewWithdrawal = Pick<
  WithdrawalRecord,
  | 'userId'
  | 'type'
  | 'drawCurrencyId'
  | 'methodId'
  | 'currencyCode'
  | 'protocol'
  | 'destination'
  | 'payeeAccount'
  | 'payeeName'
  | 'number'
  | 'fee'
  | 'realNumber'
  | 'memo'
  | 'needsSecond'
  | 'idempotencyKey'
  | 'requestHash'
  | 'language'
  | 'createdAt'
>;

const nullableInt = (v: number | bigint | null) => (v === null ? null : toInt(v));

const toWithdrawal = (r: Selectable<WithdrawalsTable>): WithdrawalRecord => ({
  id: toInt(r.id),
  userId: toInt(r.user_id),
  type: toInt(r.type) as 1 | 2,
  drawCurrencyId: toInt(r.draw_currency_id),
  methodId: toInt(r.method_id),
  currencyCode: r.currency_code,
  protocol: r.protocol,
  destination: r.destination,
  payeeAccount: r.payee_account,
  payeeName: r.payee_name,
  number: toBigInt(r.number),
  fee: toBigInt(r.fee),
  realNumber: toBigInt(r.real_number),
  memo: r.memo,
  status: withdrawalStatus.stateOf(r.status),
  needsSecond: toInt(r.needs_second) === 1,
  firstApproverId: nullableInt(r.first_approver_id),
  firstApproverEmail: r.first_approver_email,
  firstApprovedAt: nullableInt(r.first_approved_at),
  approverId: nullableInt(r.approver_id),
  approverEmail: r.approver_email,
  approvedAt: nullableInt(r.approved_at),
  reason: r.reason,
  rejectedAt: nullableInt(r.rejected_at),
  reference: r.reference,
  paidAt: nullableInt(r.paid_at),
  idempotencyKey: r.idempotency_key,
  requestHash: r.request_hash,
  language: r.language,
  createdAt: toInt(r.created_at),
});

export interface Operator {
  id: number | null;
  email: string;
}

/** Four eyes: the second approval by anyone but the first approver. */
type StepGuard = { notApprovedBy: number | null };

/**
 * One step of a withdrawal: a conditional update from the states the transition leaves, so
 * that two operators (or two nodes) deciding at once change the row once.
 */
async function applyStep(
  executor: Executor<FundingTables>,
  id: number,
  transition: WithdrawalTransition,
  set: Omit<Updateable<WithdrawalsTable>, 'status'>,
  guard?: StepGuard,
): Promise<boolean> {
  let query = executor
    .updateTable('withdrawals')
    .set({ ...set, status: withdrawalStatus.codeOf(transition.to) })
    .where('id', '=', id)
    .where(withdrawalStatus.isIn(transition.from));
  if (guard?.notApprovedBy != null)
    query = query.where('first_approver_id', '<>', guard.notApprovedBy);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The sum of the `number` column of some withdrawals. */
const sumOf = (rows: readonly { number: number | bigint }[]): bigint =>
  rows.reduce((sum, r) => sum + toBigInt(r.number), 0n);

/**
 * Withdrawals, on the executor the repository is built on: the module's root database for
 * pages and look-ups, a command's transaction (ctx.repository) under the account's lock for
 * its steps (withdrawal-lifecycle.ts).
 */
export function createWithdrawalsRepository(executor: Executor<FundingTables>) {
  const select = () => executor.selectFrom('withdrawals');
  return {
    async insert(w: NewWithdrawal): Promise<WithdrawalRecord> {
      const row = await executor
        .insertInto('withdrawals')
        .values({
          user_id: w.userId,
          type: w.type,
          draw_currency_id: w.drawCurrencyId,
          method_id: w.methodId,
          currency_code: w.currencyCode,
          protocol: w.protocol,
          destination: w.destination,
          payee_account: w.payeeAccount,
          payee_name: w.payeeName,
          number: w.number,
          fee: w.fee,
          real_number: w.realNumber,
          memo: w.memo,
          status: withdrawalStatus.codeOf(WITHDRAWAL.request.to),
          needs_second: w.needsSecond ? 1 : 0,
          idempotency_key: w.idempotencyKey,
          request_hash: w.requestHash,
          language: w.language,
          created_at: w.createdAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toWithdrawal(row);
    },

    async find(id: number): Promise<WithdrawalRecord | undefined> {
      const row = await select().selectAll().where('id', '=', id).executeTakeFirst();
      return row && toWithdrawal(row);
    },

    async findByKey(userId: number, key: string): Promise<WithdrawalRecord | undefined> {
      const row = await select()
        .selectAll()
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return row && toWithdrawal(row);
    },

    /** USD requested since `since`, rejected withdrawals left out (the daily limit). */
    async requestedSince(userId: number, since: number): Promise<bigint> {
      const rows = await select()
        .select('number')
        .where('user_id', '=', userId)
        .where('created_at', '>', since)
        .where(withdrawalStatus.isNot('rejected'))
        .execute();
      return sumOf(rows);
    },

    /**
     * USD of the account's withdrawals that four eyes counts at `since` (issue 24, item 3):
     * every one still waiting for a decision (reviewing, second approval) and every one
     * approved after `since` (approved, paid), so that one operator cannot pay a large
     * amount out in parts below the threshold.
     */
    async waitingOrApprovedSince(userId: number, since: number): Promise<bigint> {
      const rows = await select()
        .select('number')
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.or([
            withdrawalStatus.isIn(WAITING_WITHDRAWAL_STATES),
            eb.and([
              withdrawalStatus.isIn(PAID_OUT_WITHDRAWAL_STATES),
              eb('approved_at', '>', since),
            ]),
          ]),
        )
        .execute();
      return sumOf(rows);
    },

    /** One page of a trader's withdrawals (of one type), newest first. */
    pageOfUser(userId: number, type: 1 | 2 | undefined, page: number, size: number) {
      let base = select().where('user_id', '=', userId);
      if (type !== undefined) base = base.where('type', '=', type);
      return pageOf(base.selectAll().orderBy('id', 'desc'), { page, size }, toWithdrawal);
    },

    /** One page of withdrawals in a state: an open one's queue oldest first. */
    pageByStatus(state: WithdrawalState, page: number, size: number) {
      const base = select().where(withdrawalStatus.isIn([state]));
      const order = isOpenWithdrawal(state) ? 'asc' : 'desc';
      return pageOf(base.selectAll().orderBy('id', order), { page, size }, toWithdrawal);
    },

    /**
     * The first of two approvals; from then on two are needed (also for a withdrawal below the
     * threshold whose account's total reached it).
     */
    firstApproval: (id: number, by: Operator, at: number) =>
      applyStep(executor, id, WITHDRAWAL.firstApproval, {
        needs_second: 1,
        first_approver_id: by.id,
        first_approver_email: by.email,
        first_approved_at: at,
      }),

    /** The only approval, or the second one (by another operator than the first). */
    finalApproval: (
      id: number,
      approval: typeof WITHDRAWAL.approve | typeof WITHDRAWAL.secondApproval,
      by: Operator,
      at: number,
    ) =>
      applyStep(
        executor,
        id,
        approval,
        { approver_id: by.id, approver_email: by.email, approved_at: at },
        approval === WITHDRAWAL.secondApproval ? { notApprovedBy: by.id } : undefined,
      ),

    /** Rejected before any money left the account. */
    reject: (id: number, reason: string, at: number) =>
      applyStep(executor, id, WITHDRAWAL.reject, { reason, rejected_at: at }),

    /** The transfer was made. */
    paid: (id: number, reference: string, at: number) =>
      applyStep(executor, id, WITHDRAWAL.paid, { reference, paid_at: at }),
  };
}

export type WithdrawalsRepository = ReturnType<typeof createWithdrawalsRepository>;
