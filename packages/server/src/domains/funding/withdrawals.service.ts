import { createHash } from 'node:crypto';
import {
  type DrawList,
  type DrawRequest,
  type Language,
  PAGE_SIZE,
  type WithdrawalStatus as WithdrawalStatusCode,
  type WithdrawRecord,
} from '@tradedesk/contract';
import type { AdminWithdrawal } from '@tradedesk/contract/admin';
import { asMicros, parseMicros, withdrawalQuote } from '@tradedesk/engine';
import type { Kysely } from 'kysely';
import type { CommandCore } from '../../platform/core/command-core.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { wireTime } from '../../platform/http/wire-time.ts';
import type { TraderNotice, TraderNotices } from '../../platform/notify/trader-notices.ts';
import { type ChannelsRepository, createChannelsRepository } from './channels.repository.ts';
import { createDrawMethodsRepository, type DrawMethodRecord } from './draw-methods.repository.ts';
import './funding-events.ts';
import { type AuditActor, appendAudit } from '../../platform/operators/audit-log.ts';
import type { PasswordConfirmation, UserRecord, UsersRepository } from '../users/index.ts';
import { CURRENCY_LIMIT, largestWithdrawal } from './funding-limits.ts';
import { CURRENCY_SCALE, decimalText, parseUsdAmount, USD_SCALE } from './funding-units.ts';
import { toAdminWithdrawal, toDrawCurrencyWire, toWithdrawWire } from './funding-wire.ts';
import {
  finalApprovalFrom,
  postWithdrawalStep,
  WITHDRAWAL,
  withdrawalStatus,
} from './withdrawal-lifecycle.ts';
import {
  createWithdrawalsRepository,
  type WithdrawalRecord,
  type WithdrawalsRepository,
} from './withdrawals.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface WithdrawalRules {
  /**
   * A withdrawal needs two operators when the account's withdrawals waiting or approved
   * within 24 hours, itself included, reach this many USD (one alone: flagged at request).
   */
  fourEyesUsd: string;
  /** USD one account may request within any 24 hours. */
  dailyLimitUsd: string;
}

/** Where a withdrawal goes, in one line: the address, or the bank account. */
const destinationOf = (m: DrawMethodRecord) =>
  m.type === 1 ? m.dcAddress : `${m.bankName} · ${m.bankSwift} · ${m.payeeAccount}`;

/** The notice of a decision on a withdrawal; its key names the withdrawal and the outcome. */
const withdrawalNotice = (
  w: WithdrawalRecord,
  outcome: 'approved' | 'rejected' | 'paid',
  vars: Record<string, string> = {},
): TraderNotice => ({
  key: `withdrawal:${w.id}:${outcome}`,
  userId: w.userId,
  kind: `withdrawal_${outcome}`,
  language: w.language,
  vars: {
    number: decimalText(w.number, USD_SCALE),
    real_number: decimalText(w.realNumber, CURRENCY_SCALE),
    currency: w.currencyCode,
    ...vars,
  },
});

/** What the audit log keeps of a withdrawal. */
const audited = (w: WithdrawalRecord | undefined) =>
  w && {
    status: withdrawalStatus.codeOf(w.status),
    number: decimalText(w.number, USD_SCALE),
    fee: decimalText(w.fee, USD_SCALE),
    real_number: decimalText(w.realNumber, CURRENCY_SCALE),
    currency: w.currencyCode,
    destination: w.destination,
    reason: w.reason,
    reference: w.reference,
  };

/** Stripe's idempotency: the same key must come with the same request. */
export function drawRequestHash(params: DrawRequest): string {
  const canonical = [
    params.draw_currency_id,
    params.number,
    params.draw_method_id,
    params.memo ?? '',
  ].join('|');
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * Withdrawals (DECISIONS.md Funding, SPEC.md §9): at request the amount moves from balance to
 * lock_balance; the final approval pays it out of the lock, a rejection returns it — each a
 * ledger row, each through the command core under the account's lock. From the four-eyes
 * amount — of the withdrawal, or of the account's withdrawals of 24 hours with it — two
 * different operators must approve; marking paid records the transfer.
 */
export function createWithdrawalsService(deps: {
  db: Kysely<Database>;
  core: CommandCore;
  // For what runs outside a command (pages, audit reads, the paid step); a command takes its
  // own from ctx.repository, on its transaction.
  channels: ChannelsRepository;
  withdrawals: WithdrawalsRepository;
  users: UsersRepository;
  notices: TraderNotices;
  rules: WithdrawalRules;
  /** Checks the account's password that confirms a withdrawal (rate limited). */
  confirmPassword: PasswordConfirmation;
  now: () => number;
}) {
  const { db, core, channels, withdrawals } = deps;
  const fourEyes = parseMicros(deps.rules.fourEyesUsd);
  const dailyLimit = parseMicros(deps.rules.dailyLimitUsd);

  async function adminRow(w: WithdrawalRecord): Promise<AdminWithdrawal> {
    return toAdminWithdrawal(w, await deps.users.findById(w.userId));
  }

  async function existing(id: number): Promise<WithdrawalRecord> {
    const w = await withdrawals.find(id);
    if (!w) throw new AppError('NOT_FOUND');
    return w;
  }

  async function audit(
    executor: Parameters<typeof appendAudit>[0],
    actor: AuditActor,
    action: string,
    before: WithdrawalRecord,
    id: number,
    at: number,
  ): Promise<WithdrawalRecord> {
    const after = (await withdrawals.find(id, executor))!;
    await appendAudit(
      executor,
      actor,
      {
        action,
        targetType: 'withdrawal',
        targetId: id,
        before: audited(before),
        after: audited(after),
      },
      at,
    );
    return after;
  }

  return {
    /** The currencies withdrawals of a type (1 coin, 2 bank) may be paid in now. */
    async currencies(type: 1 | 2) {
      return (await channels.drawCurrencies({ type, onlyEnabled: true })).map(toDrawCurrencyWire);
    },

    /**
     * Holds a withdrawal: every rule is checked under the account's lock, against what the
     * database holds, so that racing requests can never take more than the account has.
     * The account's password confirms it first, outside the lock (hashing is slow): a stolen
     * session alone cannot send the balance to an address.
     */
    async request(
      user: UserRecord,
      params: DrawRequest,
      key: string | undefined,
      language: Language,
    ): Promise<WithdrawRecord> {
      if (!params.password) throw new AppError('PASSWORD_REQUIRED');
      await deps.confirmPassword(user, params.password);
      const hash = drawRequestHash(params);
      const held = await core.execute(
        user.id,
        {
          name: 'withdrawal-hold',
          async run(ctx) {
            const withdrawals = ctx.repository(createWithdrawalsRepository);
            if (key) {
              const first = await withdrawals.findByKey(user.id, key);
              if (first && first.requestHash !== hash)
                throw new AppError('WITHDRAW_IDEMPOTENCY_MISMATCH');
              if (first) return first;
            }
            const currency = await ctx
              .repository(createChannelsRepository)
              .drawCurrency(params.draw_currency_id);
            if (!currency?.enabled) throw new AppError('FUNDING_CHANNEL_NOT_FOUND');
            const method = await ctx
              .repository(createDrawMethodsRepository)
              .own(user.id, params.draw_method_id);
            if (!method || method.drawCurrencyId !== currency.id)
              throw new AppError('METHOD_NOT_BOUND');
            if (method.usableAt > ctx.at)
              throw new AppError('METHOD_COOLING', { time: wireTime(method.usableAt) });

            const amount = parseUsdAmount(params.number);
            if (amount < currency.min)
              throw new AppError('AMOUNT_BELOW_MIN', { min: decimalText(currency.min, USD_SCALE) });
            if (currency.max > 0n && amount > currency.max)
              throw new AppError('AMOUNT_ABOVE_MAX', { max: decimalText(currency.max, USD_SCALE) });
            const quote = withdrawalQuote(amount, currency);
            if (quote.receive <= 0n)
              throw new AppError('AMOUNT_BELOW_FEE', { fee: decimalText(quote.fee, USD_SCALE) });
            // The contract bounds the amount and usd_price, not their product (issue 24, item 5).
            if (quote.receive > CURRENCY_LIMIT)
              throw new AppError('AMOUNT_ABOVE_MAX', {
                max: decimalText(largestWithdrawal(currency), USD_SCALE),
              });

            const available = await ctx.available();
            if (amount > available)
              throw new AppError('INSUFFICIENT_FUNDS', {
                available: decimalText(available, USD_SCALE),
              });
            const requested = await withdrawals.requestedSince(user.id, ctx.at - DAY_MS);
            if (requested + amount > dailyLimit)
              throw new AppError('DAILY_LIMIT_EXCEEDED', {
                limit: decimalText(dailyLimit, USD_SCALE),
                left: decimalText(requested >= dailyLimit ? 0n : dailyLimit - requested, USD_SCALE),
              });

            const withdrawal = await withdrawals.insert({
              userId: user.id,
              type: currency.type,
              drawCurrencyId: currency.id,
              methodId: method.id,
              currencyCode: currency.code,
              protocol: currency.protocol,
              destination: destinationOf(method),
              payeeAccount: method.type === 2 ? method.payeeAccount : '',
              payeeName: method.type === 2 ? method.payeeName : '',
              number: amount,
              fee: quote.fee,
              realNumber: quote.receive,
              memo: params.memo ?? '',
              needsSecond: amount >= fourEyes,
              idempotencyKey: key ?? null,
              requestHash: key ? hash : null,
              language,
              createdAt: ctx.at,
            });
            postWithdrawalStep(ctx, WITHDRAWAL.request, withdrawal.id, amount);
            ctx.emit({ type: 'funding', change: 'withdrawal-held', id: withdrawal.id });
            return withdrawal;
          },
        },
        { create: true },
      );
      return toWithdrawWire(held, language);
    },

    async list(
      user: UserRecord,
      type: 1 | 2 | undefined,
      page: number,
      language: Language,
    ): Promise<DrawList> {
      const { rows, total } = await withdrawals.pageOfUser(user.id, type, page, PAGE_SIZE);
      return { data: rows.map((w) => toWithdrawWire(w, language)), total };
    },

    /** The operators' list of one status (a number: the admin contract's filter). */
    async queue(status: WithdrawalStatusCode, page: number) {
      const state = withdrawalStatus.stateOf(status);
      const { rows, total } = await withdrawals.pageByStatus(state, page, PAGE_SIZE);
      const users = await deps.users.findByIds(rows.map((w) => w.userId));
      return { data: rows.map((w) => toAdminWithdrawal(w, users.get(w.userId))), total };
    },

    /**
     * Approves: a withdrawal needing four eyes first waits for a second operator; the final
     * approval pays the held amount out of lock_balance (a ledger row of 0 on the balance,
     * which already gave it at the request). Four eyes counts the account's withdrawals of 24
     * hours under its lock (issue 24, item 3): one below the threshold that takes them to it
     * gets its first approval recorded and answers FOUR_EYES_REQUIRED, as its approver was
     * shown a single approval.
     */
    async approve(actor: AuditActor, id: number): Promise<AdminWithdrawal> {
      const found = await existing(id);
      const decided = await core.execute(found.userId, {
        name: 'withdrawal-approve',
        async run(ctx) {
          const withdrawals = ctx.repository(createWithdrawalsRepository);
          const before = (await withdrawals.find(id))!;
          const by = { id: actor.adminId, email: actor.email };
          const reviewing = before.status === 'reviewing';
          const split =
            reviewing &&
            !before.needsSecond &&
            (await withdrawals.waitingOrApprovedSince(before.userId, ctx.at - DAY_MS)) >= fourEyes;
          if (reviewing && (before.needsSecond || split)) {
            if (!(await withdrawals.firstApproval(id, by, ctx.at)))
              throw new AppError('WITHDRAWAL_STATE');
            const action = WITHDRAWAL.firstApproval.audit;
            return {
              after: await audit(ctx.trx, actor, action, before, id, ctx.at),
              noticeKey: undefined,
              split,
            };
          }
          const approval = finalApprovalFrom(before.status);
          if (!approval) throw new AppError('WITHDRAWAL_STATE');
          if (approval === WITHDRAWAL.secondApproval && before.firstApproverId === actor.adminId)
            throw new AppError('FOUR_EYES_REQUIRED');
          if (!(await withdrawals.finalApproval(id, approval, by, ctx.at)))
            throw new AppError('WITHDRAWAL_STATE');
          postWithdrawalStep(ctx, approval, id, asMicros(before.number));
          ctx.emit({ type: 'funding', change: 'withdrawal-paid-out', id });
          const after = await audit(ctx.trx, actor, approval.audit, before, id, ctx.at);
          const notice = withdrawalNotice(after, 'approved');
          return { after, noticeKey: await deps.notices.record(ctx.trx, notice), split: false };
        },
      });
      // Only the final approval is the trader's news.
      if (decided.noticeKey) await deps.notices.deliver(decided.noticeKey);
      const row = await adminRow(decided.after);
      if (decided.split) throw new AppError('FOUR_EYES_REQUIRED', {}, row);
      return row;
    },

    /** Rejects a withdrawal before it is paid out: the held amount returns to the balance. */
    async reject(actor: AuditActor, id: number, reason: string): Promise<AdminWithdrawal> {
      const found = await existing(id);
      const { rejected, noticeKey } = await core.execute(found.userId, {
        name: 'withdrawal-reject',
        async run(ctx) {
          const withdrawals = ctx.repository(createWithdrawalsRepository);
          const before = (await withdrawals.find(id))!;
          if (!(await withdrawals.reject(id, reason, ctx.at)))
            throw new AppError('WITHDRAWAL_STATE');
          postWithdrawalStep(ctx, WITHDRAWAL.reject, id, asMicros(before.number));
          ctx.emit({ type: 'funding', change: 'withdrawal-returned', id });
          const after = await audit(ctx.trx, actor, WITHDRAWAL.reject.audit, before, id, ctx.at);
          const notice = withdrawalNotice(after, 'rejected', { reason });
          return { rejected: after, noticeKey: await deps.notices.record(ctx.trx, notice) };
        },
      });
      await deps.notices.deliver(noticeKey);
      return adminRow(rejected);
    },

    /** Records the transfer of an approved withdrawal; no money moves in the account. */
    async paid(actor: AuditActor, id: number, reference: string): Promise<AdminWithdrawal> {
      const before = await existing(id);
      const { paid, noticeKey } = await db.transaction().execute(async (trx) => {
        const at = deps.now();
        if (!(await withdrawals.paid(id, reference, at, trx)))
          throw new AppError('WITHDRAWAL_STATE');
        const after = await audit(trx, actor, WITHDRAWAL.paid.audit, before, id, at);
        const notice = withdrawalNotice(after, 'paid', { reference });
        return { paid: after, noticeKey: await deps.notices.record(trx, notice) };
      });
      await deps.notices.deliver(noticeKey);
      return adminRow(paid);
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
