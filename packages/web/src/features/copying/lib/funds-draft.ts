import { COPY_LIMITS } from '@tradedesk/contract';
import { MICROS_SCALE, type Micros, parseMicros } from '@tradedesk/engine';
import { amountToSend } from '../../../lib/amount-text.ts';

/** Money into a copy from the free balance, or back out of it. */
export type FundsDirection = 'add' | 'take-back';

export interface FundsProblem {
  key: 'copy.amount_required' | 'copy.amount_over_balance' | 'copy.take_back_too_much';
  values?: Record<string, number>;
}

function wireMicros(value: number): Micros {
  return parseMicros(value.toFixed(MICROS_SCALE));
}

/**
 * What the server would refuse, checked first: a positive amount; adding no more than the free
 * balance; taking back no more than leaves COPY_LIMITS.minAmount of equity in the copy (the
 * server also keeps the copy's open positions' margin, which only it knows).
 */
export function findFundsProblem(
  direction: FundsDirection,
  amountText: string,
  limits: { freeBalance: number | undefined; copyEquity: number },
): FundsProblem | null {
  const amount = amountToSend(amountText);
  if (amount === null) return { key: 'copy.amount_required' };
  const amountMicros = parseMicros(amount);
  if (direction === 'add')
    return limits.freeBalance !== undefined && amountMicros > wireMicros(limits.freeBalance)
      ? { key: 'copy.amount_over_balance' }
      : null;
  const left = wireMicros(limits.copyEquity) - amountMicros;
  return left < parseMicros(String(COPY_LIMITS.minAmount))
    ? { key: 'copy.take_back_too_much', values: { min: COPY_LIMITS.minAmount } }
    : null;
}

/** The signed decimal text add_funds takes: "250" adds, "-250" takes back. */
export function signedFundsAmount(direction: FundsDirection, amountText: string): string {
  const amount = amountToSend(amountText);
  if (amount === null) throw new Error('signedFundsAmount: no amount');
  return direction === 'add' ? amount : `-${amount}`;
}
