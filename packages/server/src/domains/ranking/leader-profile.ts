import type { EquityCurve, EquityPeriod, LeaderProfile } from '@tradedesk/contract';
import type { Micros } from '@tradedesk/engine';
import { AppError } from '../../platform/http/app-error.ts';
import { isCopyable, isVisible } from '../copying/index.ts';
import { pointsToNumber, type QuoteReader } from '../market/index.ts';
import { isHolding, type OrdersRepository } from '../trading/index.ts';
import type { EquitySeriesRepository } from './equity-series.repository.ts';
import { equityOf } from './equity-valuation.ts';
import type { LeaderEntry } from './leader-entry.ts';
import {
  DAY_MS,
  dailyReturns,
  dayOf,
  type EquityPoint,
  monthlyReturns,
  ratePercent,
  returnCurve,
} from './leader-figures.ts';
import { percent, usd } from './ranking-figures.ts';
import type { RankingSources } from './ranking-sources.ts';

/** Days of each equity curve period, today included ('all': the whole series). */
export const PERIOD_DAYS: Record<Exclude<EquityPeriod, 'all'>, number> = {
  '1m': 30,
  '3m': 91,
  '6m': 182,
  '1y': 365,
};

/**
 * A leader's profile and equity curve (follow/detail, follow/equity). The figures are the
 * ranking's of the last refresh, so the profile never contradicts the row that led to it; the
 * months and the curve are read from the series, the open positions from trading's orders and
 * valued now. Only a ranked trader who opted in has a profile: a demo user, a copy account, a
 * trader who did not opt in, a hidden or an unknown one is LEADER_NOT_FOUND alike (opting out
 * and hiding take effect at once, not at the next refresh).
 */
export function createLeaderProfiles(deps: {
  sources: Pick<RankingSources, 'copying' | 'orders' | 'ledger'>;
  series: Pick<EquitySeriesRepository, 'seriesOf'>;
  now: () => number;
  leader: (id: number) => LeaderEntry | undefined;
  /** The live market and trading's orders, when this node has a market. */
  trading?: { market: QuoteReader; orders: Pick<OrdersRepository, 'liveOf'> };
}) {
  const { sources, series } = deps;

  async function rankedLeader(id: number) {
    const entry = deps.leader(id);
    // Asked of the database, not the snapshot: opting out or being hidden takes effect at once.
    const allowed = await sources.copying.leaderSettings(id);
    if (!entry || !isVisible(allowed)) throw new AppError('LEADER_NOT_FOUND');
    return { entry, copyable: isCopyable(allowed) };
  }

  async function seriesOf(id: number): Promise<EquityPoint[]> {
    return (await series.seriesOf([id])).get(id) ?? [];
  }

  /** Open positions with their margin as a share of the leader's equity now. */
  async function positions(id: number): Promise<LeaderProfile['positions']> {
    // Without a market (a node started with the feed off) there is no quote to value them at.
    if (!deps.trading) return [];
    const { market, orders } = deps.trading;
    const live = await orders.liveOf(id);
    const equity: Micros = equityOf(await sources.ledger.balanceOf(id), live, market);
    return live.filter(isHolding).map((o) => {
      const { code, precision } = market.instrument(o.instrumentId);
      return {
        code,
        side: o.side === 'buy' ? (1 as const) : (2 as const),
        open_price: pointsToNumber(Number(o.openPrice!), precision),
        price_precision: precision,
        // No share of nothing: an equity at or below 0 shows 0.
        size_rate: equity > 0n ? percent(o.margin, equity) : 0,
        opened_at: o.openedAt ?? o.createdAt,
      };
    });
  }

  return {
    async detail(id: number, caller: { id: number } | null): Promise<LeaderProfile> {
      const { entry, copyable } = await rankedLeader(id);
      const points = await seriesOf(id);
      return {
        ...entry.figures,
        since: await sources.orders.firstOpenedAt(id),
        monthly: monthlyReturns(points, dailyReturns(points)).map((m) => ({
          month: m.month,
          return_rate: ratePercent(m.rate),
        })),
        instruments: entry.instruments,
        positions: await positions(id),
        my_copy_id: caller ? await sources.copying.runningCopyOf(caller.id, id) : 0,
        copyable: copyable && caller?.id !== id,
      };
    },

    async equity(id: number, period: EquityPeriod): Promise<EquityCurve> {
      await rankedLeader(id);
      const points = await seriesOf(id);
      const fromDay =
        period === 'all' ? Number.NEGATIVE_INFINITY : dayOf(deps.now()) - PERIOD_DAYS[period] + 1;
      return {
        period,
        points: returnCurve(points, fromDay).map((p) => ({
          time: (p.day * DAY_MS) / 1000,
          equity: usd(p.equity),
          return_rate: ratePercent(p.cumulative),
        })),
      };
    },
  };
}

export type LeaderProfiles = ReturnType<typeof createLeaderProfiles>;
