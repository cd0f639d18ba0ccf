import type { AccountCommand } from '../../platform/core/command-core.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { UserRecord } from '../users/index.ts';
import { ownOrder } from './account-orders.ts';
import { closeAtMarket } from './order-exits.ts';
import { ORDER } from './order-lifecycle.ts';
import type { OrderRecord } from './order-record.ts';
import { runForTrader, type TradingDeps, type TradingRules } from './trading-rules.ts';

/** The trader closes a position by hand, at the price of now. */
export function closePosition(
  deps: Pick<TradingDeps, 'core' | 'rules'>,
  user: UserRecord,
  orderId: number,
): Promise<OrderRecord> {
  return runForTrader(deps.core, user, closePositionCommand(deps.rules, orderId));
}

export function closePositionCommand(
  rules: Pick<TradingRules, 'market'>,
  orderId: number,
): AccountCommand<OrderRecord> {
  const { market } = rules;
  return {
    // Stryker disable next-line StringLiteral: a command's name reaches only logs and errors
    name: 'close',
    async run(ctx) {
      const order = await ownOrder(ctx, orderId, ORDER.close);
      // Outside the session there is no price to close at: say so, and when it can be done.
      if (!market.isOpen(market.instrument(order.instrumentId)))
        throw new AppError('MARKET_CLOSED_FOR_CLOSE');
      return closeAtMarket(ctx, market, order, 'manual');
    },
  };
}
