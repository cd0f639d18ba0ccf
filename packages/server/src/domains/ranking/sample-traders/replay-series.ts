import { sumMicros } from '@tradedesk/engine';
import type { LedgerReads } from '../../../platform/core/ledger-reads.ts';
import type { OrdersRepository } from '../../trading/index.ts';
import type { EquitySeriesRepository } from '../equity-series.repository.ts';
import { FLOW_KINDS } from '../equity-tracking.ts';
import { equityOf, type Quotes } from '../equity-valuation.ts';
import { dayOf } from '../leader-figures.ts';

/**
 * A bot's daily equity series through its replay: the points the series job would have
 * written had it run then. As the replay's clock passes midnight, each day behind it gets the
 * point the job writes — the equity at that moment (valued at the replayed quote) and the
 * flows since the point before — and a day the market was closed gets one too (the equity
 * stood still), as every day of the live series does. Today is the live job's.
 */
export function createReplaySeries(deps: {
  orders: Pick<OrdersRepository, 'liveOf'>;
  /** The bot's balance and flows, read as the accounts hold them. */
  ledger: Pick<LedgerReads, 'balanceOf' | 'rowsOfKinds'>;
  series: Pick<EquitySeriesRepository, 'upsert'>;
  /** The replay's market: its quote is the replayed one. */
  market: Quotes;
  userId: number;
}) {
  /** The first day without a point yet, and the moment the last point was sampled. */
  let nextDay: number | undefined;
  let since: number | null = null;

  /** Writes the point of every day before `at`'s that has none, as sampled at `clock`. */
  async function passTo(at: number, clock: number): Promise<void> {
    const today = dayOf(at);
    nextDay ??= dayOf(clock);
    if (nextDay >= today) return;
    const live = await deps.orders.liveOf(deps.userId);
    const equity = equityOf(await deps.ledger.balanceOf(deps.userId), live, deps.market);
    const { rows: flows } = await deps.ledger.rowsOfKinds([deps.userId], FLOW_KINDS);
    const inflow = sumMicros(
      flows.filter((f) => since === null || f.at > since).map((f) => f.amount),
    );
    const points = [];
    for (let day = nextDay; day < today; day++)
      points.push({
        accountId: deps.userId,
        day,
        equity,
        // The flows belong to the first day written; the days after it had none.
        flows: day === nextDay ? inflow : sumMicros([]),
        sampledAt: clock,
      });
    await deps.series.upsert(points);
    since = clock;
    nextDay = today;
  }

  return { passTo };
}
