import type { ForexDetail, MarginCallPush, StopOutAt } from '@tradedesk/contract';
import type { TFunction } from 'i18next';
import { formatMoney, formatPercent, formatPrice } from './format.ts';

/**
 * The margin level below which an account is in margin call when the server does not say
 * (MARGIN_CALL_LEVEL's default, MT5's usual): servers before issue 40's margin call sent no
 * `margin_call_level`.
 */
export const DEFAULT_MARGIN_CALL_LEVEL = 100;

/** An account in margin call: its margin level, the level it fell below, where stop-out is. */
export interface MarginCall {
  /** Percent. */
  level: number;
  /** Percent. */
  callLevel: number;
  /** Where the largest position's price would bring stop-out; null when none would. */
  stopOutAt: StopOutAt | null;
}

/**
 * Whether the account is in margin call (issue 40, MT5's "Margin Call"): positions open and a
 * margin level above 0 but below the margin call level. Null when it is not.
 */
export function marginCallOf(
  detail: Pick<ForexDetail, 'current_margin' | 'prepayment_ratio'> &
    Partial<Pick<ForexDetail, 'margin_call_level' | 'stop_out_at'>>,
): MarginCall | null {
  const callLevel = detail.margin_call_level ?? DEFAULT_MARGIN_CALL_LEVEL;
  const level = detail.prepayment_ratio;
  if (!(detail.current_margin > 0 && level > 0 && level < callLevel)) return null;
  return { level, callLevel, stopOutAt: stopOutPoint(detail.stop_out_at) };
}

/** A stop-out price worth saying: one that exists (0 means no price of it would do it). */
function stopOutPoint(at: StopOutAt | null | undefined): StopOutAt | null {
  return at && at.Price > 0 ? at : null;
}

/** "Stop-out if EURUSD reaches 1.07012", or null when no price would bring it. */
export function stopOutText(t: TFunction, at: StopOutAt | null): string | null {
  if (!at) return null;
  return t('account.stop_out_at', {
    code: at.Code,
    price: formatPrice(at.Price, at.PricePrecision),
  });
}

/** "Margin level 85.20% is below the margin call level of 100.00%." */
export function marginCallDetail(t: TFunction, call: Pick<MarginCall, 'level' | 'callLevel'>) {
  return t('account.margin_call_detail', {
    level: formatPercent(call.level),
    call: formatPercent(call.callLevel),
  });
}

/**
 * A MARGIN_CALL push's lines: the state, the level it fell below (the second one, halfway to
 * stop-out, at stage 2), where stop-out is, and the deposit that ends the call.
 */
export function marginCallToastLines(t: TFunction, push: MarginCallPush): string[] {
  const second = push.stage === 2 && push.second_level !== undefined;
  const call = {
    level: push.level,
    callLevel: second ? push.second_level : push.margin_call_level,
  };
  const stopOut = stopOutText(t, stopOutPoint(push.stop_out_at));
  const deposit =
    push.deposit > 0
      ? t('account.margin_call_deposit', {
          amount: formatMoney(push.deposit),
          call: formatPercent(push.margin_call_level),
        })
      : null;
  return [
    t('account.margin_call'),
    marginCallDetail(t, call),
    ...(stopOut ? [stopOut] : []),
    ...(deposit ? [deposit] : []),
  ];
}
