import type { ForexDetail } from '@tradedesk/contract';
import { sumMicros, ZERO_MICROS } from '@tradedesk/engine';
import type { UserRecord } from '../users/index.ts';
import { accountDetail, stopOutPercent } from './account-detail.ts';
import { marginCallOf } from './margin-call.ts';
import { isHolding } from './order-lifecycle.ts';
import { liveFigures } from './order-wire.ts';
import { figuresOver, pendingOf, valuePositions } from './position-values.ts';
import type { TradingDeps } from './trading-rules.ts';

// An account as it stands now, read from the database and valued at the quotes of now: the
// trader's forexDetail, and the figures other domains show of an account (a copy's page).

/** Account figures (forexDetail): the balance and the open positions valued now. */
export async function forexDetail(
  deps: Pick<TradingDeps, 'core' | 'rules' | 'orders'>,
  user: UserRecord,
): Promise<ForexDetail> {
  const { market, stopOutLevel, marginCallLevel } = deps.rules;
  const account = await deps.core.open(user.id);
  const live = await deps.orders.liveOf(user.id);
  const reserved = sumMicros(pendingOf(live).map((p) => p.reserve));
  const { stopOutAt } = marginCallOf(deps.rules, figuresOver(market, account.balance, live), live);
  return {
    ...accountDetail(account, valuePositions(market, live), reserved),
    stop_out_level: stopOutPercent(stopOutLevel),
    margin_call_level: stopOutPercent(marginCallLevel),
    stop_out_at: stopOutAt,
  };
}

/** An account's figures and open positions valued now, from the database (a page). */
export async function accountNow(
  deps: Pick<TradingDeps, 'rules' | 'orders' | 'accounts'>,
  accountId: number,
) {
  const { market } = deps.rules;
  const account = await deps.accounts.find(accountId);
  const live = await deps.orders.liveOf(accountId);
  const figures = figuresOver(market, account?.balance ?? ZERO_MICROS, live);
  const positions = live
    .filter(isHolding)
    .map((order) => ({ order, live: liveFigures(order, market) }));
  return { figures, positions };
}
