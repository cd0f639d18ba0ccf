import type { FastifyBaseLogger } from 'fastify';
import type { OrderReads, OrdersRepository, TradingService } from '../../trading/index.ts';
import type { UsersRepository } from '../../users/index.ts';
import type { SampleTradersRepository } from './sample-traders.repository.ts';
import type { SampleTradersMarket } from './sample-traders-market.ts';
import { requestOf, type Strategy } from './strategies.ts';

/** How often the bots look at the live market (they decide on 5-minute candles). */
export const LIVE_MS = 300_000;
/** Live positions one bot may open within 24 hours, so a long-running node stays small. */
export const MAX_LIVE_TRADES_PER_DAY = 24;
const DAY_MS = 86_400_000;

/** What a live round runs on: the lease and the bots, the market, and trading's service. */
export interface LiveDeps {
  samples: Pick<SampleTradersRepository, 'holdLease' | 'bots'>;
  market: SampleTradersMarket;
  orders: Pick<OrdersRepository, 'ofUser'>;
  orderReads: Pick<OrderReads, 'placedSince'>;
  users: Pick<UsersRepository, 'findById'>;
  trading: Pick<TradingService, 'close' | 'openMarket'>;
  log: FastifyBaseLogger;
}

/**
 * One look at the live market by every bot, if this node holds the lease (or takes it once
 * the last holder's ran out): each bot decides on the 5-minute candles and trades through the
 * ordinary trading service, at most MAX_LIVE_TRADES_PER_DAY opens a day.
 */
export async function tradeLive(
  deps: LiveDeps,
  strategies: readonly Strategy[],
  run: { node: string; at: number; stopped: () => boolean },
): Promise<void> {
  const { market } = deps;
  const { at } = run;
  if (!(await deps.samples.holdLease(run.node, at, at + 3 * LIVE_MS))) return;
  for (const bot of await deps.samples.bots()) {
    if (run.stopped()) return;
    const strategy = strategies.find((s) => s.name === bot.strategy);
    const user = await deps.users.findById(bot.userId);
    const record = strategy && market.tradeList(strategy.code)[0];
    if (!strategy || !user || !record) continue;
    if (!market.isOpen(market.instrument(record.Id))) continue;
    const closes = market.kline(record.Id, '5min').map((c) => c.Close);
    const open = (await deps.orders.ofUser(user.id, 'holding'))[0];
    const i = closes.length - 1;
    const holding = open && {
      side: open.side,
      openedAt: i - Math.floor((at - (open.openedAt ?? at)) / LIVE_MS),
    };
    const decision = strategy.decide(closes, i, holding, Math.floor(at / LIVE_MS));
    try {
      if (decision === 'close' && open) await deps.trading.close(user, open.id);
      else if (decision && decision !== 'close' && !open && (await roomToday(deps, user.id, at)))
        await deps.trading.openMarket(user, requestOf(strategy, record.Id, decision.open));
    } catch (error) {
      deps.log.debug({ err: error, strategy: strategy.name }, 'sample trader refused');
    }
  }
}

/** Whether the bot opened fewer than MAX_LIVE_TRADES_PER_DAY positions in the last day. */
async function roomToday(deps: LiveDeps, userId: number, at: number): Promise<boolean> {
  return (await deps.orderReads.placedSince(userId, at - DAY_MS)) < MAX_LIVE_TRADES_PER_DAY;
}
