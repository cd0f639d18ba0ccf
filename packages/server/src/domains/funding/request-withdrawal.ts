import { createHash } from 'node:crypto';
import {
  DRAW_TYPES,
  type DrawRequest,
  type Language,
  type WithdrawRecord,
} from '@tradedesk/contract';
import { type Micros, withdrawalQuote } from '@tradedesk/engine';
import type { CommandContext } from '../../platform/core/command-core.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { wireTime } from '../../platform/http/wire-time.ts';
import type { UserRecord } from '../users/index.ts';
import { createChannelsRepository, type DrawCurrencyRecord } from './channels.repository.ts';
import { createDrawMethodsRepository, type DrawMethodRecord } from './draw-methods.repository.ts';
import type { FundingDeps } from './funding-deps.ts';
import { CURRENCY_LIMIT, largestWithdrawal } from './funding-limits.ts';
import { decimalText, parseUsdAmount, USD_SCALE } from './funding-units.ts';
import { toWithdrawWire } from './funding-wire.ts';
import { postWithdrawalStep, WITHDRAWAL } from './withdrawal-lifecycle.ts';
import { createWithdrawalsRepository, type WithdrawalRecord } from './withdrawals.repository.ts';
import './funding-events.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type Deps = Pick<FundingDeps, 'core' | 'confirmPassword' | 'limits'>;

/** A trader's request, as the command under the account's lock checks and holds it. */
interface Request {
  user: UserRecord;
  params: DrawRequest;
  /** The Idempotency-Key header, and the hash of the request it must come with. */
  key: string | undefined;
  hash: string;
  language: Language;
}

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

/** Where a withdrawal goes, in one line: the address, or the bank account. */
const destinationOf = (m: DrawMethodRecord) =>
  m.type === DRAW_TYPES.coin ? m.dcAddress : `${m.bankName} · ${m.bankSwift} · ${m.payeeAccount}`;

/**
 * Holds a withdrawal (DECISIONS.md Funding, SPEC.md §9): the amount moves from balance to
 * lock_balance, one ledger row through the command core. Every rule is checked under the
 * account's lock, against what the database holds, so that racing requests can never take
 * more than the account has. The account's password confirms it first, outside the lock
 * (hashing is slow): a stolen session alone cannot send the balance to an address.
 */
export async function requestWithdrawal(
  deps: Deps,
  user: UserRecord,
  params: DrawRequest,
  key: string | undefined,
  language: Language,
): Promise<WithdrawRecord> {
  if (!params.password) throw new AppError('PASSWORD_REQUIRED');
  await deps.confirmPassword(user, params.password);
  const request = { user, params, key, hash: drawRequestHash(params), language };
  const held = await deps.core.execute(
    user.id,
    { name: 'withdrawal-hold', run: (ctx) => hold(ctx, deps, request) },
    { create: true },
  );
  return toWithdrawWire(held, language);
}

async function hold(ctx: CommandContext, deps: Deps, request: Request): Promise<WithdrawalRecord> {
  const { user, params, key, hash } = request;
  const withdrawals = ctx.repository(createWithdrawalsRepository);
  if (key) {
    const first = await withdrawals.findByKey(user.id, key);
    if (first && first.requestHash !== hash) throw new AppError('WITHDRAW_IDEMPOTENCY_MISMATCH');
    if (first) return first;
  }
  const currency = await ctx
    .repository(createChannelsRepository)
    .drawCurrency(params.draw_currency_id);
  if (!currency?.enabled) throw new AppError('FUNDING_CHANNEL_NOT_FOUND');
  const method = await ctx
    .repository(createDrawMethodsRepository)
    .own(user.id, params.draw_method_id);
  if (!method || method.drawCurrencyId !== currency.id) throw new AppError('METHOD_NOT_BOUND');
  if (method.usableAt > ctx.at)
    throw new AppError('METHOD_COOLING', { time: wireTime(method.usableAt) });

  const amount = parseUsdAmount(params.number);
  const quote = quoteWithin(amount, currency);
  const available = await ctx.available();
  if (amount > available)
    throw new AppError('INSUFFICIENT_FUNDS', { available: decimalText(available, USD_SCALE) });
  const requested = await withdrawals.requestedSince(user.id, ctx.at - DAY_MS);
  checkDailyLimit(requested, amount, deps.limits.dailyLimit);

  const bank = method.type === DRAW_TYPES.bank;
  const withdrawal = await withdrawals.insert({
    userId: user.id,
    type: currency.type,
    drawCurrencyId: currency.id,
    methodId: method.id,
    currencyCode: currency.code,
    protocol: currency.protocol,
    destination: destinationOf(method),
    payeeAccount: bank ? method.payeeAccount : '',
    payeeName: bank ? method.payeeName : '',
    number: amount,
    fee: quote.fee,
    realNumber: quote.receive,
    memo: params.memo ?? '',
    needsSecond: amount >= deps.limits.withdrawalFourEyes,
    idempotencyKey: key ?? null,
    requestHash: key ? hash : null,
    language: request.language,
    createdAt: ctx.at,
  });
  postWithdrawalStep(ctx, WITHDRAWAL.request, withdrawal.id, amount);
  ctx.emit({ type: 'funding', change: 'withdrawal-held', id: withdrawal.id });
  return withdrawal;
}

/** The fee and payout of `amount`, refused outside the currency's bounds. */
function quoteWithin(amount: Micros, currency: DrawCurrencyRecord) {
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
  return quote;
}

/** The account's requests of 24 hours, this one with them, within the daily limit. */
function checkDailyLimit(requested: bigint, amount: bigint, dailyLimit: bigint): void {
  if (requested + amount <= dailyLimit) return;
  throw new AppError('DAILY_LIMIT_EXCEEDED', {
    limit: decimalText(dailyLimit, USD_SCALE),
    left: decimalText(requested >= dailyLimit ? 0n : dailyLimit - requested, USD_SCALE),
  });
}
