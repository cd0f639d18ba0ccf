import type { FundingNoticeKind } from '@tradedesk/contract';
import type { AccountEvent } from '../../platform/core/account-commit.ts';
import type { CommandContext } from '../../platform/core/command-core.ts';
import type { TraderNotice } from '../../platform/notify/trader-notices.ts';
import type { ChoiceExecutor } from '../notifications/index.ts';
import type { DepositOutcome } from './deposit-lifecycle.ts';
import type { DepositRecord } from './deposits.repository.ts';
import type { FundingChange } from './funding-events.ts';
import { CURRENCY_SCALE, decimalText, USD_SCALE, wireNumber } from './funding-units.ts';
import type { WithdrawalRecord } from './withdrawals.repository.ts';
import './funding-events.ts';

/** How a withdrawal was decided, as its notice names it. */
export type WithdrawalOutcome = 'approved' | 'rejected' | 'paid';

/**
 * A decision the trader is told of, twice from one place: the notice (e-mail, or SMS) recorded
 * in the decision's transaction, and the event its command emits, which reaches the trader's
 * open app on any node as the socket's FUNDING (ARCHITECTURE.md: through the outbox and the
 * bus). Both carry the same key, naming the deposit or withdrawal and the outcome.
 */
export interface FundingDecision {
  notice: TraderNotice;
  event: AccountEvent;
}

/**
 * The trader's notices on a command's transaction (ctx.repository): recorded with the decision,
 * by the trader's choices (issue 41: push, e-mail); answers the keys to deliver after commit.
 */
export type NoticesOn = (executor: ChoiceExecutor) => {
  record(notice: TraderNotice): Promise<string[]>;
};

/**
 * Tells the trader of a decision from inside its command: the event goes out with the commit,
 * the notice is recorded in the command's transaction. Answers the notices' keys, delivered once
 * the command committed.
 */
export function announce(
  ctx: CommandContext,
  noticesOn: NoticesOn,
  decision: FundingDecision,
): Promise<string[]> {
  ctx.emit(decision.event);
  return ctx.repository(noticesOn).record(decision.notice);
}

const WITHDRAWAL_CHANGES = {
  approved: 'withdrawal-paid-out',
  rejected: 'withdrawal-returned',
  paid: 'withdrawal-transferred',
} as const satisfies Record<WithdrawalOutcome, FundingChange>;

/** A withdrawal as decided (`w` read after the decision): approved, rejected or paid. */
export function withdrawalDecision(
  w: WithdrawalRecord,
  outcome: WithdrawalOutcome,
  at: number,
): FundingDecision {
  const key = `withdrawal:${w.id}:${outcome}`;
  const kind: FundingNoticeKind = `withdrawal_${outcome}`;
  const note = outcome === 'rejected' ? w.reason : outcome === 'paid' ? w.reference : '';
  return {
    notice: {
      key,
      userId: w.userId,
      kind,
      language: w.language,
      vars: {
        number: decimalText(w.number, USD_SCALE),
        real_number: decimalText(w.realNumber, CURRENCY_SCALE),
        currency: w.currencyCode,
        ...(outcome === 'rejected' && { reason: note }),
        ...(outcome === 'paid' && { reference: note }),
      },
    },
    event: {
      type: 'funding',
      change: WITHDRAWAL_CHANGES[outcome],
      id: w.id,
      notice: {
        key,
        kind,
        id: w.id,
        number: wireNumber(w.number, USD_SCALE),
        currency: w.currencyCode,
        real_number: wireNumber(w.realNumber, CURRENCY_SCALE),
        note,
        at,
      },
    },
  };
}

/** A deposit as decided (`d` read after the decision): credited, rejected or marked invalid. */
export function depositDecision(
  d: DepositRecord,
  outcome: DepositOutcome,
  at: number,
): FundingDecision {
  const key = `deposit:${d.id}:${outcome}`;
  const kind: FundingNoticeKind = `deposit_${outcome}`;
  const credited = outcome === 'credited' ? (d.credited ?? 0n) : null;
  const note = outcome === 'credited' ? '' : d.remark;
  return {
    notice: {
      key,
      userId: d.userId,
      kind,
      language: d.language,
      vars: {
        number: decimalText(d.number, CURRENCY_SCALE),
        currency: d.currencyCode,
        ...(credited === null ? { reason: note } : { amount: decimalText(credited, USD_SCALE) }),
      },
    },
    event: {
      type: 'funding',
      change: credited === null ? 'deposit-refused' : 'deposit-credited',
      id: d.id,
      notice: {
        key,
        kind,
        id: d.id,
        number: wireNumber(d.number, CURRENCY_SCALE),
        currency: d.currencyCode,
        ...(credited !== null && { amount: wireNumber(credited, USD_SCALE) }),
        note,
        at,
      },
    },
  };
}
