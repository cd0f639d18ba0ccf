import {
  type BoundMethod,
  type DepositRecord as DepositWire,
  DRAW_TYPES,
  type DrawCurrency,
  type FundingStepRow,
  type Language,
  type WithdrawRecord,
} from '@tradedesk/contract';
import type { AdminDeposit, AdminWithdrawal } from '@tradedesk/contract/admin';
import { translateMessage } from '@tradedesk/contract/messages';
import { wireTime } from '../../platform/http/wire-time.ts';
import { uploadUrlOf } from '../uploads/index.ts';
import type { UserRecord } from '../users/index.ts';
import type { DrawCurrencyRecord } from './channels.repository.ts';
import { DEPOSIT, depositStatus } from './deposit-lifecycle.ts';
import type { DepositRecord } from './deposits.repository.ts';
import type { DrawMethodRecord } from './draw-methods.repository.ts';
import { CURRENCY_SCALE, decimalText, RATE_SCALE, USD_SCALE, wireNumber } from './funding-units.ts';
import { WITHDRAWAL, withdrawalStatus } from './withdrawal-lifecycle.ts';
import type { WithdrawalRecord } from './withdrawals.repository.ts';

const step = (name: FundingStepRow['step'], at: number, note = ''): FundingStepRow => ({
  step: name,
  at: wireTime(at),
  note,
});

/** Where a deposit stands, oldest step first: what the trader reads asking "where is my money?". */
export function depositTimeline(d: DepositRecord): FundingStepRow[] {
  const steps = [step('submitted', d.createdAt)];
  if (d.reviewedAt === null) return steps;
  if (d.status === DEPOSIT.credit.to)
    steps.push(step('credited', d.reviewedAt, `${decimalText(d.credited ?? 0n, USD_SCALE)} USD`));
  if (d.status === DEPOSIT.reject.to) steps.push(step('rejected', d.reviewedAt, d.remark));
  if (d.status === DEPOSIT.invalidate.to) steps.push(step('invalid', d.reviewedAt, d.remark));
  return steps;
}

export function withdrawalTimeline(w: WithdrawalRecord): FundingStepRow[] {
  const steps = [step('submitted', w.createdAt)];
  if (w.firstApprovedAt !== null) steps.push(step('approved', w.firstApprovedAt));
  if (w.approvedAt !== null)
    steps.push(step(w.needsSecond ? 'second_approval' : 'approved', w.approvedAt));
  if (w.paidAt !== null) steps.push(step('paid', w.paidAt, w.reference));
  if (w.rejectedAt !== null) {
    steps.push(step('rejected', w.rejectedAt, w.reason));
    steps.push(step('returned', w.rejectedAt, `${decimalText(w.number, USD_SCALE)} USD`));
  }
  return steps;
}

export function toDepositWire(d: DepositRecord): DepositWire {
  return {
    id: d.id,
    number: wireNumber(d.number, CURRENCY_SCALE),
    type: d.type,
    currency_code: d.currencyCode,
    protocol_code: d.protocolCode,
    status: depositStatus.codeOf(d.status),
    created_at: wireTime(d.createdAt),
    remark: d.remark,
    credited: wireNumber(d.credited ?? 0n, USD_SCALE),
    timeline: depositTimeline(d),
  };
}

export function toWithdrawWire(w: WithdrawalRecord, language: Language): WithdrawRecord {
  return {
    id: w.id,
    number: wireNumber(w.number, USD_SCALE),
    real_number: wireNumber(w.realNumber, CURRENCY_SCALE),
    draw_currency: { code: w.currencyCode, protocol: w.protocol },
    fee: wireNumber(w.fee, USD_SCALE),
    status: withdrawalStatus.codeOf(w.status),
    status_name: translateMessage(language, `withdraw.status_${withdrawalStatus.codeOf(w.status)}`),
    created_at: wireTime(w.createdAt),
    type: w.type,
    address: w.type === DRAW_TYPES.coin ? w.destination : '',
    payee_account: w.payeeAccount,
    memo: w.memo,
    notes: w.status === WITHDRAWAL.reject.to ? w.reason : w.reference,
    timeline: withdrawalTimeline(w),
  };
}

export function toDrawCurrencyWire(c: DrawCurrencyRecord): DrawCurrency {
  return {
    id: c.id,
    code: c.code,
    protocol: c.protocol,
    draw_rate: wireNumber(c.drawRate, RATE_SCALE),
    fee_type: c.feeType,
    usd_price: wireNumber(c.usdPrice, RATE_SCALE),
    min: wireNumber(c.min, USD_SCALE),
    max: wireNumber(c.max, USD_SCALE),
  };
}

export function toBoundMethodWire(
  m: DrawMethodRecord,
  currency: Pick<DrawCurrencyRecord, 'code' | 'protocol'> | undefined,
  now: number,
): BoundMethod {
  return {
    id: m.id,
    type: m.type,
    draw_id: m.drawCurrencyId,
    draw_currency: { code: currency?.code ?? '', protocol: currency?.protocol ?? '' },
    dc_address: m.dcAddress,
    bank_name: m.bankName,
    bank_address: m.bankAddress,
    bank_swift: m.bankSwift,
    payee_name: m.payeeName,
    payee_account: m.payeeAccount,
    currency: m.currency,
    remark: m.remark,
    created_at: wireTime(m.createdAt),
    usable_at: wireTime(m.usableAt),
    usable: now >= m.usableAt,
  };
}

type Trader = Pick<UserRecord, 'id' | 'uid' | 'email' | 'mobile'>;

const traderColumns = (user: Trader | undefined, userId: number) => ({
  user_id: userId,
  uid: user?.uid ?? '',
  email: user?.email ?? null,
  mobile: user?.mobile ?? null,
});

export function toAdminDeposit(
  d: DepositRecord,
  user: Trader | undefined,
  extra: { priceUsd: bigint; credit: bigint; duplicates: number[]; needsSecond: boolean },
): AdminDeposit {
  return {
    id: d.id,
    ...traderColumns(user, d.userId),
    type: d.type,
    currency_code: d.currencyCode,
    protocol_code: d.protocolCode,
    destination: d.destination,
    number: wireNumber(d.number, CURRENCY_SCALE),
    price_usd: decimalText(extra.priceUsd, RATE_SCALE),
    credit: decimalText(extra.credit, USD_SCALE),
    proof_img: uploadUrlOf(d.proofUpload),
    duplicates: extra.duplicates,
    status: depositStatus.codeOf(d.status),
    remark: d.remark,
    created_at: d.createdAt,
    reviewed_at: d.reviewedAt,
    reviewer: d.reviewerEmail,
    needs_second: extra.needsSecond,
    first_approval:
      d.firstApprovedAt === null
        ? null
        : { operator: d.firstApproverEmail ?? '', at: d.firstApprovedAt },
    timeline: depositTimeline(d),
  };
}

export function toAdminWithdrawal(w: WithdrawalRecord, user: Trader | undefined): AdminWithdrawal {
  const approvals = [];
  if (w.firstApprovedAt !== null)
    approvals.push({ operator: w.firstApproverEmail ?? '', at: w.firstApprovedAt });
  if (w.approvedAt !== null) approvals.push({ operator: w.approverEmail ?? '', at: w.approvedAt });
  return {
    id: w.id,
    ...traderColumns(user, w.userId),
    type: w.type,
    currency_code: w.currencyCode,
    protocol: w.protocol,
    number: decimalText(w.number, USD_SCALE),
    fee: decimalText(w.fee, USD_SCALE),
    real_number: decimalText(w.realNumber, CURRENCY_SCALE),
    destination: w.destination,
    payee_name: w.payeeName,
    memo: w.memo,
    status: withdrawalStatus.codeOf(w.status),
    needs_second: w.needsSecond,
    approvals,
    reason: w.reason,
    reference: w.reference,
    created_at: w.createdAt,
    timeline: withdrawalTimeline(w),
  };
}
