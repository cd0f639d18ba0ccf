import type { Copy } from '@tradedesk/contract';
import {
  divide,
  formatDecimal,
  LOT_SCALE,
  type Micros,
  microsToNumber,
  ZERO_MICROS,
} from '@tradedesk/engine';
import { pointsToNumber, type QuoteReader } from '../market/index.ts';
import type { OrdersRepository, TradingService } from '../trading/index.ts';
import type { CopyRecord } from './copies.repository.ts';
import { isRunning } from './copy-lifecycle.ts';
import { stopEquity } from './copy-stop.ts';
import type { CopyTradesRepository } from './copy-trades.repository.ts';

/** Skipped trades listed per copy. */
const SKIPPED_SHOWN = 20;

/** part / whole in %, 2 decimals, rounded half-up exactly (0 without a whole). */
const rate = (part: bigint, whole: bigint) =>
  whole > 0n ? Number(formatDecimal(divide(part * 10_000n, whole, 'half-up'), 2)) : 0;

const lots = (value: bigint) => Number(formatDecimal(value, LOT_SCALE));

const sideCode = (side: 'buy' | 'sell') => (side === 'buy' ? 1 : 2) as 1 | 2;

/**
 * A copy on the wire: its money now (equity and open positions at the current quotes, read
 * from the database), what it has done, and what it skipped and why.
 */
export function createCopyView(deps: {
  trades: Pick<CopyTradesRepository, 'skippedOf'>;
  trading: Pick<TradingService, 'accountNow'>;
  orders: Pick<OrdersRepository, 'findMany'>;
  market: QuoteReader;
  leaderName: (leaderId: number) => Promise<string>;
}) {
  const { market } = deps;
  const price = (instrumentId: number, points: bigint) =>
    pointsToNumber(Number(points), market.instrument(instrumentId).precision);

  return async function view(copy: CopyRecord): Promise<Copy> {
    const running = isRunning(copy);
    const now = running ? await deps.trading.accountNow(copy.accountId) : undefined;
    const equity: Micros = now?.figures.equity ?? ZERO_MICROS;
    const worth = running ? equity : copy.returned;
    const pnl = (worth - copy.invested) as Micros;
    const skipped = await deps.trades.skippedOf(copy.id, SKIPPED_SHOWN);
    const leaderOrders = new Map(
      (await deps.orders.findMany(skipped.map((s) => s.leaderOrderId))).map((o) => [o.id, o]),
    );
    return {
      id: copy.id,
      leader_id: copy.leaderId,
      leader: await deps.leaderName(copy.leaderId),
      status: copy.status,
      amount: microsToNumber(copy.invested),
      equity: microsToNumber(equity),
      pnl: microsToNumber(pnl),
      pnl_rate: rate(pnl, copy.invested),
      copy_sl_rate: copy.copySlRate,
      stop_equity: microsToNumber(stopEquity(copy)),
      returned: microsToNumber(copy.returned),
      stop_reason: copy.stopReason,
      created_at: copy.createdAt,
      stopped_at: copy.stoppedAt,
      mirrored: copy.mirrored,
      skipped_count: copy.skipped,
      positions: (now?.positions ?? []).map(({ order, live }) => ({
        id: order.id,
        code: market.instrument(order.instrumentId).code,
        side: sideCode(order.side),
        lots: lots(order.lots),
        open_price: price(order.instrumentId, order.openPrice!),
        price: price(order.instrumentId, live.updatePrice),
        price_precision: market.instrument(order.instrumentId).precision,
        pnl: microsToNumber(live.pnl),
      })),
      skipped: skipped.flatMap((s) => {
        const order = leaderOrders.get(s.leaderOrderId);
        if (!order) return [];
        return [
          {
            code: market.instrument(order.instrumentId).code,
            side: sideCode(order.side),
            leader_lots: lots(s.leaderLots),
            reason: s.reason,
            at: s.at,
          },
        ];
      }),
    };
  };
}
