import type { LedgerReads } from '../../platform/core/ledger-reads.ts';
import type { CopyingReads } from '../copying/index.ts';
import type { MarketRepository } from '../market/index.ts';
import type { OrderReads } from '../trading/index.ts';
import type { UserDirectory } from '../users/index.ts';
import type { ClosedPosition } from './ranking-figures.ts';

/**
 * What the ranking reads of other domains (issue 38), each through its owner's public reads on
 * the root database: the ranking is a read model over users, trading's orders, copy trading,
 * the market's instruments and the accounts — it owns only its series and its bots.
 */
export interface RankingSources {
  users: Pick<UserDirectory, 'realTraderIds' | 'contactsOf'>;
  orders: OrderReads;
  copying: CopyingReads;
  /** The catalogue and its stored candles (the bots' history). */
  market: Pick<MarketRepository, 'instruments' | 'recentCandles'>;
  ledger: Pick<LedgerReads, 'balanceOf' | 'rowsOfKinds'>;
}

/**
 * Closed positions of real traders, by trader (a P&L, not a cancelled order). Demo accounts
 * never count, and neither do copy accounts: their trades are their leader's, mirrored. Nor a
 * disabled login: no one to follow (copying refuses it too).
 */
export async function closedPositions(
  sources: Pick<RankingSources, 'users' | 'orders'>,
): Promise<Map<number, ClosedPosition[]>> {
  const traders = await sources.users.realTraderIds();
  const closed = await sources.orders.closedPositionsOf(traders);
  const byUser = new Map<number, ClosedPosition[]>();
  for (const [userId, orders] of closed)
    byUser.set(
      userId,
      orders.map((order) => {
        const closedAt = order.closedAt ?? 0;
        return {
          id: order.id,
          instrumentId: order.instrumentId,
          leverage: order.leverage,
          margin: order.margin,
          pnl: order.pnl,
          openedAt: order.openedAt ?? closedAt,
          closedAt,
        };
      }),
    );
  return byUser;
}

/** Every instrument's code by id (the catalogue, whether or not this node runs a market). */
export async function instrumentCodes(
  sources: Pick<RankingSources, 'market'>,
): Promise<Map<number, string>> {
  return new Map((await sources.market.instruments()).map((i) => [i.id, i.code]));
}
